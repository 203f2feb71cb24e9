package org.lossless.switchmodel;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PauseState;
import org.lossless.switchmodel.pfc.StormEpisode;
import org.lossless.switchmodel.pfc.WatchdogConfig;
import org.lossless.switchmodel.pfc.WatchdogConfig.Action;

/**
 * The PFC watchdog of one switch (SONiC {@code PFC_WD}, reference §6): a state machine per (egress port,
 * watched priority), evaluated at polls.
 *
 * <p>Polls fall on multiples of the poll interval from time 0. This object is the switch's one poll
 * event; it is scheduled only while some watched queue of the switch is paused or stormed: a PFC frame
 * arms it (first multiple at or after its arrival), a poll re-arms it while something is still paused
 * or stormed, and an idle fabric holds no watchdog event.
 *
 * <p>At a poll at time t, for each watched (port, priority):
 * <ul>
 * <li>running → <b>stormed</b> when the priority is paused and its queue is non-empty and
 *     {@code t − since ≥ detection}, where {@code since} is the later of the pause's start
 *     ({@link PauseState#pauseStartPs}) and the last poll that found the queue running, empty or just
 *     restored. A paused priority cannot transmit, so this is "paused with no progress" for detection
 *     and detection lands on the first poll at or after {@code since + detection} (detection takes
 *     detection .. detection + poll after the pause began).</li>
 * <li>stormed → <b>restored</b> when no PFC frame for the priority (XOFF or XON) has arrived on the
 *     port for {@code restoration}: the first poll at or after {@code lastPfc + restoration}.</li>
 * </ul>
 * Actions while stormed: {@code drop} discards the queued frames at detection (their buffer is released,
 * which may send XON upstream) and every frame routed to the queue afterwards (before MMU admission);
 * all are counted as drops of the egress port and of the episode. {@code forward} makes the port ignore
 * PAUSE for the priority ({@link EgressPort#ignorePause}). {@code alert} only reports.
 *
 * <p>Simplifications: SONiC's drop action also discards frames arriving on the stormed port at that
 * priority (ingress side); here only the egress queue drops. Emptiness is sampled at polls.
 */
final class PfcWatchdog extends SimEvent {
    private static final long serialVersionUID = 1L;
    private static final long NEVER = Long.MIN_VALUE / 4;
    private final Scheduler sim;
    private final WatchdogConfig cfg;
    private final SwitchNode owner;
    /** Last poll per [port][priority] that found the queue running, empty or restored, ps. */
    private final long[][] notStuckPs;
    /** Arrival of the last PFC frame per [port][priority], ps. */
    private final long[][] lastPfcPs;
    /** The open episode per [port][priority], or null. */
    private final Episode[][] open;
    /** Per port: stormed priorities whose arriving frames are dropped (action drop). */
    private final int[] dropMask;
    private final List<Episode> episodes = new ArrayList<>();
    private long lastPollPs = NEVER;

    PfcWatchdog(Scheduler sim, WatchdogConfig cfg, SwitchNode owner) {
        this.sim = sim;
        this.cfg = cfg;
        this.owner = owner;
        int n = owner.portCount();
        this.notStuckPs = new long[n][8];
        this.lastPfcPs = new long[n][8];
        for (int i = 0; i < n; i++) {
            java.util.Arrays.fill(notStuckPs[i], NEVER);
            java.util.Arrays.fill(lastPfcPs[i], NEVER);
        }
        this.open = new Episode[n][8];
        this.dropMask = new int[n];
    }

    /** A PFC frame enabling {@code classEnable} arrived on {@code port} (after the port applied it). */
    void pfcReceived(int port, int classEnable) {
        int watched = classEnable & cfg.watchedMask();
        if (watched == 0) {
            return;
        }
        long now = sim.now();
        for (int m = watched; m != 0; m &= m - 1) {
            lastPfcPs[port][Integer.numberOfTrailingZeros(m)] = now;
        }
        if (!isScheduled() && (owner.port(port).pauseState().pausedMask() & watched) != 0) {
            long poll = cfg.pollPs();
            long at = Math.max((now + poll - 1) / poll * poll, lastPollPs + poll);
            sim.schedule(this, at);
        }
    }

    /**
     * Whether a frame routed to ({@code port}, {@code prio}) is discarded by a storm's drop action; if so it
     * is counted in the episode and the caller drops it.
     */
    boolean dropsArrival(int port, int prio, int frameBytes) {
        if ((dropMask[port] & (1 << prio)) == 0) {
            return false;
        }
        Episode e = open[port][prio];
        e.droppedPackets++;
        e.droppedBytes += frameBytes;
        return true;
    }

    @Override
    protected void fire() {
        long t = sim.now();
        lastPollPs = t;
        boolean active = false;
        for (int port = 0; port < open.length; port++) {
            EgressPort e = owner.port(port);
            PauseState ps = e.pauseState();
            for (int m = cfg.watchedMask(); m != 0; m &= m - 1) {
                int prio = Integer.numberOfTrailingZeros(m);
                if (open[port][prio] != null) {
                    if (t - lastPfcPs[port][prio] >= cfg.restorationPs()) {
                        restore(port, prio, t);
                    } else {
                        active = true;
                        continue;
                    }
                }
                boolean paused = ps.isPaused(prio, t);
                active |= paused;
                if (!paused || owner.queues(port).queuedBytes(prio) == 0) {
                    notStuckPs[port][prio] = t;
                    continue;
                }
                long since = Math.max(ps.pauseStartPs(prio), notStuckPs[port][prio]);
                if (t - since >= cfg.detectionPs()) {
                    storm(port, prio, t);
                    active = true;
                }
            }
        }
        if (active) {
            sim.schedule(this, t + cfg.pollPs());
        }
    }

    private void storm(int port, int prio, long t) {
        Episode ep = new Episode(port, prio, t);
        open[port][prio] = ep;
        episodes.add(ep);
        switch (cfg.action()) {
            case DROP -> {
                dropMask[port] |= 1 << prio;
                owner.discardQueue(port, prio, p -> {
                    ep.droppedPackets++;
                    ep.droppedBytes += p.frameBytes;
                });
            }
            case FORWARD -> owner.port(port).ignorePause(prio, true);
            case ALERT -> { }
            default -> throw new IllegalStateException();
        }
    }

    private void restore(int port, int prio, long t) {
        open[port][prio].endPs = t;
        open[port][prio] = null;
        notStuckPs[port][prio] = t;
        dropMask[port] &= ~(1 << prio);
        if (cfg.action() == Action.FORWARD) {
            owner.port(port).ignorePause(prio, false);
        }
    }

    /** Every episode so far in detection order (still-open ones with {@code endPs = -1}). */
    List<StormEpisode> episodes() {
        List<StormEpisode> out = new ArrayList<>(episodes.size());
        for (Episode e : episodes) {
            out.add(new StormEpisode(owner.name(), e.port, e.prio, e.startPs, e.endPs, cfg.action().key(),
                    e.droppedPackets, e.droppedBytes));
        }
        return out;
    }

    /** Whether ({@code port}, {@code prio}) is stormed now. */
    boolean stormed(int port, int prio) {
        return open[port][prio] != null;
    }

    /** Mutable counters of one episode. */
    private static final class Episode {
        final int port;
        final int prio;
        final long startPs;
        long endPs = -1;
        long droppedPackets;
        long droppedBytes;

        Episode(int port, int prio, long startPs) {
            this.port = port;
            this.prio = prio;
            this.startPs = startPs;
        }
    }
}
