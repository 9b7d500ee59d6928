#!/bin/bash
# From clone to first answer (issue 28; README, Performance): clones this repository (its HEAD)
# into a temporary directory, disables ccache, and times `make demo` there (wall and CPU: user +
# system of every process it ran), then `make tools` again from a clean tree (CPU). Prints the
# date, the machine's cores and its load average before and after, since a loaded machine
# lengthens the wall time. Not run by `make bench` (it compiles everything twice).
# Usage: bench/setup-time.sh [--demo-only | --tools-only] [REPO]   (REPO: default, this checkout)
set -euo pipefail
what=both
case ${1:-} in --demo-only) what=demo; shift ;; --tools-only) what=tools; shift ;; esac
repo=$(cd "${1:-$(dirname "$0")/..}" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export CCACHE_DISABLE=1
load() { cut -d' ' -f1-3 /proc/loadavg; }
echo "setup-time: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(load) (1, 5, 15 min)"
git clone -q "$repo" "$tmp/gunpowder"
cd "$tmp/gunpowder"
echo "setup-time: a fresh clone of $repo at $(git rev-parse --short HEAD), ccache disabled"
# run LABEL CMD...: the wall time and the CPU time (user + system) of CMD and its children.
run() {
  local label=$1
  shift
  local t0 t1
  t0=$(date +%s.%N)
  /usr/bin/time -f '%U %S' -o "$tmp/cpu" "$@" >"$tmp/$label.log" 2>&1 || {
    tail -40 "$tmp/$label.log"
    echo "setup-time: $label failed" >&2
    exit 1
  }
  t1=$(date +%s.%N)
  read -r user sys <"$tmp/cpu"
  awk -v l="$label" -v t0="$t0" -v t1="$t1" -v u="$user" -v s="$sys" -v load="$(load)" 'BEGIN {
    w = t1 - t0
    printf "setup-time: %-10s wall %dm%02ds (%.0f s), CPU %.0f s (user %.0f s + system %.0f s); load average after: %s\n",
      l, int(w / 60), w % 60, w, u + s, u, s, load }'
}
if [ "$what" != tools ]; then
  run "make-demo" make demo
  tail -4 "$tmp/make-demo.log" | sed 's/^/  | /'
fi
if [ "$what" != demo ]; then
  rm -rf build
  run "make-tools" make tools
fi
