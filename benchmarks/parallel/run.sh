#!/usr/bin/env bash
# The parallel engine against the sequential kernel, paired and alternating (benchmarks/README.md, "The parallel
# engine"): every round runs each scenario with 0 (the sequential kernel), 1 and 2 threads, and 2 threads on one
# partition per thread ("2c": the static split of step 4), in an order that alternates from round to round, each in
# a fresh JVM under /usr/bin/time (wall, user + sys CPU, peak RSS), with the load average
# before each run. Usage: benchmarks/parallel/run.sh [rounds=2] [scenario.yaml...]
# The JVMs get the `lossless` launcher's JIT flags (its `jit=(...)` list, read from the script: what `./lossless run
# --threads N` runs with); LAUNCHER_JIT=0 runs them with the JVM's defaults, as this script did before 2026-12-06.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-2}
shift || true
scenarios=("$@")
[[ ${#scenarios[@]} -gt 0 ]] || scenarios=(benchmarks/parallel/k8-allreduce.yaml benchmarks/parallel/k16-perm-1m.yaml)
goals=(package -DskipTests dependency:build-classpath -Dmdep.outputFile=target/classpath.txt -pl benchmarks -am)
mvn -q -o "${goals[@]}" >/dev/null 2>&1 || mvn -q "${goals[@]}" >/dev/null
cp="benchmarks/target/classes:$(cat benchmarks/target/classpath.txt)"
jit=()
if [[ "${LAUNCHER_JIT:-1}" != 0 ]]; then
  eval "$(sed -n '/^jit=(/,/)$/p' lossless)"
  [[ ${#jit[@]} -gt 0 ]] || { echo "run.sh: no jit=(...) list in ./lossless" >&2; exit 2; }
fi
for ((r = 0; r < rounds; r++)); do
  order=(0 1 2 2c)
  (( r % 2 == 1 )) && order=(2c 2 1 0)
  for s in "${scenarios[@]}"; do
    for t in "${order[@]}"; do
      echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
      /usr/bin/time -f "time: threads=$t wall %e s user %U s sys %S s maxrss %M KB" \
        java -XX:+UseParallelGC -Xmx4g "${jit[@]}" -cp "$cp" org.lossless.benchmarks.ParallelRunBenchmark "$s" "$t"
    done
  done
done
