#!/usr/bin/env bash
# Rebuilds the echo backend binary that perf-gate ships (assets/echo/echo.gz) from images/echo, and
# records the hash of the Go sources it was built from and of the binary (assets/echo/SOURCE).
# perf-gate builds the image perf-gate/echo:local from assets/echo (Dockerfile + binary) when Docker
# lacks it, so a stock runner needs no registry and no Go; scripts/build-images.sh builds the same. test/unit/scripts/echo-asset.test.ts fails when the sources change without a
# rebuild. Reproducible: static (CGO_ENABLED=0), no paths (-trimpath), no VCS stamp (-buildvcs=false,
# which would change with every commit), stripped (-s -w), no build id; the same Go release gives the
# same bytes. gzip -9n (no name, no time) halves what the repository and the npm package carry.
# Commit the binary only when the sources changed: every commit of it stays in the history.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SRC="$ROOT/images/echo"
OUT="$ROOT/assets/echo"

# Hash of the files the binary is compiled from (go.mod, go.sum if any, non-test .go files), in the
# format assets/echo/SOURCE records and src/stack/echo-image.ts recomputes.
source_hash() {
  (cd "$SRC" && find . -maxdepth 1 -type f \( -name '*.go' -o -name 'go.mod' -o -name 'go.sum' \) \
    ! -name '*_test.go' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -c1-64)
}

if [[ ${1:-} == --hash ]]; then
  source_hash
  exit 0
fi

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"
(cd "$SRC" && CGO_ENABLED=0 GOOS=linux GOARCH=amd64 GOAMD64=v1 GOFLAGS= \
  go build -trimpath -buildvcs=false -ldflags='-s -w -buildid=' -o "$TMP/echo" .)
gzip -9 -n -c "$TMP/echo" >"$OUT/echo.gz"
{
  echo "# Written by scripts/build-echo-asset.sh: what assets/echo/echo.gz was built from, and its hash."
  echo "source-sha256: $(source_hash)"
  echo "go: $(go env GOVERSION)"
  echo "binary-sha256: $(sha256sum "$TMP/echo" | cut -d' ' -f1)"
} >"$OUT/SOURCE"
printf '[build-echo-asset] %s: %s bytes (%s uncompressed)\n' "$OUT/echo.gz" "$(stat -c %s "$OUT/echo.gz")" \
  "$(stat -c %s "$TMP/echo")"
