#!/usr/bin/env bash
# C-4 (docs/validation.md): the all-to-all on the 16 hosts of a k=4 fat-tree, run by the HPCC simulator and by
# Lossless from the same HPCC-format files, and by Lossless on its own fat-tree scenario with each congestion control.
#   benchmarks/alltoall-hpcc.sh OUT_DIR [HPCC_SIMULATION_DIR] [size=64MiB]
# Writes OUT_DIR/hpcc/{topology,flow,trace,config-<cc>}.txt (one flow of S/16 per ordered pair, all at 2 s; the
# fixture files of cli/src/test/resources/hpcc-simulator-alltoall-k4), runs HPCC's program `third` on them with
# DCQCN, PFC only and HPCC when HPCC_SIMULATION_DIR is given (its `simulation` folder, built; see that fixture's
# README), and prints per run the job's time (the last completion) and, for Lossless, the busiest link's time.
# Lossless: seeds 1-3 of the imported files (DCQCN as run.py sets it, nic.cc=none, nic.cc=hpcc), then the fat-tree
# scenario (`topology: {type: fat-tree, k: 4}`, `nic.mtu: 1024` as HPCC's 1000 B packets, otherwise the defaults:
# mlx5 DCQCN) with each profile and algorithm, seed 1.
# Runs one process at a time; about 3 minutes of CPU at 64 MiB without HPCC's runs, 2 more with them.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$(mkdir -p "${1:?usage: alltoall-hpcc.sh OUT_DIR [HPCC_SIMULATION_DIR] [size=64MiB]}" && cd "$1" && pwd)"
sim="${2:-}"
size="${3:-64MiB}"
L="$here/lossless"
pair=$(( $(numfmt --from=iec-i "${size%B}") / 16 ))
mkdir -p "$out/hpcc"
cat >"$out/a2a.yaml" <<EOF
name: a2a
topology: {type: fat-tree, k: 4}
nic: {mtu: 1024}
workloads:
  - {type: alltoall, name: a2a, size: $size}
EOF
"$L" export hpcc "$out/a2a.yaml" --out "$out/export" >/dev/null 2>&1
cp "$out/export/topology.txt" "$out/hpcc/topology.txt"
echo 0 >"$out/hpcc/trace.txt"
{ echo 240; for s in $(seq 0 15); do for d in $(seq 0 15); do
  [[ $s != "$d" ]] && echo "$s $d 3 100 $pair 2.000000000"; done; done; } >"$out/hpcc/flow.txt"
base() {  # HpccSetup's run.py --cc dcqcn --bw 100 settings and the keys hpcc-side-by-side.sh appends
  cat <<'EOF'
ENABLE_QCN 1
USE_DYNAMIC_PFC_THRESHOLD 1
PACKET_PAYLOAD_SIZE 1000
TOPOLOGY_FILE topology.txt
FLOW_FILE flow.txt
ALPHA_RESUME_INTERVAL 1
RATE_DECREASE_INTERVAL 4
CLAMP_TARGET_RATE 0
RP_TIMER 300
EWMA_GAIN 0.00390625
FAST_RECOVERY_TIMES 1
RATE_AI 20Mb/s
RATE_HAI 200Mb/s
MIN_RATE 1000Mb/s
L2_ACK_INTERVAL 1
L2_BACK_TO_ZERO 0
ACK_HIGH_PRIO 1
PMAX_MAP 2 100000000000 0.20 400000000000 0.20
BUFFER_SIZE 32
TRACE_FILE trace.txt
TRACE_OUTPUT_FILE mix.tr
FCT_OUTPUT_FILE fct.txt
PFC_OUTPUT_FILE pfc.txt
SIMULATOR_STOP_TIME 4.00
DCTCP_RATE_AI 1000Mb/s
ERROR_RATE_PER_LINK 0.0000
L2_CHUNK_SIZE 4000
GLOBAL_T 1
FAST_REACT 1
U_TARGET 0.95
MI_THRESH 0
INT_MULTI 1
MULTI_RATE 0
SAMPLE_FEEDBACK 0
PINT_LOG_BASE 1.05
PINT_PROB 1.0
RATE_BOUND 1
LINK_DOWN 0 0 0
ENABLE_TRACE 0
QLEN_MON_FILE qlen.txt
QLEN_MON_START 2000000000
QLEN_MON_END 2000000001
EOF
}
ecn='KMAX_MAP 2 100000000000 1600 400000000000 6400\nKMIN_MAP 2 100000000000 400 400000000000 1600'
{ base; printf 'CC_MODE 1\nHAS_WIN 0\nVAR_WIN 0\n'; printf "$ecn\n"; } >"$out/hpcc/config-dcqcn.txt"
{ base; printf 'CC_MODE 1\nHAS_WIN 0\nVAR_WIN 0\n'
  printf 'KMAX_MAP 2 100000000000 3200000 400000000000 3200000\nKMIN_MAP 2 100000000000 3100000 400000000000 3100000\n'
} >"$out/hpcc/config-pfc.txt"
{ base | sed 's#^RATE_AI 20Mb/s#RATE_AI 40Mb/s#'; printf 'CC_MODE 3\nHAS_WIN 1\nVAR_WIN 1\n'; printf "$ecn\n"; } \
  >"$out/hpcc/config-hpcc.txt"

# the last completion of an HPCC fct.txt (start + FCT, ns), ms after 2 s
hpcc_job() { awk '{e = $6 + $7; if (e > m) m = e} END {printf "%.3f", (m - 2e9) / 1e6}' "$1"; }
# the last finish of a flows.csv, ms; the busiest link direction's wire time of a run's ports.csv, ms
job() { awk -F, 'NR > 1 {if ($8 > m) m = $8} END {printf "%.3f", m / 1e9}' "$1/flows.csv"; }
# the collective job's time (jobs.csv: its last message plus the final step latency), ms
coll() { awk -F, 'NR == 2 {printf "%.3f", $8 / 1e9}' "$1/jobs.csv"; }
busiest() {  # line time per frame beyond the frame: 20 B (preamble, SFD, gap) with nic.wire rocev2, 0 with hpcc2019
  local extra=20
  grep -q 'wire: hpcc2019' "$1/scenario.resolved.yaml" && extra=0
  awk -F, -v x="$extra" 'NR == 1 {for (i = 1; i <= NF; i++) c[$i] = i; next}
    {k = $c["node"] ":" $c["port"]; w[k] += $c["tx_bytes"] + x * $c["tx_packets"]; r[k] = $c["rate_bps"]}
    END {for (k in w) {t = w[k] * 8 / r[k]; if (t > m) m = t} printf "%.3f", m * 1e3}' "$1/ports.csv"
}

if [[ -n "$sim" ]]; then
  for cc in dcqcn pfc hpcc; do
    d="$out/hpcc-run-$cc"; mkdir -p "$d"
    cp "$out/hpcc/topology.txt" "$out/hpcc/flow.txt" "$out/hpcc/trace.txt" "$d/"
    cp "$out/hpcc/config-$cc.txt" "$d/config.txt"
    (cd "$d" && LD_LIBRARY_PATH="$sim/build" /usr/bin/time -f "%U" -o cpu.txt "$sim/build/scratch/third" config.txt \
      >out.log 2>&1)
    echo "HPCC simulator, $cc: $(wc -l <"$d/fct.txt") of 240 flows, job $(hpcc_job "$d/fct.txt") ms, $(cat "$d/cpu.txt") s CPU"
  done
fi

"$L" import hpcc --topology "$out/hpcc/topology.txt" --flows "$out/hpcc/flow.txt" \
  --config "$out/hpcc/config-dcqcn.txt" --out "$out/imported.yaml" --force >/dev/null 2>&1
imported() {  # label seed run-options...
  local label=$1 seed=$2 d="$out/imported-$1-$2"; shift 2
  "$L" run -q --seed "$seed" "$@" --out "$d" "$out/imported.yaml" >/dev/null
  echo "Lossless on HPCC's files, $label, seed $seed: job $(job "$d") ms, busiest link $(busiest "$d") ms"
}
for s in 1 2 3; do
  imported dcqcn "$s"
  imported pfc "$s" --set nic.cc=none
  imported hpcc "$s" --set nic.cc=hpcc
done
fat_tree() {  # label run-options...
  local label=$1 d="$out/fat-tree-$1"; shift
  "$L" run -q "$@" --out "$d" "$out/a2a.yaml" >/dev/null
  echo "Lossless fat-tree scenario, $label, seed 1: job $(coll "$d") ms (last message $(job "$d") ms)," \
    "busiest link $(busiest "$d") ms"
}
fat_tree mlx5
fat_tree pfc --set nic.cc=none
fat_tree hpcc --set nic.cc=hpcc
fat_tree paper2015 --set "nic.dcqcn={profile: paper2015}"
fat_tree hpcc2019 --set "nic.dcqcn={profile: hpcc2019}"
fat_tree mlx5-bytes --set nic.dcqcn.byte_counter=32767B
fat_tree pfc-2-qps --set nic.cc=none --set "workloads[0].channels=2"
fat_tree mlx5-2-qps --set "workloads[0].channels=2"
