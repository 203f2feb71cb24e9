#!/usr/bin/env bash
# metrics.flows all vs summary on a 128-GPU ring all-reduce: flows.csv (+ flows_summary.csv) size, peak RSS, CPU.
# Runs alternate (all, summary, all, summary, ...) so that load on a shared machine hits both alike.
# Usage: benchmarks/flows/run.sh [pairs] (default 2). Writes results under a temporary folder, then removes it.
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
pairs="${1:-2}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$here/lossless" --version >/dev/null
for i in $(seq 1 "$pairs"); do
  for mode in all summary; do
    out="$tmp/$mode-$i"
    /usr/bin/time -f "%M %U %S %e" -o "$tmp/time" "$here/lossless" run "$here/benchmarks/flows/k8-ring-128.yaml" \
      --set "metrics.flows=$mode" --out "$out" >/dev/null 2>&1
    read -r rss user sys wall <"$tmp/time"
    flows=$(stat -c %s "$out/flows.csv")
    rows=$(($(wc -l <"$out/flows.csv") - 1))
    agg=0
    [[ -f "$out/flows_summary.csv" ]] && agg=$(stat -c %s "$out/flows_summary.csv")
    sum=$(sha256sum <(grep -v -E '"(wall_seconds|cpu_seconds|events_per_second|peak_heap_bytes)"' "$out/summary.json") | cut -c1-12)
    printf '%-8s run %d: flows.csv %d B (%d rows), flows_summary.csv %d B, peak RSS %d KB, CPU %.2f s (user %s + sys %s), wall %s s, summary.json %s\n' \
      "$mode" "$i" "$flows" "$rows" "$agg" "$rss" "$(echo "$user + $sys" | bc)" "$user" "$sys" "$wall" "$sum"
    rm -rf "$out"
  done
done
