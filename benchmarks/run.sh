#!/usr/bin/env bash
# Builds the project (skipping tests) and runs one benchmark main: benchmarks/run.sh IncastBenchmark [args]
set -euo pipefail
cd "$(dirname "$0")/.."
name=${1:?usage: benchmarks/run.sh BenchmarkClass [args...]}; shift
goals=(package -DskipTests dependency:build-classpath -Dmdep.outputFile=target/classpath.txt -pl benchmarks -am)
mvn -q -o "${goals[@]}" >/dev/null 2>&1 || mvn -q "${goals[@]}" >/dev/null
# Parallel GC, as these benchmarks were measured with (G1's write barrier and refinement thread cost the packet engine
# CPU); ./lossless and the sweep tasks now run the serial collector (benchmarks/README.md, "Memory III" and "Memory IV")
exec java -XX:+UseParallelGC -Xmx4g -cp "benchmarks/target/classes:$(cat benchmarks/target/classpath.txt)" "org.lossless.benchmarks.$name" "$@"
