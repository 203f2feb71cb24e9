package org.lossless.core.net;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;

/** Test helper: runs an action as an event of its own at a given time. */
final class At {
    private At() {
    }

    /** Schedules {@code action} on {@code sim} at {@code atPs}, ps. */
    static void at(Scheduler sim, long atPs, Runnable action) {
        sim.schedule(new SimEvent() {
            @Override
            protected void fire() {
                action.run();
            }
        }, atPs);
    }
}
