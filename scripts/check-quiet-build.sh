#!/usr/bin/env bash
# A quiet install and build (issue 32): runs `npm ci` or `npm run build`, shows the output as it
# comes (tee) and fails when it holds a line the project itself causes:
#   - any `npm warn` line, except those the machine's own npm configuration prints in any folder;
#   - Vite's "Some chunks are larger than 500 kB" (split the code instead of raising the limit).
#
# Usage: scripts/check-quiet-build.sh install|build [--fresh-clone]
#   --fresh-clone  first clones the committed tree into a temporary folder and works there, as a
#                  clean machine would (the default works in this checkout, as CI does).
set -euo pipefail

usage() {
  echo "usage: $0 install|build|all [--fresh-clone]" >&2
  exit 2
}
[ $# -ge 1 ] || usage
what="$1"
repo="$(cd "$(dirname "$0")/.." && pwd)"
workdir="$repo"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

if [ "${2:-}" = "--fresh-clone" ]; then
  git clone --quiet --no-hardlinks "$repo" "$scratch/clone"
  workdir="$scratch/clone"
elif [ $# -ge 2 ]; then
  usage
fi
cd "$workdir"

# Warnings the machine's own npm configuration (user or global npmrc) prints anywhere are not the
# project's: they are collected outside any project, with a command that needs no network, and left
# out below. The machine's configuration still applies (a registry mirror, credentials).
(cd "$scratch" && npm config get registry 2>&1 >/dev/null) | grep -E '^npm warn' >"$scratch/machine" || true

failures=0
# Runs a command, teeing its output to a log, then fails on the patterns given after `--`.
run_quietly() {
  local name="$1"
  shift
  local log="$scratch/$name.log"
  local command=()
  while [ "$1" != "--" ]; do
    command+=("$1")
    shift
  done
  shift
  "${command[@]}" 2>&1 | tee "$log"
  local pattern
  for pattern in "$@"; do
    if grep -E -i -- "$pattern" "$log" | grep -v -x -F -f "$scratch/machine" >"$scratch/hits"; then
      echo "check-quiet-build: '${command[*]}' printed lines matching /$pattern/:" >&2
      cat "$scratch/hits" >&2
      failures=$((failures + 1))
    fi
  done
}

case "$what" in
  install | all)
    run_quietly install npm ci --no-audit --no-fund -- '^npm warn'
    ;;&
  build | all)
    run_quietly build npm run build -- '^npm warn' 'Some chunks are larger than'
    ;;
  install) ;;
  *) usage ;;
esac

if [ "$failures" -gt 0 ]; then
  echo "check-quiet-build: $failures check(s) failed" >&2
  exit 1
fi
echo "check-quiet-build: $what is quiet"
