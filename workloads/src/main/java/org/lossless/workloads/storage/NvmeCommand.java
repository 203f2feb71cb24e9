package org.lossless.workloads.storage;

import org.lossless.workloads.traffic.Message;

/**
 * One NVMe command in flight (an I/O larger than MDTS is several). The initiator considers it done only
 * when both its capsule SEND has been acknowledged and the target's completion has arrived, as the Linux
 * host does (a reference for each, {@code nvme_rdma_end_request}).
 */
final class NvmeCommand {
    final NvmeIo io;
    /** 0-based index of this command within its I/O. */
    final int index;
    final long bytes;
    Message capsule;
    Message completion;
    /** RDMA READs of a write still to arrive at the target. */
    int readsLeft;
    /** Ids of the target's RDMA operations (READs of a write, WRITEs of a read), for the message DAG. */
    long[] dataIds;
    boolean capsuleAcked;
    boolean completed;

    NvmeCommand(NvmeIo io, int index, long bytes) {
        this.io = io;
        this.index = index;
        this.bytes = bytes;
    }

    boolean done() {
        return capsuleAcked && completed;
    }
}
