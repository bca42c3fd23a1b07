#!/usr/bin/env bash
# Where packages come from, read from the machine's own configuration: this repository never names a
# package registry or mirror. Source this file; each function prints one URL or fails with a message
# saying what to configure.

# Suites of Debian proper (not Ubuntu's), whose mirror can serve a bookworm debootstrap.
DEBIAN_SUITES_PATTERN='^(bookworm|trixie|bullseye|forky|sid|stable|testing|unstable|oldstable)$'

# Prints the Debian mirror: $DEBIAN_MIRROR, else the first enabled `deb` source in the apt
# configuration under ${APT_ROOT:-/etc/apt} (sources.list, sources.list.d/*.list and deb822
# sources.list.d/*.sources) whose suite is a Debian release. Security mirrors are skipped: they do
# not carry the release itself.
debian_mirror() {
  if [[ -n ${DEBIAN_MIRROR:-} ]]; then
    printf '%s\n' "${DEBIAN_MIRROR%/}"
    return 0
  fi
  local root=${APT_ROOT:-/etc/apt} file uri
  local -a files=()
  [[ -f $root/sources.list ]] && files+=("$root/sources.list")
  for file in "$root"/sources.list.d/*.list "$root"/sources.list.d/*.sources; do
    [[ -f $file ]] && files+=("$file")
  done
  for file in "${files[@]}"; do
    if [[ $file == *.sources ]]; then
      uri=$(_deb822_debian_uri "$file")
    else
      uri=$(_one_line_debian_uri "$file")
    fi
    if [[ -n $uri ]]; then
      printf '%s\n' "${uri%/}"
      return 0
    fi
  done
  printf 'no Debian mirror is configured: none of %s lists a deb source for a Debian release (%s); set DEBIAN_MIRROR to your Debian mirror\n' \
    "$root/sources.list{,.d/*.list,.d/*.sources}" "bookworm, trixie, ..." >&2
  return 1
}

# One-line format: `deb [options] URI SUITE COMPONENT...`.
_one_line_debian_uri() {
  local line type uri suite
  while read -r line || [[ -n $line ]]; do
    line=${line%%#*}
    [[ -z ${line// /} ]] && continue
    # Drop `[arch=amd64 signed-by=...]`.
    line=$(sed -E 's/\[[^]]*\]//' <<<"$line")
    read -r type uri suite _ <<<"$line"
    [[ $type == deb ]] || continue
    [[ $uri == *security* ]] && continue
    if [[ $suite =~ $DEBIAN_SUITES_PATTERN ]]; then
      printf '%s\n' "$uri"
      return 0
    fi
  done <"$1"
}

# deb822 format: stanzas separated by blank lines, with Types, URIs, Suites and Enabled fields.
_deb822_debian_uri() {
  awk -v pattern="$DEBIAN_SUITES_PATTERN" '
    function flush() {
      if (types ~ /(^| )deb( |$)/ && enabled !~ /^[Nn]o/) {
        n = split(suites, s, " ")
        for (i = 1; i <= n; i++) if (s[i] ~ pattern) {
          m = split(uris, u, " ")
          for (j = 1; j <= m; j++) if (u[j] !~ /security/) { print u[j]; found = 1; exit }
        }
      }
      types = ""; uris = ""; suites = ""; enabled = ""
    }
    /^[ \t]*#/ { next }
    /^[ \t]*$/ { flush(); next }
    /^Types:/ { sub(/^Types:[ \t]*/, ""); types = $0; next }
    /^URIs:/ { sub(/^URIs:[ \t]*/, ""); uris = $0; next }
    /^Suites:/ { sub(/^Suites:[ \t]*/, ""); suites = $0; next }
    /^Enabled:/ { sub(/^Enabled:[ \t]*/, ""); enabled = $0; next }
    END { if (!found) flush() }
  ' "$1"
}

# Prints the first Go module proxy of the machine's configuration: $GOPROXY, else `go env GOPROXY`
# (entries "direct" and "off" are not proxies).
go_proxy() {
  local list=${GOPROXY:-} entry
  if [[ -z $list ]] && command -v go >/dev/null 2>&1; then list=$(go env GOPROXY 2>/dev/null || true); fi
  local IFS=',|'
  for entry in $list; do
    if [[ -n $entry && $entry != direct && $entry != off ]]; then
      printf '%s\n' "${entry%/}"
      return 0
    fi
  done
  printf 'no Go module proxy is configured (GOPROXY is unset and `go env GOPROXY` gives none); set GOPROXY to your Go module proxy\n' >&2
  return 1
}
