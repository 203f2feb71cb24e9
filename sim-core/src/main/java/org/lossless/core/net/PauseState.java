package org.lossless.core.net;

import java.util.Arrays;

/**
 * IEEE 802.1Qbb pause state of one transmitter, per priority. A PFC frame received on a port pauses
 * that port's own transmitter (the reverse direction of the same cable) for the priorities it
 * enables: time t &gt; 0 pauses for t quanta of 512 bit times at the port's speed; t = 0 resumes at
 * once. In {@code untilXon} mode (the HPCC simulator's model) any non-zero time pauses until an
 * explicit resume.
 *
 * <p><b>Response time.</b> A real MAC does not stop at the last bit of the PAUSE: IEEE 802.3 Annex 31B.3.7
 * lets it start new frames of the paused priority for up to a response budget after the PAUSE arrived
 * (394 quanta = 2.02 us at 100 Gb/s), and a frame it started before then finishes. Here an XOFF that
 * finds the priority running takes effect {@code responsePs} after it arrived ("pending" until then);
 * the pause timer runs from the arrival (802.3: the timer is loaded when the frame is received), so a
 * timed pause ends at arrival + quanta whatever the response time. A refresh of a pending or running pause
 * only moves its end. XON (time 0) acts at once, also on a pending pause. No event is needed to start
 * a pause: {@link #isPaused} compares the time with the effective start.
 *
 * <p>The priority stops at a frame boundary: the frame already on the wire finishes, because the
 * port asks its source for the next frame only when the wire is free. Paused time is accumulated
 * per priority in picoseconds from the effective start (a pause ended before it took effect adds 0).
 */
public final class PauseState {
    /** One pause quantum is 512 bit times. */
    public static final int QUANTUM_BITS = 512;
    private final long rateBps;
    private final boolean untilXon;
    private final long responsePs;
    private final long[] pausedUntilPs = new long[PortCounters.PRIORITIES];
    /** Effective start of the current pause: XOFF arrival + response time (may lie ahead: pending). */
    private final long[] pauseStartPs = new long[PortCounters.PRIORITIES];
    /** End (XON or expiry) of the last pause that ended, ps; {@code Long.MIN_VALUE} before any. */
    private final long[] lastEndPs = new long[PortCounters.PRIORITIES];
    private int pausedMask;

    /** A transmitter that obeys a PAUSE at the last bit of the frame (response time 0). */
    public PauseState(long rateBps, boolean untilXon) {
        this(rateBps, untilXon, 0);
    }

    /**
     * @param responsePs time from the arrival of an XOFF until the transmitter may start no new frame of the
     *                   paused priority, ps (&ge; 0)
     */
    public PauseState(long rateBps, boolean untilXon, long responsePs) {
        if (responsePs < 0) {
            throw new IllegalArgumentException("PFC response time must be >= 0 ps, got " + responsePs);
        }
        this.rateBps = rateBps;
        this.untilXon = untilXon;
        this.responsePs = responsePs;
        Arrays.fill(lastEndPs, Long.MIN_VALUE);
    }

    /** Response time to a received XOFF, ps. */
    public long responsePs() {
        return responsePs;
    }

    /** Length of {@code quanta} pause quanta at this port's speed, ps (rounded up). */
    public long quantaToPs(int quanta) {
        return WireFormat.bitsToPs((long) quanta * QUANTUM_BITS, rateBps);
    }

    /**
     * Applies a received PFC frame at {@code nowPs}; returns true if some priority resumed (the port
     * should look for work). Paused time of resumed priorities is added to {@code counters}.
     */
    public boolean apply(Packet pfc, long nowPs, PortCounters counters) {
        int classEnable = pfc.pfcClassEnable();
        expire(nowPs, counters);
        boolean resumed = false;
        for (int prio = 0; prio < PortCounters.PRIORITIES; prio++) {
            if ((classEnable & (1 << prio)) == 0) {
                continue;
            }
            counters.countPauseRx(prio);
            boolean wasPaused = (pausedMask & (1 << prio)) != 0;
            int quanta = pfc.pfcQuanta(prio);
            if (quanta == 0) {
                if (wasPaused) {
                    end(prio, nowPs, counters);
                    resumed = true;
                }
                continue;
            }
            if (!wasPaused) {
                pausedMask |= 1 << prio;
                pauseStartPs[prio] = nowPs + responsePs;
            }
            pausedUntilPs[prio] = untilXon ? Long.MAX_VALUE : nowPs + quantaToPs(quanta);
        }
        return resumed;
    }

    /** Ends pauses whose time ran out by {@code nowPs}; returns true if any did. */
    public boolean expire(long nowPs, PortCounters counters) {
        boolean any = false;
        int m = pausedMask;
        while (m != 0) {
            int prio = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            if (pausedUntilPs[prio] <= nowPs) {
                end(prio, pausedUntilPs[prio], counters);
                any = true;
            }
        }
        return any;
    }

    private void end(int prio, long endPs, PortCounters counters) {
        pausedMask &= ~(1 << prio);
        lastEndPs[prio] = endPs;
        counters.addPausedPs(prio, Math.max(0, endPs - pauseStartPs[prio]));
    }

    /** Whether {@code prio} may not start a frame at {@code nowPs}: in effect (past its response time) and not expired. */
    public boolean isPaused(int prio, long nowPs) {
        return (pausedMask & (1 << prio)) != 0 && pauseStartPs[prio] <= nowPs && pausedUntilPs[prio] > nowPs;
    }

    /** Whether {@code prio} has a received pause in effect or pending (within its response time) at {@code nowPs}. */
    public boolean pauseRequested(int prio, long nowPs) {
        return (pausedMask & (1 << prio)) != 0 && pausedUntilPs[prio] > nowPs;
    }

    /**
     * When the current pause of {@code prio} took (or takes) effect, ps: the arrival of the XOFF that paused
     * it from the running state plus the response time (refreshes of a standing pause do not move it).
     * Meaningful only while {@link #isPaused} is true.
     */
    public long pauseStartPs(int prio) {
        return pauseStartPs[prio];
    }

    /**
     * When the last pause of {@code prio} that ended did so (an XON's arrival or the expiry of its time), ps;
     * {@code Long.MIN_VALUE} if none has. While no new pause began, {@link #pauseStartPs} is still that pause's
     * effective start (after its end if an XON came within the response time: it never held a frame).
     */
    public long lastPauseEndPs(int prio) {
        return lastEndPs[prio];
    }

    /** Bit mask of priorities currently in a pause (possibly pending or expired but not yet noticed). */
    public int pausedMask() {
        return pausedMask;
    }

    /** Earliest time a timed pause ends, or {@code Long.MAX_VALUE}. */
    public long nextExpiryPs() {
        long t = Long.MAX_VALUE;
        int m = pausedMask;
        while (m != 0) {
            int prio = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            t = Math.min(t, pausedUntilPs[prio]);
        }
        return t;
    }

    /** Ends every pause at once without accounting (call {@link #closeAccounting} first). */
    public void clearAll() {
        pausedMask = 0;
    }

    /** Adds the paused time of pauses still running at the end of a run (nothing for a pending one). */
    public void closeAccounting(long nowPs, PortCounters counters) {
        int m = pausedMask;
        while (m != 0) {
            int prio = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            long end = Math.min(nowPs, pausedUntilPs[prio]);
            if (end > pauseStartPs[prio]) {
                counters.addPausedPs(prio, end - pauseStartPs[prio]);
                pauseStartPs[prio] = end;
            }
        }
    }
}
