#!/usr/bin/env bash
# HPCC parity (docs/validation.md, "HPCC parity"): FbHdp on the HPCC paper's fat-tree, the same HPCC-format files
# run by the HPCC simulator's program `third` and by `lossless run` on what `lossless import hpcc` makes of them; each
# simulator's slowdown p50 / p95 / p99 (as the HPCC repository's analysis/fct_analysis.py computes them) and
# Lossless's over HPCC's, then flow by flow per size decile (FctCompare). Usage:
#   benchmarks/cli/hpcc-simulator-parity.sh HPCC_SIMULATION_DIR OUT_DIR [load=0.3] [duration_s=0.0002] [seed=1]
#       [cc=dcqcn|hpcc] [-- --set KEY=VALUE ...]
# HPCC_SIMULATION_DIR: the `simulation` folder of github.com/alibaba-edu/High-Precision-Congestion-Control, built
# (waf with Python 2.7; no CXXFLAGS in the environment, or waf drops -O3):
#   ./waf configure -d optimized --disable-examples --disable-tests --disable-python \
#       --enable-modules=point-to-point,internet,applications && ./waf build
# OUT_DIR/hpcc holds the inputs (HpccSetup: topology.txt, flow.txt, config.txt as run.py --cc dcqcn|hp --bw 100
# writes it, completed with the keys the program needs at the repository's mix/config.txt defaults, tracing off)
# and HPCC's fct.txt; OUT_DIR/run Lossless's results. HPCC's program is not run again when OUT_DIR/hpcc/fct.txt was
# made from the same inputs (their checksum is kept in OUT_DIR/hpcc/inputs.sha256). Both runs are CPU-heavy: one
# process at a time. The CDF comes from CDF (default /work/shared/data/cdf/FbHdp_distribution.txt, HPCC's
# traffic_gen/FbHdp_distribution.txt). Arguments after -- go to `lossless run`.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
usage="usage: hpcc-simulator-parity.sh HPCC_SIMULATION_DIR OUT_DIR [load] [duration_s] [seed] [dcqcn|hpcc] [-- ...]"
sim="$(cd "${1:?$usage}" && pwd)"
out="${2:?$usage}"
load="${3:-0.3}"; dur="${4:-0.0002}"; seed="${5:-1}"; cc="${6:-dcqcn}"
shift $(( $# < 6 ? $# : 6 ))
[[ ${1:-} == -- ]] && shift
[[ $cc == dcqcn || $cc == hpcc ]] || { echo "hpcc-simulator-parity: cc must be dcqcn or hpcc, got $cc" >&2; exit 2; }
third="$sim/build/scratch/third"
[[ -x "$third" ]] || { echo "hpcc-simulator-parity: $third not found: build HPCC's simulation folder first" >&2; exit 2; }
cdf=${CDF:-/work/shared/data/cdf/FbHdp_distribution.txt}
goals=(package -DskipTests dependency:build-classpath -Dmdep.outputFile=target/classpath.txt -pl benchmarks -am)
(cd "$root" && { mvn -q -o "${goals[@]}" >/dev/null 2>&1 || mvn -q "${goals[@]}" >/dev/null; })
cp="$root/benchmarks/target/classes:$(cat "$root/benchmarks/target/classpath.txt")"
mkdir -p "$out/hpcc"
out="$(cd "$out" && pwd)"
h="$out/hpcc"
java -cp "$cp" org.lossless.benchmarks.hpcc.HpccSetup "$h" "$cdf" "$load" "$dur" "$seed" "$cc"
# the keys HPCC's program needs and HpccSetup does not write, at mix/config.txt's values (only where absent)
while read -r key value; do
  grep -q "^$key " "$h/config.txt" || echo "$key $value" >>"$h/config.txt"
done <<'EOF'
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
echo 0 >"$h/trace.txt"
flows="$(head -1 "$h/flow.txt")"
sum="$(cat "$h/topology.txt" "$h/flow.txt" "$h/config.txt" "$third" | sha256sum | cut -d' ' -f1)"
if [[ -f "$h/fct.txt" && -f "$h/inputs.sha256" && "$(cat "$h/inputs.sha256")" == "$sum" ]]; then
  echo "HPCC's simulator: fct.txt of the same inputs kept"
else
  rm -f "$h/fct.txt" "$h/inputs.sha256"
  (cd "$h" && LD_LIBRARY_PATH="$sim/build" /usr/bin/time -o "$h/time.txt" -f "%U %S %e %M" "$third" config.txt \
    >"$h/third.log" 2>&1)
  read -r u s e m <"$h/time.txt"
  echo "HPCC's simulator: $(echo "$u + $s" | bc) s of CPU, $e s of wall time, peak RSS $((m / 1024)) MB"
  echo "$sum" >"$h/inputs.sha256"
fi
done_flows="$(wc -l <"$h/fct.txt")"
[[ $done_flows -eq $flows ]] || echo "hpcc-simulator-parity: HPCC's simulator finished $done_flows of $flows flows" >&2
"$root/lossless" import hpcc --topology "$h/topology.txt" --flows "$h/flow.txt" --config "$h/config.txt" \
  --out "$out/scenario.yaml" --force 2>/dev/null
rm -rf "$out/run"
/usr/bin/time -o "$out/time.txt" -f "%U %S %e %M" "$root/lossless" run "$out/scenario.yaml" --out "$out/run" --quiet "$@"
read -r u s e m <"$out/time.txt"
echo "Lossless: $(echo "$u + $s" | bc) s of CPU, $e s of wall time, peak RSS $((m / 1024)) MB"
echo "FbHdp, load $load, $dur s of arrivals, seed $seed, $cc: $flows flows"
java -cp "$cp" org.lossless.benchmarks.hpcc.FctCompare "$h/fct.txt" "$out/run/flows.csv"
