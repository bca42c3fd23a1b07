#!/usr/bin/env bash
# Runs every built-in k6 scenario for real against the local images and keeps the summaries:
#   fixtures  (default) writes test/fixtures/k6/*.summary.json, the real k6 output the parser tests use
#   measure   prints rps and P95 for k6 -> echo and k6 -> nginx -> echo, with and without ECHO_DELAY_US
# Traffic goes to container IPs on a user-defined network (nginx resolves `echo` there), as the engine
# does. Everything it starts is removed on exit, also on failure or Ctrl-C.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
MODE=${1:-fixtures}
RUNS=${RUNS:-3}
ID="pg-k6check-$$"
OUT="$ROOT/test/fixtures/k6"
TMP=$(mktemp -d)

cleanup() {
  docker rm -f "$ID-nginx" "$ID-echo" >/dev/null 2>&1 || true
  docker network rm "$ID" >/dev/null 2>&1 || true
  rm -rf "$TMP"
}
trap cleanup EXIT

ip_of() { docker inspect -f '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}' "$1"; }

# Waits for a GET /health 200 from the host: the echo image has no shell for an in-container check.
wait_health() {
  for _ in $(seq 1 50); do
    curl -fsS -o /dev/null "http://$1:8080/health" 2>/dev/null && return 0
    sleep 0.2
  done
  echo "no /health answer from $1" >&2
  return 1
}

# (Re)starts echo with a default delay, then nginx, which resolves `echo` only when it starts.
start_stack() {
  docker rm -f "$ID-nginx" "$ID-echo" >/dev/null 2>&1 || true
  docker run -d --name "$ID-echo" --network "$ID" --network-alias echo -e "ECHO_DELAY_US=$1" \
    perf-gate/echo:local >/dev/null
  docker run -d --name "$ID-nginx" --network "$ID" --network-alias gateway perf-gate/nginx:local >/dev/null
  ECHO_IP=$(ip_of "$ID-echo")
  NGINX_IP=$(ip_of "$ID-nginx")
  wait_health "$ECHO_IP"
  wait_health "$NGINX_IP"
}

# k6 SCRIPT SUMMARY [VAR=value...]: one quiet run; prints k6's exit code.
run_k6() {
  local script=$1 summary=$2 rc=0
  shift 2
  env "$@" SUMMARY_PATH="$summary" k6 run -q --no-color "$ROOT/scenarios/$script" >"$TMP/k6.log" 2>&1 || rc=$?
  echo "$rc"
}

# Prints "rps p95 dropped checks" of the load scenario from a summary.
figures() {
  node -e '
    const m = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).metrics
    const rps = m["http_reqs{scenario:load}"].values.rate
    const p95 = m["http_req_duration{scenario:load}"].values["p(95)"]
    console.log(`rps=${rps.toFixed(0)} p95=${p95.toFixed(3)}ms dropped=${m.dropped_iterations.values.count} checks=${m["checks{scenario:load}"].values.rate.toFixed(4)}`)
  ' "$1"
}

docker network create "$ID" >/dev/null

fixtures() {
  mkdir -p "$OUT"
  local common=(HEADERS='{"Content-Type":"text/plain"}' EXPECT_HEADERS='{"x-echo":"perf-gate"}'
    EXPECT_BODY_PREFIX=perf-gate-payload EXPECT_ECHO=true DURATION=3s)
  start_stack 0
  # name|script|target|extra env; each one a case the parser must handle.
  local cases=(
    "constant-vus|constant-vus.js|echo|VUS=10"
    "constant-arrival-rate|constant-arrival-rate.js|nginx|RATE=500"
    "ramping-arrival-rate|ramping-arrival-rate.js|nginx|RATE=500"
    "ramping-vus|ramping-vus.js|nginx|VUS=8"
    # Too few VUs for the rate with a 2 ms backend: the open model drops iterations.
    "constant-arrival-rate.dropped|constant-arrival-rate.js|echo|RATE=3000 VUS=2 MAX_VUS=2 DURATION=2s"
    # Checks that fail on every response while the HTTP status passes: accuracy 2/3... of checks.
    "constant-vus.failed-checks|constant-vus.js|nginx|VUS=4 EXPECT_BODY_CONTAINS=not-in-the-payload EXPECT_HEADERS={\"x-echo\":\"perf-gate\",\"x-missing\":\"x\"}"
    # GET through the gateway: no body sent, the echo check expects an empty body.
    "constant-vus.get|constant-vus.js|nginx|VUS=4 METHOD=GET EXPECT_ECHO=true EXPECT_BODY_PREFIX="
  )
  local c name script target extra ip rc
  for c in "${cases[@]}"; do
    IFS='|' read -r name script target extra <<<"$c"
    [[ $target == echo ]] && ip=$ECHO_IP || ip=$NGINX_IP
    # shellcheck disable=SC2086 # extra is a list of VAR=value words by design
    rc=$(run_k6 "$script" "$OUT/$name.summary.json" TARGET_URL="http://$ip:8080/echo" "${common[@]}" $extra)
    printf '%-32s exit %s  %s\n' "$name" "$rc" "$(figures "$OUT/$name.summary.json")"
  done

  # The upstream dies mid-run: nginx answers 502, so http_req_failed and checks fall below 1.
  (sleep 1.5 && docker stop -t 0 "$ID-echo" >/dev/null) &
  rc=$(run_k6 constant-arrival-rate.js "$OUT/constant-arrival-rate.upstream-down.summary.json" \
    TARGET_URL="http://$NGINX_IP:8080/echo" "${common[@]}" RATE=300)
  wait
  printf '%-32s exit %s  %s\n' constant-arrival-rate.upstream-down "$rc" \
    "$(figures "$OUT/constant-arrival-rate.upstream-down.summary.json")"

  # setup() aborts (exit 108) when nothing answers; k6 still writes the summary, with no load metrics.
  rc=$(run_k6 constant-vus.js "$OUT/setup-aborted.summary.json" TARGET_URL="http://$ECHO_IP:9/" SETUP_ATTEMPTS=1)
  printf '%-32s exit %s\n' setup-aborted "$rc"

  # Summaries are one JSON line; the repository's prettier check wants them formatted.
  (cd "$ROOT" && npx --no-install prettier --log-level warn --write "test/fixtures/k6/*.json")
}

measure() {
  local delay target ip i rc
  for delay in 0 1000; do
    start_stack "$delay"
    for target in echo nginx; do
      [[ $target == echo ]] && ip=$ECHO_IP || ip=$NGINX_IP
      for i in $(seq 1 "$RUNS"); do
        rc=$(run_k6 constant-vus.js "$TMP/m.json" TARGET_URL="http://$ip:8080/" VUS=10 DURATION=8s)
        printf 'constant-vus 10 VUs 8s  ECHO_DELAY_US=%-5s k6 -> %-5s run %s exit %s  %s\n' \
          "$delay" "$target" "$i" "$rc" "$(figures "$TMP/m.json")"
      done
    done
  done
}

case $MODE in
  fixtures) fixtures ;;
  measure) measure ;;
  *)
    echo "usage: $0 [fixtures|measure]" >&2
    exit 2
    ;;
esac
