#!/usr/bin/env bash
# V-09 side by side with the HPCC simulator: the same HPCC-format inputs (benchmarks/hpcc-parity.sh's: the HPCC
# paper's 320-host fat-tree, FbHdp flows at 30 % load for 1 ms, DCQCN as HPCC's run.py sets it) run by HPCC's ns-3
# program `third` and by `lossless run` on the imported scenario, alternating, one process at a time. Usage:
#   benchmarks/cli/hpcc-side-by-side.sh HPCC_SIMULATION_DIR [rounds=3] [label=command ...]
# HPCC_SIMULATION_DIR: the `simulation` folder of github.com/alibaba-edu/High-Precision-Congestion-Control, built
# (with Python 2.7 for waf; no CXXFLAGS in the environment, or waf drops -O3):
#   ./waf configure -d optimized --disable-examples --disable-tests --disable-python
#   --enable-modules=point-to-point,internet,applications && ./waf build
# Commands as in benchmarks/cli/run.sh (default: lossless=./lossless). HPCC's program runs with tracing off
# (ENABLE_TRACE 0, no traced node) and stops at 4 s of simulated time (the flows start at 2 s and end near 2.003 s);
# the other keys it needs and the imported config does not give are the repository's mix/config.txt defaults.
# Prints per run and as medians: CPU seconds (user + system, /usr/bin/time), wall seconds, peak RSS, flows finished
# (and Lossless's events and events per CPU second; HPCC's program counts none);
# the first command's flow completion times against HPCC's, flow by flow (FctCompare); each command's median CPU
# over HPCC's.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
sim="$(cd "${1:?usage: hpcc-side-by-side.sh HPCC_SIMULATION_DIR [rounds] [label=command ...]}" && pwd)"
runs="${2:-3}"
shift $(( $# >= 2 ? 2 : 1 ))
variants=("$@")
[[ ${#variants[@]} -gt 0 ]] || variants=("lossless=$root/lossless")
third="$sim/build/scratch/third"
[[ -x "$third" ]] || { echo "hpcc-side-by-side: $third not found: build HPCC's simulation folder first" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
SETUP_ONLY=1 "$root/benchmarks/hpcc-parity.sh" "$work/setup" >/dev/null
flows="$(head -1 "$work/setup/hpcc/flow.txt")"
mkdir -p "$work/hpcc"
cp "$work/setup/hpcc/topology.txt" "$work/setup/hpcc/flow.txt" "$work/hpcc/"
echo 0 >"$work/hpcc/trace.txt"
{ cat "$work/setup/hpcc/config.txt"; cat <<'EOF'
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
QLEN_MON_END 2010000000
EOF
} >"$work/hpcc/config.txt"
"$root/lossless" --version >/dev/null  # builds the jar and its class-data archive first if needed
declare -A cpu wall rss
report() {  # label cpu wall rss_kb finished [events]
  printf '%-12s run %d: cpu %6.2f s  wall %6.2f s  rss %4d MB  flows finished %s of %s%s\n' "$1" "$r" "$2" "$3" \
    $(($4 / 1024)) "$5" "$flows" "${6:+  events $6  events/cpu-s $(echo "$6 / $2" | bc)}"
  cpu[$1]+="$2 "; wall[$1]+="$3 "; rss[$1]+="$4 "
}
for ((r = 1; r <= runs; r++)); do
  rm -f "$work/hpcc/fct.txt"
  (cd "$work/hpcc" && LD_LIBRARY_PATH="$sim/build" /usr/bin/time -o "$work/time" -f "%U %S %e %M" \
    "$third" config.txt >/dev/null 2>&1)
  read -r u s e m <"$work/time"
  report hpcc "$(echo "$u + $s" | bc)" "$e" "$m" "$(wc -l <"$work/hpcc/fct.txt")"
  for v in "${variants[@]}"; do
    label="${v%%=*}"; cmd="${v#*=}"
    rm -rf "$work/out"
    /usr/bin/time -o "$work/time" -f "%U %S %e %M" bash -c "$cmd run '$work/setup/v09.yaml' --out '$work/out' --quiet" \
      >/dev/null
    read -r u s e m <"$work/time"
    done_flows="$(grep -m1 -o '"completed" : [0-9]*' "$work/out/summary.json" | grep -o '[0-9]*$' || echo '?')"
    ev="$(grep -o '"events" : [0-9]*' "$work/out/summary.json" | grep -o '[0-9]*$')"
    report "$label" "$(echo "$u + $s" | bc)" "$e" "$m" "$done_flows" "$ev"
    [[ $v == "${variants[0]}" ]] && cp "$work/out/flows.csv" "$work/flows.csv"
  done
done
echo
echo "Flow by flow, ${variants[0]%%=*} against HPCC (the last round):"
java -cp "$root/benchmarks/target/classes:$(cat "$root/benchmarks/target/classpath.txt")" \
  org.lossless.benchmarks.hpcc.FctCompare "$work/hpcc/fct.txt" "$work/flows.csv"
echo
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR] = $1} END {print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }
h="$(echo "${cpu[hpcc]}" | median)"
for label in hpcc "${variants[@]%%=*}"; do
  c="$(echo "${cpu[$label]}" | median)"
  printf '%-12s median of %d: cpu %s s  wall %s s  rss %s MB  cpu / hpcc %s\n' "$label" "$runs" "$c" \
    "$(echo "${wall[$label]}" | median)" "$(echo "${rss[$label]}" | median | awk '{printf "%d", $1 / 1024}')" \
    "$(echo "scale=3; $c / $h" | bc)"
done
