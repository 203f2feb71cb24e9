package org.lossless.workloads.storage;

import java.util.ArrayDeque;

import org.lossless.core.random.Xoshiro256StarStar;

/** The queue of one initiator: commands in flight (at most the queue depth) and commands waiting for a slot. */
final class NvmeInitiator {
    /** 0-based position in the job's initiator list. */
    final int index;
    final int host;
    /** Draws this initiator's I/O classes, so that its k-th I/O is the same whatever the network does. */
    final Xoshiro256StarStar rng;
    final ArrayDeque<NvmeCommand> waiting = new ArrayDeque<>();
    int inFlight;
    long issued;

    NvmeInitiator(int index, int host, Xoshiro256StarStar rng) {
        this.index = index;
        this.host = host;
        this.rng = rng;
    }

    boolean idle() {
        return inFlight == 0 && waiting.isEmpty();
    }
}
