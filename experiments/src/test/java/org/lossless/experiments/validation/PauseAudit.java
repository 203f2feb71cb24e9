package org.lossless.experiments.validation;

import java.math.BigInteger;
import java.util.List;

/**
 * Independent reference for reference check A-5 (pause-frame accounting): what one upstream transmitter's
 * paused time and pause episodes must be, given the PFC frames its peer put on the cable for one priority,
 * each with the time its last bit reached the upstream port ({@code arrival} = end of serialization at the
 * sender + propagation; the sender's wait behind the frame already on its wire is inside the serialization
 * end time).
 *
 * <p>802.1Qbb semantics: each received frame replaces the priority's pause timer. An XOFF with time q
 * arriving at t therefore holds the priority over [t, min(t + q × 512 bit times, next frame's arrival, end
 * of run)); in XOFF/XON mode the q part is infinite; an XON holds nothing. With a response time R (802.3
 * Annex 31B: the transmitter may start frames for R after the PAUSE arrived) an XOFF that finds the priority
 * running (no pause, or the previous one expired or ended by XON) holds it only from t + R, and so does every
 * later piece of the same episode: a piece is [max(t, episode start + R), its end), empty if it ends first.
 * Paused time is the sum of these per-frame pieces. This is deliberately not the model's state machine ({@code PauseState}): it never
 * merges or splits episodes, so a model that counted an overlapping refresh twice, closed a pause at the
 * wrong time or forgot a pause still running at the end disagrees with it.
 */
final class PauseAudit {
    /** One PFC frame for one priority: its time field (0 = XON), wire start/end at the sender, arrival upstream. */
    record Frame(int quanta, long startPs, long endPs, long arrivalPs) {
        boolean xon() {
            return quanta == 0;
        }
    }

    /**
     * What the upstream port should report, and the episodes seen there.
     *
     * @param pausedPs           expected {@code paused_ps}
     * @param pausedFromSendPs   the same sum with wire-start times instead of arrivals (a wrong model)
     * @param pausedUnclosedPs   the same sum without the last frame's piece when a pause still runs at the end (a
     *                           model not closing running pauses is off by at least this)
     * @param received           frames that arrived by the end (expected {@code pause_rx})
     * @param inFlight           frames fully sent but not arrived at the end
     * @param episodes           pauses begun from the running state
     * @param endedByXon         episodes ended by an arriving XON
     * @param endedByExpiry      episodes ended by their time running out (timed mode)
     * @param openAtEnd          whether a pause still runs at the end (closed at the end time)
     * @param restartsAfterExpiry XOFF refreshes that arrived at or after the previous one expired (begin an episode)
     * @param xonWhileRunning    XONs that arrived when the priority was not paused (timed mode, after an expiry)
     */
    record Result(long pausedPs, long pausedFromSendPs, long pausedUnclosedPs, int received, int inFlight,
                  int episodes, int endedByXon, int endedByExpiry, boolean openAtEnd, int restartsAfterExpiry,
                  int xonWhileRunning) {
    }

    private PauseAudit() {
    }

    /** Length of q pause quanta (512 bit times each) at {@code rateBps}, ps, rounded up (exact arithmetic). */
    static long quantaPs(int quanta, long rateBps) {
        BigInteger[] qr = BigInteger.valueOf(quanta).multiply(BigInteger.valueOf(512L * 1_000_000_000_000L))
                .divideAndRemainder(BigInteger.valueOf(rateBps));
        return qr[0].longValueExact() + (qr[1].signum() > 0 ? 1 : 0);
    }

    /**
     * @param frames   the sender's PFC frames of one priority in wire order (so also in arrival order)
     * @param rateBps  the cable's rate (pause quanta are bit times at the receiving port's speed)
     * @param untilXon XOFF/XON mode: an XOFF holds until the next XON
     * @param endPs    end of the run; frames arriving later are in flight
     * @param responsePs the upstream transmitter's PFC response time, ps
     */
    static Result audit(List<Frame> frames, long rateBps, boolean untilXon, long endPs, long responsePs) {
        int received = 0;
        for (Frame f : frames) {
            if (f.arrivalPs() <= endPs) {
                received++;
            }
        }
        long paused = 0;
        long fromSend = 0;
        long lastPiece = 0;
        long covered = Long.MIN_VALUE;
        long coveredSend = Long.MIN_VALUE;
        long effective = 0;
        long effectiveSend = 0;
        for (int i = 0; i < received; i++) {
            Frame f = frames.get(i);
            if (f.xon()) {
                covered = f.arrivalPs();
                coveredSend = f.startPs();
                continue;
            }
            long hold = untilXon ? Long.MAX_VALUE : quantaPs(f.quanta(), rateBps);
            if (covered <= f.arrivalPs()) {
                effective = f.arrivalPs() + responsePs;
            }
            if (coveredSend <= f.startPs()) {
                effectiveSend = f.startPs() + responsePs;
            }
            covered = satAdd(f.arrivalPs(), hold);
            coveredSend = satAdd(f.startPs(), hold);
            long nextArrival = i + 1 < received ? frames.get(i + 1).arrivalPs() : Long.MAX_VALUE;
            long piece = Math.max(0, Math.min(Math.min(covered, nextArrival), endPs)
                    - Math.max(f.arrivalPs(), effective));
            paused += piece;
            lastPiece = i + 1 == received && covered > endPs ? piece : 0;
            long nextStart = i + 1 < received ? frames.get(i + 1).startPs() : Long.MAX_VALUE;
            fromSend += Math.max(0, Math.min(Math.min(coveredSend, nextStart), endPs)
                    - Math.max(f.startPs(), effectiveSend));
        }
        // episodes: walk the arrivals with "covered until" c
        long c = Long.MIN_VALUE;
        boolean lastXoff = false;
        int episodes = 0;
        int byXon = 0;
        int byExpiry = 0;
        int restarts = 0;
        int xonRunning = 0;
        for (int i = 0; i < received; i++) {
            Frame f = frames.get(i);
            long t = f.arrivalPs();
            boolean running = c <= t;
            if (running && lastXoff) {
                byExpiry++;
            }
            if (f.xon()) {
                if (running) {
                    xonRunning++;
                } else {
                    byXon++;
                }
                c = t;
                lastXoff = false;
            } else {
                if (running) {
                    episodes++;
                    restarts += lastXoff ? 1 : 0;
                }
                c = untilXon ? Long.MAX_VALUE : t + quantaPs(f.quanta(), rateBps);
                lastXoff = true;
            }
        }
        boolean open = lastXoff && c > endPs;
        if (lastXoff && !open) {
            byExpiry++;
        }
        return new Result(paused, fromSend, paused - lastPiece, received, frames.size() - received, episodes, byXon,
                byExpiry, open, restarts, xonRunning);
    }

    private static long satAdd(long a, long b) {
        return b == Long.MAX_VALUE ? Long.MAX_VALUE : a + b;
    }
}
