#!/usr/bin/env bash
# Local sweep executors compared (docs/sweeps.md, "Local executor"): the same 8-run sweep (4 points x 2
# replications) with 2 workers, (A) in-process worker threads in one JVM (what `lossless sweep` does) and
# (B) one JVM per run (2 at a time, `xargs -P 2` over the sweep task entry point). Prints wall and CPU seconds
# per repetition, alternating A and B. Usage: benchmarks/sweep/run.sh [tiny|medium] [repetitions]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
scenario="$here/${1:-tiny}.yaml"
reps="${2:-3}"
"$root/lossless" --version >/dev/null
jar="$root/cli/target/lossless.jar"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# the collector settings of ./lossless and of the Slurm tasks (serial, a heap that follows the live set): measured
# against the parallel collector with this script, the same CPU within noise and 30-40 % less resident memory
# (benchmarks/README.md, "Memory IV")
gc=(-XX:+UseSerialGC -Xms32m -XX:NewRatio=12 -XX:MinHeapFreeRatio=20 -XX:MaxHeapFreeRatio=40
    -XX:+IgnoreUnrecognizedVMOptions -XX:TrimNativeHeapInterval=5000)
vary=(--vary switch.ecn.kmin=10KB,20KB,40KB,80KB --replications 2)
for i in $(seq 1 "$reps"); do
  rm -rf "$work/a" "$work/b"
  /usr/bin/time -f "A in-process  wall %e s  cpu %U+%S s" \
    java "${gc[@]}" -jar "$jar" sweep "$scenario" "${vary[@]}" --jobs 2 --quiet --out "$work/a" >/dev/null
  mkdir -p "$work/b/points"
  cp "$work/a/sweep.json" "$work/a/scenario.yaml" "$work/b/"
  /usr/bin/time -f "B JVM per run wall %e s  cpu %U+%S s" \
    sh -c "seq 0 7 | xargs -P 2 -I{} java ${gc[*]} -cp '$jar' org.lossless.experiments.sweep.SweepTask '$work/b' {} >/dev/null"
  test "$(find "$work/b/points" -name summary.json | wc -l)" = 8
done
