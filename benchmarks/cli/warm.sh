#!/usr/bin/env bash
# Runs through the warm JVM (`lossless daemon`) against runs in a JVM of their own, alternating. Usage:
#   benchmarks/cli/warm.sh SCENARIO [rounds]
# Starts a daemon if none runs (and says what that cost). Per round: one `./lossless run` through the daemon, then
# one with LOSSLESS_DAEMON=0 (a JVM of its own). A run through the daemon costs the command's process tree (the
# launcher and its client: /usr/bin/time) plus the daemon's CPU while it ran the command (user + system from
# /proc/PID/stat before and after; the daemon is otherwise idle, its threads included: the JIT compilers, the
# collector). Also prints the daemon's peak RSS and whether both runs wrote the same flows.csv. The first round
# after a start, or after another kind of scenario, also pays for compiling what the warm-up did not cover.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
scenario="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
rounds="${2:-5}"
"$root/lossless" --version >/dev/null  # builds the jar and its class-data archive first if needed
tck="$(getconf CLK_TCK)"
cpu_of() { awk -v t="$tck" '{printf "%.2f", ($14 + $15) / t}' "/proc/$1/stat"; }
status="$("$root/lossless" daemon status)"
if [[ "$status" == *"not running"* ]]; then
  /usr/bin/time -o /tmp/warm-start.$$ -f "%U %S %e" "$root/lossless" daemon start >/dev/null
  read -r u s e </tmp/warm-start.$$; rm -f /tmp/warm-start.$$
  status="$("$root/lossless" daemon status)"
  echo "daemon started: $(echo "$u + $s" | bc) s of CPU for the start command, ${e} s wall"
fi
pid="$(echo "$status" | grep -o 'pid [0-9]*' | grep -o '[0-9]*')"
echo "daemon $pid: $(cpu_of "$pid") s of CPU so far"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$(dirname "$scenario")"
for ((r = 1; r <= rounds; r++)); do
  a="$(cpu_of "$pid")"
  rm -rf "$work/w"
  /usr/bin/time -o "$work/tw" -f "%U %S %e" "$root/lossless" run "$scenario" --out "$work/w" --quiet >/dev/null
  b="$(cpu_of "$pid")"
  read -r u s e <"$work/tw"
  client="$(echo "$u + $s" | bc)"; daemon="$(echo "$b - $a" | bc)"
  rm -rf "$work/o"
  LOSSLESS_DAEMON=0 /usr/bin/time -o "$work/to" -f "%U %S %e %M" "$root/lossless" run "$scenario" --out "$work/o" \
    --quiet >/dev/null
  read -r u2 s2 e2 m2 <"$work/to"
  own="$(echo "$u2 + $s2" | bc)"
  same=differ; cmp -s "$work/w/flows.csv" "$work/o/flows.csv" && same=same
  ev="$(grep -o '"events" : [0-9]*' "$work/w/summary.json" | grep -o '[0-9]*$')"
  printf 'round %d: warm %5.2f s (command %.2f + daemon %.2f), wall %5.2f s | own JVM %5.2f s, wall %5.2f s, rss %d MB | events %s, flows.csv %s\n' \
    "$r" "$(echo "$client + $daemon" | bc)" "$client" "$daemon" "$e" "$own" "$e2" $((m2 / 1024)) "$ev" "$same"
done
echo "daemon peak RSS: $(grep VmHWM "/proc/$pid/status" | awk '{print int($2 / 1024)}') MB"
