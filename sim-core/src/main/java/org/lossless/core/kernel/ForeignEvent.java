package org.lossless.core.kernel;

import nl.tudelft.simulation.dsol.formalisms.eventscheduling.SimEventInterface;

/**
 * Carries a DSOL event that is not a {@link SimEvent} (DSOL's own warmup and end-of-replication
 * events, or a model's lambda event) through {@link LongHeapEventList}. Rare by design: a few per
 * replication, so the wrapper allocation does not matter.
 */
final class ForeignEvent extends SimEvent {
    private static final long serialVersionUID = 1L;
    final SimEventInterface<Long> delegate;

    ForeignEvent(SimEventInterface<Long> delegate) {
        super(delegate.getPriority(), 0, MAX_KEY_PRIORITY);
        this.delegate = delegate;
    }

    @Override
    protected void fire() {
        delegate.execute();
    }

    @Override
    public String toString() {
        return "ForeignEvent[t=" + timePs + " ps, " + delegate + "]";
    }
}
