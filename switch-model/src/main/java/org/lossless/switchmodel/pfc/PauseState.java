package org.lossless.switchmodel.pfc;

/**
 * Pause state of one transmitter for one priority (a switch egress port's queue or a NIC's send
 * queues of that priority). Every method is O(1) given the current time {@code nowPs}; expiry is
 * settled lazily (no event is needed to end a timed pause, but a transmitter that wants to restart at
 * expiry schedules a wake-up at {@link #pausedUntilPs()}).
 *
 * <p>Semantics: a PFC time field &gt; 0 (re)starts the pause: it ends at now + duration, replacing any
 * earlier end, longer or shorter (802.1Qbb: the new value replaces the timer). A time of 0 (XON) ends it
 * now. A duration of {@link PfcTiming#UNTIL_XON} never expires. Paused time accumulates over closed
 * intervals plus the open one; an expired interval counts up to its expiry only.
 *
 * <p>Counters match hardware ({@code rx_prio<p>_pause}, {@code rx_prio<p>_pause_duration},
 * {@code rx_prio<p>_pause_transition}): XOFF frames received, XON frames received, and paused → running
 * transitions (by XON or by expiry).
 */
public final class PauseState {
    private long pausedUntilPs;
    private long pauseStartPs;
    private boolean open;
    private long closedPs;
    private long xoffFrames;
    private long xonFrames;
    private long transitions;

    /**
     * Applies a received time field converted to a duration ({@link PfcTiming#receivedPausePs}).
     *
     * @param nowPs      arrival time of the frame, ps
     * @param durationPs 0 = XON; &gt; 0 = pause that long; {@link PfcTiming#UNTIL_XON} = until XON
     */
    public void onPfc(long nowPs, long durationPs) {
        if (durationPs < 0) {
            throw new IllegalArgumentException("pause duration must be >= 0 ps, got " + durationPs);
        }
        settle(nowPs);
        if (durationPs == 0) {
            xonFrames++;
            if (open) {
                closedPs += nowPs - pauseStartPs;
                open = false;
                transitions++;
            }
            pausedUntilPs = nowPs;
            return;
        }
        xoffFrames++;
        if (!open) {
            open = true;
            pauseStartPs = nowPs;
        }
        pausedUntilPs = durationPs == PfcTiming.UNTIL_XON || nowPs > Long.MAX_VALUE - durationPs
                ? PfcTiming.UNTIL_XON : nowPs + durationPs;
    }

    /** Closes an interval whose timer ran out at or before {@code nowPs}. */
    private void settle(long nowPs) {
        if (open && pausedUntilPs <= nowPs) {
            closedPs += pausedUntilPs - pauseStartPs;
            open = false;
            transitions++;
        }
    }

    /** Whether the priority may not start a new frame at {@code nowPs}. */
    public boolean isPaused(long nowPs) {
        settle(nowPs);
        return open;
    }

    /** When the current pause ends, ps ({@link PfcTiming#UNTIL_XON} if only XON ends it); meaningful while paused. */
    public long pausedUntilPs() {
        return pausedUntilPs;
    }

    /** Total paused time up to {@code nowPs}, ps. */
    public long pausedPs(long nowPs) {
        settle(nowPs);
        return open ? closedPs + (nowPs - pauseStartPs) : closedPs;
    }

    public long xoffFrames() {
        return xoffFrames;
    }

    public long xonFrames() {
        return xonFrames;
    }

    /** Paused → running transitions settled so far (call {@link #isPaused} or {@link #pausedPs} first to settle expiry). */
    public long transitions() {
        return transitions;
    }

    /** Clears the state and the counters. */
    public void reset() {
        pausedUntilPs = 0;
        pauseStartPs = 0;
        open = false;
        closedPs = 0;
        xoffFrames = 0;
        xonFrames = 0;
        transitions = 0;
    }
}
