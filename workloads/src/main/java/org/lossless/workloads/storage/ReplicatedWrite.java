package org.lossless.workloads.storage;

import org.lossless.workloads.traffic.Message;

/** One object write of a replication job in flight. */
final class ReplicatedWrite {
    /** 0-based number of the write within its job (issue order); the {@code iteration} of its messages. */
    final long seq;
    final ReplicationClient client;
    final int primary;
    /** The secondary OSDs (replicas - 1 of them). */
    final int[] secondaries;
    final long issuedPs;
    Message data;
    Message ack;
    int replicaAcksLeft;
    boolean primaryDurable;
    long[] replicaAckIds;
    int replicaAcksSeen;

    ReplicatedWrite(long seq, ReplicationClient client, int primary, int[] secondaries, long issuedPs) {
        this.seq = seq;
        this.client = client;
        this.primary = primary;
        this.secondaries = secondaries;
        this.issuedPs = issuedPs;
        this.replicaAcksLeft = secondaries.length;
        this.replicaAckIds = new long[secondaries.length];
    }
}
