#!/usr/bin/env bash
# The collective tuner against the packet engine (docs/workloads.md §2.8): an all-reduce on a star of one-GPU
# hosts (1 us links, MTU 4096, DCQCN, NCCL's software latencies) run with every candidate (ring and tree; LL,
# LL128 and Simple), with `algorithm: ring` (the ring's protocol left to the tuner) and with the defaults
# (`auto`/`auto`). Prints one Markdown row per host count and size: the candidate the packet engine finished
# first, what `auto` ran and its time against that fastest one, and the ring's busbw against auto's.
# Usage: benchmarks/tuner/run.sh [HOSTS...]     (default 8 16 32 64 128)
#        SIZES=64KiB,1MiB RATE=400Gbps benchmarks/tuner/run.sh 16
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
sizes="${SIZES:-64KiB,256KiB,1MiB,4MiB,16MiB}"
rate="${RATE:-100Gbps}"
hosts=("$@")
[[ ${#hosts[@]} -gt 0 ]] || hosts=(8 16 32 64 128)
"$root/lossless" --version >/dev/null
jar="$root/cli/target/lossless.jar"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
gc=(-XX:+UseSerialGC -Xms32m -XX:NewRatio=12 -XX:MinHeapFreeRatio=20 -XX:MaxHeapFreeRatio=40)
echo "| hosts | size | fastest on the packet engine | auto ran | auto / fastest | ring busbw | auto busbw |"
echo "|---:|---:|---|---|---:|---:|---:|"
for n in "${hosts[@]}"; do
  cat > "$work/s$n.yaml" <<YAML
name: tuner-$n
topology: {type: star, hosts: $n, host_link: {rate: $rate, delay: 1us}}
nic: {mtu: 4096, cc: dcqcn}
telemetry: {queues: none, flow_rates: none}
workloads:
  - {type: allreduce, name: ar, size: 1MiB}
YAML
  java "${gc[@]}" -jar "$jar" sweep "$work/s$n.yaml" --quiet --jobs 1 --out "$work/o$n" \
    --vary "workloads[0].size=$sizes" \
    --vary 'workloads[0].algorithm,workloads[0].protocol=ring,ll;ring,ll128;ring,simple;tree,ll;tree,ll128;tree,simple;ring,auto;auto,auto' \
    >/dev/null
  # one line per run: size_bytes, requested algorithm/protocol (from the point's name), ran algorithm/protocol,
  # duration_ps, busbw_GBps
  for d in "$work/o$n"/points/*/; do
    point="$(basename "$d")"
    run="$(find "$d" -name jobs.csv | head -1)"
    tail -n 1 "$run" | awk -F, -v point="$point" '{
      req = point; sub(/^.*algorithm=/, "", req); sub(/_protocol=/, "/", req)
      print $5, req, $(NF-1) "/" $NF, $8, $10 }'
  done | sort -n -k1,1 | awk -v n="$n" '
    function human(b) { return b >= 1048576 ? b / 1048576 " MiB" : b / 1024 " KiB" }
    { size[$1] = 1; t[$1, $2] = $4; ran[$1, $2] = $3; bw[$1, $2] = $5 }
    END {
      for (s in size) sizes[++k] = s + 0
      for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (sizes[j] < sizes[i]) { x = sizes[i]; sizes[i] = sizes[j]; sizes[j] = x }
      split("ring/ll ring/ll128 ring/simple tree/ll tree/ll128 tree/simple", cand, " ")
      for (i = 1; i <= k; i++) {
        s = sizes[i]; best = ""
        for (c = 1; c <= 6; c++) if (best == "" || t[s, cand[c]] < t[s, best]) best = cand[c]
        printf "| %d | %s | %s, %.0f us | %s, %.0f us | %.2f | %.2f GB/s | %.2f GB/s |\n", n, human(s), best, \
          t[s, best] / 1e6, ran[s, "auto/auto"], t[s, "auto/auto"] / 1e6, t[s, "auto/auto"] / t[s, best], \
          bw[s, "ring/auto"], bw[s, "auto/auto"]
      }
    }'
done
