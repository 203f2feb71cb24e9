package org.lossless.experiments.run;

/**
 * Posted messages waiting for their release, in (release time, message id) order ({@link OrderedHeap}; it replaced a
 * {@code PriorityQueue} in the releasers). One reference per waiting message, as that queue held: a version that
 * copied the two keys into {@code long} arrays beside it cost a run that posts its messages up front 48-104 B more per
 * message ({@code MessageAllocationBenchmark}). Ids are unique, so the order is total.
 */
final class ReleaseQueue extends OrderedHeap<Posted> {
    ReleaseQueue() {
        super(16);
    }

    /** The first message's release time, ps; only when not empty. */
    long peekTime() {
        return peek().message.postPs();
    }

    @Override
    protected boolean before(Posted a, Posted b) {
        long ta = a.message.postPs();
        long tb = b.message.postPs();
        return ta < tb || ta == tb && a.message.id() < b.message.id();
    }
}
