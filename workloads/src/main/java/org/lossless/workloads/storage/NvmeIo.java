package org.lossless.workloads.storage;

/** One I/O of an NVMe-oF job: what the application issued, carried by one or more commands. */
final class NvmeIo {
    /** 0-based number of the I/O within its job (issue order); the {@code iteration} of its messages' tags. */
    final long seq;
    final NvmeInitiator initiator;
    final int target;
    final IoClass kind;
    final long issuedPs;
    int commandsLeft;

    NvmeIo(long seq, NvmeInitiator initiator, int target, IoClass kind, long issuedPs, int commands) {
        this.seq = seq;
        this.initiator = initiator;
        this.target = target;
        this.kind = kind;
        this.issuedPs = issuedPs;
        this.commandsLeft = commands;
    }
}
