package org.lossless.core.kernel;

/**
 * Partition {@code p}'s view of a {@link ParallelEngine} ({@link ParallelEngine#partition(int)}): components of the
 * partition take their {@link Scheduler#source(int) source} from it. Scheduling through the view itself is not allowed
 * (an event needs a source).
 */
final class PartitionView implements Scheduler {
    private final EventLoop loop;

    PartitionView(EventLoop loop) {
        this.loop = loop;
    }

    @Override
    public long now() {
        return loop.nowPs;
    }

    @Override
    public void schedule(SimEvent event, long atPs) {
        throw new UnsupportedOperationException("schedule through a source of partition " + loop.index);
    }

    @Override
    public boolean cancel(SimEvent event) {
        return loop.cancel(event);
    }

    @Override
    public Scheduler source(int id) {
        return loop.source(id);
    }

    /** A source of id 0 in this partition's loop (not registered as a component's: each partition may have one). */
    @Override
    public Scheduler instantStart() {
        return new Source(loop, 0);
    }
}
