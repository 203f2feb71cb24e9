package org.lossless.core.net;

/** Told of every PFC state change a node makes (for {@code timeseries/pfc.csv} and pause graphs). */
@FunctionalInterface
public interface PfcObserver {
    /**
     * The node sent XOFF ({@code pause = true}) or XON for {@code priority} on its port {@code port}
     * at {@code timePs}. Refreshes of a standing pause are not reported.
     */
    void pfcSent(long timePs, String node, int port, int priority, boolean pause);

    /** {@code first} then {@code then}, in that order; {@code then} alone when there is no {@code first}. */
    static PfcObserver chain(PfcObserver first, PfcObserver then) {
        return first == null ? then : (t, n, port, prio, pause) -> {
            first.pfcSent(t, n, port, prio, pause);
            then.pfcSent(t, n, port, prio, pause);
        };
    }
}
