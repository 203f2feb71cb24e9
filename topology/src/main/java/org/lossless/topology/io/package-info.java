/**
 * Topology files in and out: the HPCC ns-3 simulator's topology, flow and trace files ({@link
 * org.lossless.topology.io.HpccTopologyFile}, {@link org.lossless.topology.io.HpccFlowFile}, {@link
 * org.lossless.topology.io.HpccExport}), its FCT output, to compare a run with its flow by flow ({@link
 * org.lossless.topology.io.HpccFctFile}), ns-3 rate and time strings ({@link
 * org.lossless.topology.io.Ns3Units}) and Graphviz dot ({@link org.lossless.topology.io.DotExport}).
 */
package org.lossless.topology.io;
