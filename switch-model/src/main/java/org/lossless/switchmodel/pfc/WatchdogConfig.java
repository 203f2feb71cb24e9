package org.lossless.switchmodel.pfc;

import java.util.Locale;

/**
 * A switch's PFC watchdog (SONiC {@code PFC_WD}, reference §6) in model units.
 *
 * @param detectionPs   a queue is stormed once it has been paused, non-empty, for at least this long at a poll, ps
 * @param restorationPs a stormed queue is restored at the first poll this long after the last PFC frame for
 *                      its priority arrived on its port, ps
 * @param pollPs        polling period, ps; polls fall on multiples of it from time 0
 * @param action        what a stormed queue does
 * @param watchedMask   bit mask of the priorities watched (the lossless ones)
 */
public record WatchdogConfig(long detectionPs, long restorationPs, long pollPs, Action action, int watchedMask) {
    /** What a stormed queue does. */
    public enum Action {
        /** Discard the queue's frames and every frame arriving for it. */
        DROP,
        /** Ignore PAUSE for the queue and transmit. */
        FORWARD,
        /** Report only. */
        ALERT;

        /** Scenario spelling: drop, forward, alert. */
        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** From the scenario spelling. */
        public static Action of(String key) {
            return valueOf(key.toUpperCase(Locale.ROOT));
        }
    }

    public WatchdogConfig {
        if (detectionPs <= 0 || restorationPs <= 0 || pollPs <= 0) {
            throw new IllegalArgumentException("switch.pfc.watchdog times must be > 0 ps");
        }
        if (action == null) {
            throw new IllegalArgumentException("switch.pfc.watchdog.action must be drop, forward or alert");
        }
        if ((watchedMask & ~0xff) != 0) {
            throw new IllegalArgumentException("watched priorities must be in 0..7");
        }
    }
}
