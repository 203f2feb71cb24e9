package org.lossless.workloads.training;

/** What a node of a {@link RankGraph} does on its rank. */
public enum NodeKind {
    /** Occupies the rank's GPU stream for a fixed duration (a kernel or a group of kernels). */
    COMPUTE,
    /** One call of a collective over a {@link Communicator}: matched with the same call on every member. */
    COLLECTIVE,
    /** A point-to-point send to one peer rank: matched with that peer's receive, in order. */
    SEND,
    /** A point-to-point receive from one peer rank: matched with that peer's send, in order. */
    RECV
}
