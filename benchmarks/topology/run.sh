#!/usr/bin/env bash
# Topology benchmark: builds k-ary fat-trees (default k = 16 24 32) and their routes, in a 1 GB heap.
# Usage: benchmarks/topology/run.sh [k ...]      Results: benchmarks/README-topology.md
# Compiles the topology module and its test tree (where the benchmark main lives); installs nothing.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
mvn -q -o -pl topology -am test-compile 2>/dev/null || mvn -q -pl topology -am test-compile
cp="topology/target/classes:topology/target/test-classes:sim-core/target/classes"
exec java -Xmx1g -XX:+UseParallelGC -cp "$cp" org.lossless.topology.bench.TopologyBenchmark "$@"
