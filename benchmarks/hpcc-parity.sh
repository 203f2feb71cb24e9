#!/usr/bin/env bash
# V-09 (docs/validation.md): the HPCC paper's fat-tree with FbHdp traffic, run the way the HPCC simulator runs
# DCQCN, through 'lossless import hpcc', and the FCT slowdown per flow-size decile against HPCC's own figures.
#   benchmarks/hpcc-parity.sh [OUT_DIR=target/hpcc-parity] [load=0.3] [duration_s=0.001] [seed=1] [-- --set KEY=V ...]
# Needs the FbHdp CDF (HPCC's traffic_gen/FbHdp_distribution.txt) in CDF (default /work/shared/data/cdf/...).
# SETUP_ONLY=1: only writes OUT_DIR/hpcc (HPCC's input files) and OUT_DIR/v09.yaml, runs nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/hpcc-parity}; load=${2:-0.3}; dur=${3:-0.001}; seed=${4:-1}
shift $(( $# < 4 ? $# : 4 ))
[[ ${1:-} == -- ]] && shift
cdf=${CDF:-/work/shared/data/cdf/FbHdp_distribution.txt}
goals=(package -DskipTests dependency:build-classpath -Dmdep.outputFile=target/classpath.txt -pl benchmarks -am)
mvn -q -o "${goals[@]}" >/dev/null 2>&1 || mvn -q "${goals[@]}" >/dev/null
cp="benchmarks/target/classes:$(cat benchmarks/target/classpath.txt)"
mkdir -p "$out"
java -cp "$cp" org.lossless.benchmarks.hpcc.HpccSetup "$out/hpcc" "$cdf" "$load" "$dur" "$seed"
./lossless import hpcc --topology "$out/hpcc/topology.txt" --flows "$out/hpcc/flow.txt" \
    --config "$out/hpcc/config.txt" --out "$out/v09.yaml" --force
[[ ${SETUP_ONLY:-0} == 1 ]] && exit 0
start=$(date +%s)
./lossless run "$out/v09.yaml" --out "$out/run" "$@"
echo "run took $(( $(date +%s) - start )) s of wall time"
java -cp "$cp" org.lossless.benchmarks.hpcc.DecileReport "$out/run/flows.csv"
