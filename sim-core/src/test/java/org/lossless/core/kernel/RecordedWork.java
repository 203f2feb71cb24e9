package org.lossless.core.kernel;

import java.util.List;

/**
 * The tests' deferred work: partition events add instants to {@link #recorded} (in time order); the work is pending at
 * the first of them, and running it takes that instant off and {@linkplain #act acts} at it. Subclasses give the
 * action and the horizon.
 */
abstract class RecordedWork implements Deferred {
    /** Instants at which work was recorded and not yet run, ps, earliest first. */
    final List<Long> recorded;

    RecordedWork(List<Long> recorded) {
        this.recorded = recorded;
    }

    /** What the work does at {@code atPs}, once its instant is taken off {@link #recorded}. */
    abstract void act(long atPs);

    @Override
    public final long pendingPs() {
        return recorded.isEmpty() ? Long.MAX_VALUE : recorded.get(0);
    }

    @Override
    public final void run(long atPs) {
        recorded.remove(0);
        act(atPs);
    }
}
