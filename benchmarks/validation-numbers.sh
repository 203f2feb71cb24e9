#!/usr/bin/env bash
# Where the measured numbers of docs/validation.md come from: runs the tests that page names and prints, test class by
# test class, every line they print (each measuring test prints what it measured next to what it expected), then the
# C-6 runs (tree and ring all-reduce through `lossless run`): the protocol the tuner chose and the busbw.
#   benchmarks/validation-numbers.sh [--validation] [OUT_FILE=target/validation-numbers.txt]
# --validation adds the long runs of the validation profile (-Pvalidation: V04FluidSweepTest, C-4 at 64 MiB against
# the HPCC simulator): about 5 more minutes of CPU. Without it: about 6 minutes of CPU on the 2-core machine (the
# tests below are most of the suite's long ones). Needs the Maven dependencies in ~/.m2 (offline first).
# Not here: V-09's per-decile and side-by-side tables (benchmarks/hpcc-parity.sh, benchmarks/cli/hpcc-side-by-side.sh),
# C-4's 64 MiB runs on the default fat-tree (benchmarks/alltoall-hpcc.sh), the mutation scores (PIT, commands on the
# page).
set -euo pipefail
cd "$(dirname "$0")/.."
profile=()
if [[ ${1:-} == --validation ]]; then
  profile=(-Pvalidation)
  shift
fi
out=${1:-target/validation-numbers.txt}
mkdir -p "$(dirname "$out")"
tests=(
  # reference experiments (V-04 .. V-08), congestion control, consistency checks (A-*)
  V04IncastVsFluidTest V04FluidSweepTest ParkingLotTest V05DcqcnParkingLotTest VictimFlowTest V06VictimFlowTest
  V07AzureRttFairnessTest CdfProgramTest CongestionControlIncastTest HeadroomTest PfcResponseIncastTest
  IrnIncastTest PauseAccountingTest
  # V-09 (HPCC parity)
  HpccStyleLeanTest HpccPaperFatTreeTest HpccSimulatorFctTest
  # collectives (C-*), pathologies (P-*), scheduling, traffic classes, storage
  CollectiveValidationTest HpccSimulatorAllToAllTest HeadOfLineBlockingTest NicRxBufferTest SchedulingTest
  TrafficClassesTest StorageOnTheEngineTest
  # hardware replay and calibration (H-*)
  GoodputModelTest ReplayCliTest StagesTest CalibratorTest CcRecoveryTest
  # Ultra Ethernet against htsim's UEC model
  HtsimUecComparisonTest
)
list=$(IFS=,; echo "${tests[*]}")
log=$(mktemp)
trap 'rm -f "$log"' EXIT
goals=(-B test -pl cli -am "${profile[@]}" "-Dtest=$list" -Dsurefire.failIfNoSpecifiedTests=false)
mvn -o "${goals[@]}" >"$log" 2>&1 || mvn "${goals[@]}" >"$log" 2>&1 || {
  grep -E "FAIL|ERROR" "$log" | head -40 >&2
  echo "validation-numbers: a test failed (above); the numbers below are from the tests that ran" >&2
}
{
  echo "# docs/validation.md's measured numbers, $(date -u +%F) at $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (uncommitted changes)')"
  # the console: "[INFO] Running <class>" starts a class; what it prints follows (Maven's own lines start with "[")
  awk '/^\[INFO\] Running / {cls = $3; sub(/.*\./, "", cls); next}
       /^\[/ || /^$/ || /^WARNING/ || /^\033/ {next}
       cls != "" {if (cls != last) {print "\n## " cls; last = cls} print}' "$log"
  echo
  echo "## C-6 (lossless run: 8 hosts of a k=4 fat-tree, MTU 1024, NCCL's latencies, protocol left to the tuner, DCQCN)"
  dir=$(mktemp -d)
  for size in 64KiB 16MiB; do
    for algorithm in tree ring; do
      printf 'name: c6\ntopology: {type: fat-tree, k: 4}\nnic: {mtu: 1024}\nworkloads:\n  - {type: allreduce, name: ar, algorithm: %s, size: %s, hosts: "0-7"}\n' \
        "$algorithm" "$size" >"$dir/c6.yaml"
      ./lossless run -q --out "$dir/run" "$dir/c6.yaml" >/dev/null
      # columns by name (jobs.csv gains columns over time)
      awk -F, -v a="$algorithm" -v s="$size" \
        'NR == 1 {for (i = 1; i <= NF; i++) c[$i] = i; next}
         NR == 2 {printf "C-6 %s %s (%s): %.1f us, busbw %.2f GB/s\n", s, a, $c["protocol"], $c["duration_ps"] / 1e6, $c["busbw_GBps"]}' \
        "$dir/run/jobs.csv"
    done
  done
  rm -rf "$dir"
} | tee "$out"
echo "wrote $out" >&2
