#!/usr/bin/env bash
# Whole `lossless run`s, start-up included, as a user runs them. Usage:
#   benchmarks/cli/run.sh SCENARIO [runs] [A-label=command B-label=command ...]
# Without commands: runs `./lossless run SCENARIO` `runs` times (default 5). With commands (each a launcher or
# `java ... -jar some.jar`, given the arguments `run SCENARIO --out DIR --quiet`): runs them alternating, A B A B ...
# Prints per run and as medians: CPU seconds of the whole process tree (user + system, /usr/bin/time: JIT and GC
# threads count), wall seconds, peak RSS, the events of summary.json, and events per CPU second (the events over
# the whole process's CPU time, start-up and results included: what a user's machine spends per event). On a shared
# machine only CPU time is a fair figure; alternate variants and take medians.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
scenario="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
runs="${2:-5}"
shift $(( $# >= 2 ? 2 : 1 ))
variants=("$@")
[[ ${#variants[@]} -gt 0 ]] || variants=("lossless=$root/lossless")
"$root/lossless" --version >/dev/null  # builds the jar and its class-data archive first if needed
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
declare -A cpu wall rss evs
for ((r = 1; r <= runs; r++)); do
  for v in "${variants[@]}"; do
    label="${v%%=*}"; cmd="${v#*=}"
    rm -rf "$work/out"
    /usr/bin/time -o "$work/time" -f "%U %S %e %M" bash -c "$cmd run '$scenario' --out '$work/out' --quiet" >/dev/null
    read -r u s e m <"$work/time"
    c="$(echo "$u + $s" | bc)"
    ev="$(grep -o '"events" : [0-9]*' "$work/out/summary.json" | grep -o '[0-9]*$')"
    eps="$(echo "if ($c > 0) $ev / $c else 0" | bc)"
    printf '%-12s run %d: cpu %5.2f s  wall %6.2f s  rss %4d MB  events %s  events/cpu-s %s\n' "$label" "$r" "$c" "$e" \
      $((m / 1024)) "$ev" "$eps"
    cpu[$label]+="$c "; wall[$label]+="$e "; rss[$label]+="$m "; evs[$label]+="$eps "
  done
done
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR] = $1} END {print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }
for v in "${variants[@]}"; do
  label="${v%%=*}"
  printf '%-12s median of %d: cpu %s s  wall %s s  rss %s MB  events/cpu-s %s\n' "$label" "$runs" \
    "$(echo "${cpu[$label]}" | median)" "$(echo "${wall[$label]}" | median)" \
    "$(( $(echo "${rss[$label]}" | median | cut -d. -f1) / 1024 ))" "$(echo "${evs[$label]}" | median | cut -d. -f1)"
done
