package org.lossless.workloads.storage;

import java.util.ArrayDeque;

import org.lossless.core.random.Xoshiro256StarStar;

/** One client of a replication job: writes in flight, writes waiting for a slot (paced), its placement draws. */
final class ReplicationClient {
    final int index;
    final int host;
    /** Places this client's objects, so that its k-th object lands on the same OSDs whatever the network does. */
    final Xoshiro256StarStar rng;
    int inFlight;
    /** Writes issued (paced) but waiting for a free slot, oldest first. */
    final ArrayDeque<ReplicatedWrite> waiting = new ArrayDeque<>();
    long issued;

    ReplicationClient(int index, int host, Xoshiro256StarStar rng) {
        this.index = index;
        this.host = host;
        this.rng = rng;
    }
}
