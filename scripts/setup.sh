#!/usr/bin/env bash
# Makes a machine ready to run perf-gate and its tests, installing only what is missing:
#   Docker engine (Debian's docker.io) with a running dockerd, k6 (pinned), Node 24, npm dependencies,
#   and the local images (scripts/build-images.sh; ARENA_GATEWAYS=0, ENVOY_GATEWAY=0, TRAEFIK_GATEWAY=0 and JIT_GATEWAY=0 skip some).
# Idempotent and non-interactive (CI=true, no stdin): a second run only checks and prints "ok" lines.
# Works as root (our machines) or as a user with passwordless sudo (GitHub's ubuntu runners, which
# already have docker, Go and a Node; there it leaves a working dockerd alone).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/lib/mirrors.sh
source "$ROOT/scripts/lib/mirrors.sh"
K6_VERSION=v1.8.1
NODE_MAJOR=24
# k6 v1.8.1 needs Go >= 1.25 to build; used only when the machine's go is missing or older.
GO_TOOLCHAIN=go1.25.12
DOCKERD_LOG=${DOCKERD_LOG:-/var/log/perf-gate-dockerd.log}
export DEBIAN_FRONTEND=noninteractive

SUDO=()
if [[ $(id -u) != 0 ]]; then SUDO=(sudo -n); fi

T_START=$(date +%s)
# Step headers carry the time since the start, so a slow step shows as a jump between two headers.
step() { printf '\n==> [%3ss] %s\n' "$(($(date +%s) - T_START))" "$*"; }
ok() { printf '    ok: %s\n' "$*"; }
did() { printf '    %s\n' "$*"; }
die() {
  printf 'setup: %s\n' "$*" >&2
  exit 1
}

# apt-get update at most once per run, and only when something is installed.
APT_UPDATED=0
apt_install() {
  if [[ $APT_UPDATED == 0 ]]; then
    "${SUDO[@]}" apt-get update -qq
    APT_UPDATED=1
  fi
  "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "$@" >/dev/null
  did "apt-get installed $*"
}

step "Docker engine"
# `docker` alone is not enough: some machines have only the client (/usr/local/bin/docker).
if ! command -v dockerd >/dev/null 2>&1; then
  apt_install docker.io
else
  ok "dockerd present"
fi
if ! command -v debootstrap >/dev/null 2>&1; then
  # Ubuntu's debootstrap needs Debian's keyring to verify a bookworm rootfs.
  apt_install debootstrap debian-archive-keyring
else
  ok "debootstrap present"
fi
# Headless Chromium for the HTML report's browser test (driven by playwright-core, which cannot
# download its own browser here).
if command -v chromium >/dev/null 2>&1 || [[ -n ${CHROMIUM_PATH:-} ]]; then
  ok "chromium present"
else
  apt_install chromium
fi
# A JDK (javac, jlink) for the JIT-compiled test gateway perf-gate/jitgw:local (images/jitgw), which
# an integration test drives; GitHub's runners have one.
if command -v javac >/dev/null 2>&1 && command -v jlink >/dev/null 2>&1; then
  ok "JDK present ($(javac -version 2>&1))"
elif [[ ${JIT_GATEWAY:-1} == 1 ]]; then
  apt_install default-jdk-headless
fi
# stack.compose runs the user's compose file: GitHub's runners have the `docker compose` plugin;
# Debian has no plugin package, but its docker-compose (v1) is what testcontainers can call instead.
if docker compose version >/dev/null 2>&1; then
  ok "docker compose $(docker compose version --short)"
elif command -v docker-compose >/dev/null 2>&1; then
  ok "docker-compose $(docker-compose version --short)"
else
  apt_install docker-compose
fi
if docker info >/dev/null 2>&1; then
  ok "docker engine answers ($(docker version --format '{{.Server.Version}}'))"
else
  # No systemd in our containers, so start the daemon by hand; it outlives this script.
  "${SUDO[@]}" mkdir -p "$(dirname "$DOCKERD_LOG")"
  "${SUDO[@]}" bash -c "nohup dockerd >>'$DOCKERD_LOG' 2>&1 </dev/null &"
  for _ in $(seq 1 60); do
    docker info >/dev/null 2>&1 && break
    sleep 1
  done
  docker info >/dev/null 2>&1 || {
    tail -n 30 "$DOCKERD_LOG" >&2 || true
    die "dockerd did not answer within 60 s (log: $DOCKERD_LOG)"
  }
  did "started dockerd (log: $DOCKERD_LOG)"
fi

step "Go (builds k6 and the echo image)"
go_ok() {
  command -v go >/dev/null 2>&1 || return 1
  # `go env GOVERSION` prints e.g. go1.26.8; k6 needs 1.25+.
  local v minor
  v=$(go env GOVERSION 2>/dev/null) || return 1
  minor=$(sed -E 's/^go1\.([0-9]+).*/\1/' <<<"$v")
  [[ $minor =~ ^[0-9]+$ ]] && ((minor >= 25))
}
if go_ok; then
  ok "$(go env GOVERSION)"
else
  # The Go toolchain is itself published as a Go module (golang.org/toolchain); it is what `go`
  # downloads when GOTOOLCHAIN asks for a newer release.
  arch=$(dpkg --print-architecture 2>/dev/null || echo amd64)
  dir=/opt/go-toolchain
  mod="golang.org/toolchain@v0.0.1-$GO_TOOLCHAIN.linux-$arch"
  if [[ ! -x $dir/$mod/bin/go ]]; then
    command -v unzip >/dev/null 2>&1 || apt_install unzip
    command -v curl >/dev/null 2>&1 || apt_install curl ca-certificates
    proxy=$(go_proxy) || die "cannot download the Go toolchain"
    tmp=$(mktemp)
    curl -fsSL -o "$tmp" "$proxy/golang.org/toolchain/@v/v0.0.1-$GO_TOOLCHAIN.linux-$arch.zip"
    "${SUDO[@]}" mkdir -p "$dir"
    "${SUDO[@]}" unzip -q -o "$tmp" -d "$dir"
    rm -f "$tmp"
    # Module zips do not keep file modes.
    "${SUDO[@]}" chmod -R a+rX "$dir"
    "${SUDO[@]}" chmod a+x "$dir/$mod/bin/"* "$dir/$mod/pkg/tool/"*/*
  fi
  export PATH="$dir/$mod/bin:$PATH"
  go_ok || die "Go >= 1.25 is needed and could not be installed"
  did "using $(go env GOVERSION) from $dir (add $dir/$mod/bin to PATH to reuse it)"
fi

step "k6 $K6_VERSION"
# Static (CGO_ENABLED=0), like k6's release archives: a pull request's own script runs in a
# container built FROM scratch that holds only this binary (src/load/k6-sandbox.ts).
command -v readelf >/dev/null 2>&1 || apt_install binutils
k6_static() {
  local k6
  k6=$(command -v k6) || return 1
  ! LC_ALL=C readelf -l "$k6" 2>/dev/null | grep -q 'INTERP'
}
if [[ $(k6 version 2>/dev/null || true) == "k6 $K6_VERSION "* ]] && k6_static; then
  ok "$(k6 version), static"
else
  # Built from source through the Go module proxy (about a minute): no release download is reachable.
  gobin=$(mktemp -d)
  CGO_ENABLED=0 GOBIN=$gobin GOFLAGS=-buildvcs=false go install "go.k6.io/k6@$K6_VERSION"
  "${SUDO[@]}" install -m 0755 "$gobin/k6" /usr/local/bin/k6
  rm -rf "$gobin"
  hash -r
  [[ $(k6 version) == "k6 $K6_VERSION "* ]] || die "k6 on PATH is not $K6_VERSION: $(command -v k6)"
  k6_static || die "k6 on PATH is not static: $(command -v k6)"
  did "installed $(k6 version)"
fi

step "Node $NODE_MAJOR"
if [[ $(node --version 2>/dev/null || true) == v$NODE_MAJOR.* ]]; then
  ok "node $(node --version)"
else
  # Node is published on the npm registry as the `node` package (a prebuilt binary inside it).
  # The npm of an older system Node is enough to fetch it.
  command -v npm >/dev/null 2>&1 || apt_install npm
  "${SUDO[@]}" npm install --silent --no-audit --no-fund --prefix /opt/node$NODE_MAJOR "node@$NODE_MAJOR"
  "${SUDO[@]}" ln -sf "/opt/node$NODE_MAJOR/node_modules/node/bin/node" /usr/local/bin/node
  hash -r
  [[ $(node --version) == v$NODE_MAJOR.* ]] ||
    die "node on PATH is $(node --version) at $(command -v node); /usr/local/bin must come first in PATH"
  did "installed node $(node --version) at /usr/local/bin/node"
fi

step "npm dependencies"
cd "$ROOT"
# node_modules/.package-lock.json is what npm writes on install; older than the lock means stale.
if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  npm ci --no-audit --no-fund --loglevel=error
  did "npm ci done"
else
  ok "node_modules up to date"
fi

step "pip (zizmor and the Traefik image come from PyPI wheels)"
if python3 -m pip --version >/dev/null 2>&1; then
  ok "$(python3 -m pip --version | cut -d' ' -f1-2)"
else
  apt_install python3-pip
fi

step "zizmor (lints the workflows we ship, in .ci/run)"
ZIZMOR_VERSION=1.32.0
if command -v zizmor >/dev/null 2>&1 && [[ $(zizmor --version 2>/dev/null) == *"$ZIZMOR_VERSION"* ]]; then
  ok "$(zizmor --version)"
else
  # A PyPI wheel that ships the binary. Debian's Python refuses installs outside a venv (PEP 668).
  python3 -m pip install --quiet --disable-pip-version-check "zizmor==$ZIZMOR_VERSION" 2>/dev/null ||
    python3 -m pip install --quiet --disable-pip-version-check --break-system-packages "zizmor==$ZIZMOR_VERSION"
  hash -r
  did "pip installed zizmor $ZIZMOR_VERSION"
fi

step "Local images"
bash "$ROOT/scripts/build-images.sh"

step "Setup done in $(($(date +%s) - T_START))s"
