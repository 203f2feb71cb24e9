#!/usr/bin/env bash
# Builds and runs the kernel hold-model benchmark (benchmarks/kernel, not a default module).
# Usage: benchmarks/run-kernel.sh [--pending 1000,100000] [--runs 3] [--events N] [--stock-events N]
#                                 [--variants kernel,stock]
# Add -o to MVN_FLAGS when offline: MVN_FLAGS=-o benchmarks/run-kernel.sh
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q ${MVN_FLAGS:-} -Pbenchmarks -pl benchmarks/kernel -am -DskipTests \
    package dependency:build-classpath -Dmdep.outputFile=target/classpath.txt
CP="benchmarks/kernel/target/classes:$(cat benchmarks/kernel/target/classpath.txt)"
exec java -Xms1g -Xmx1g -cp "$CP" org.lossless.benchmarks.KernelBenchmark "$@"
