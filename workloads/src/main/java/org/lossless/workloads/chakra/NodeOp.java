package org.lossless.workloads.chakra;

/** What a Chakra node becomes in the training executor. */
enum NodeOp {
    /** {@code COMP_NODE} on the GPU: its duration on the GPU's compute stream. */
    GPU,
    /** {@code COMP_NODE} with {@code is_cpu_op: true}: its duration on the rank's CPU stream. */
    CPU,
    /** {@code MEM_LOAD_NODE}, {@code MEM_STORE_NODE}: its duration on the rank's memory stream. */
    MEMORY,
    /** {@code METADATA_NODE}: takes no time; its dependencies still hold. */
    META,
    /** {@code COMM_COLL_NODE}: one call of a collective on its group. */
    COLLECTIVE,
    /** {@code COMM_SEND_NODE}. */
    SEND,
    /** {@code COMM_RECV_NODE}. */
    RECV
}
