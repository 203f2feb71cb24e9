/**
 * The topology benchmark ({@link org.lossless.topology.bench.TopologyBenchmark}): a main class, not a
 * test; run it with {@code benchmarks/topology/run.sh}. Results go to benchmarks/README-topology.md.
 */
package org.lossless.topology.bench;
