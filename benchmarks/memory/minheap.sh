#!/usr/bin/env bash
# The smallest -Xmx (MB, within 8) with which a run completes, by bisection: LO fails, HI works.
# Usage: benchmarks/memory/minheap.sh JAR SCENARIO LO HI [--set KEY=VALUE ...]
# (benchmarks/README.md, "Memory: heap per message and the check's estimate"). Results go to a temporary folder.
set -euo pipefail
jar=$1 f=$2 lo=$3 hi=$4
shift 4
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
ok() {
  local mb=$1
  shift
  rm -rf "$tmp/out"
  java -XX:+UseSerialGC -Xms16m -XX:NewRatio=12 "-Xmx${mb}m" -jar "$jar" run "$f" "$@" --out "$tmp/out" >"$tmp/log" 2>&1
}
while (( hi - lo > 8 )); do
  mid=$(( (lo + hi) / 2 ))
  if ok "$mid" "$@"; then hi=$mid; echo "$mid MB: completes"; else echo "$mid MB: $(tail -1 "$tmp/log" | cut -c1-100)"; lo=$mid; fi
done
echo "$f: smallest heap between $lo and $hi MB"
