package org.lossless.workloads.chakra;

import org.lossless.workloads.collective.Collective;

/**
 * One Chakra node as read, before the rank's nodes are put in dependency order ({@link RankTrace}).
 *
 * @param id         the node's Chakra id (unique in its file)
 * @param name       its name (for messages and the timeline)
 * @param op         what it becomes
 * @param durationPs compute, CPU and memory nodes: {@code duration_micros} in ps; 0 otherwise
 * @param collective a collective's operation, else null
 * @param bytes      a communication node's {@code comm_size}, bytes; 0 otherwise
 * @param group      a collective's {@code pg_name}, or null for every rank of the job
 * @param peer       a send's {@code comm_dst} or a receive's {@code comm_src} (a rank), -1 otherwise
 * @param deps       Chakra ids of its {@code data_deps}
 */
record RawNode(long id, String name, NodeOp op, long durationPs, Collective collective, long bytes, String group,
               int peer, long[] deps) {
    /** How a message names the node: {@code node 17 'ncclAllReduce'}. */
    String describe() {
        return "node " + Long.toUnsignedString(id) + (name.isEmpty() ? "" : " '" + name + "'");
    }
}
