package org.lossless.core.net;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;

/**
 * A transmitter: serializes one frame at a time onto its {@link Link} at the line rate. It pulls the next frame
 * from its {@link PacketSource} when the wire is free.
 *
 * <p>Lazy "transmission done": a frame that starts at S is handed to the link at once, with its departure time
 * E = S + serialization (it arrives at E + propagation delay), and the port keeps E as the time its wire is busy
 * until ({@link #busyUntilPs}). The port schedules its own event at E only when a frame may then be waiting:
 * a control frame, or its source says it holds frames ({@link PacketSource#hasQueued()}). A port whose source is
 * empty at S has no pending event; the next frame offered to it ({@link #kick()}) starts at once if the wire is
 * free, else the kick schedules the event at E. Either way every frame starts exactly when it would if the port
 * had an event at the end of every frame (a frame queued while the wire is busy starts at E); only the order of
 * events at one picosecond may differ (docs/model.md, "Ports and links").
 *
 * <p>Counters: a frame is counted ({@code tx_bytes}, {@code tx_packets}, PFC {@code pause_tx}) and shown to the
 * {@link TxProbe} when its transmission starts, with its known end; a frame lost to a link failure while being
 * serialized has been counted as sent.
 *
 * <p>PFC: frames passed to {@link #sendUrgent} (PAUSE frames) go ahead of everything the source
 * holds; they wait only for the frame already on the wire. A PAUSE received on this port's cable
 * pauses this transmitter ({@link #onPause}); sources ask {@link #isPaused(int)} before handing out
 * a frame of a priority. A timed pause ends by itself through one reused expiry event per port.
 *
 * <p>CBFC: with {@link #enableCredits} the port also runs credit-based flow control ({@link LinkCredits}): sources
 * ask {@link #creditBlocked} beside {@link #isPaused} before handing out a frame of a credited class; a frame taken
 * from the source spends its credit as it starts (control frames from {@link #sendUrgent} spend none), and the credit
 * updates this end returns go out as urgent frames.
 *
 * <p>The port is its own event ({@link #fire()}: "the wire is free, take the next frame"): on a large fabric the
 * port, its event and its link are cold in cache at every frame, and one object instead of two saves a
 * cache miss per frame. It also keeps whether its link is down, so admitting a frame to a queue and
 * kicking the port do not read the {@link Link}. Not for scheduling by others.
 */
public final class EgressPort extends SimEvent {
    private static final long serialVersionUID = 1L;
    private final Scheduler sim;
    private final long rateBps;
    /**
     * Picoseconds per wire byte when the rate divides 8 * 10^12 (every usual rate: 100 Gb/s 80 ps, 400 Gb/s 20 ps),
     * and is at least 1 Mb/s, else 0: the serialization time of a frame is then one multiply, not a 64-bit division.
     */
    private final long psPerByte;
    private final PortCounters counters = new PortCounters();
    /**
     * The counters' rows of the last two priorities counted here, {@link #prioA} the more recent (-1: none): a
     * transmitted (or ECN-marked) frame of one of them updates its row, one cache line, without reading the counters
     * and their table of rows (cold on a large fabric). Two, as a port usually carries data on one priority and the
     * acknowledgements of the other direction's data on another.
     */
    private long[] rowA;
    private long[] rowB;
    private int prioA = -1;
    private int prioB = -1;
    private final PauseState pause;
    private final PacketRing urgent = new PacketRing();
    /** Frames in {@link #urgent}: lets the per-frame path skip that (usually cold, usually empty) ring. */
    private int urgentCount;
    private final PauseExpiry pauseExpiry = new PauseExpiry();
    private Link link;
    /**
     * A cut link's ({@link Link#cut}) transmitter and receiver schedulers and delay, copied when connected: the
     * link object is its receiver's (its ring and event are written at every frame it carries, in the other
     * partition, maybe on another thread at the same time), so the sending side reads these here instead (benchmarks/
     * README.md, "Step 12b"). {@code cutFrom} null: not cut.
     */
    private Scheduler cutFrom;
    private Scheduler cutTo;
    private long cutDelayPs;
    /** Mirror of {@code link.isDown()}: the port fails and restores its link (nothing else does). */
    private boolean linkDown;
    private PacketSource source;
    /**
     * Copy of {@code pause.pausedMask()}, refreshed after every change (only this class changes it): an
     * unpaused priority is answered without reading the separate, usually cold, {@link PauseState}.
     */
    private int pausedMask;
    /** Priorities whose received PAUSE is ignored (a PFC watchdog's "forward" action); 0 normally. */
    private int ignorePauseMask;
    private long busyPs;
    /**
     * When the wire is free: the end of the last frame started (0 before the first; the time of a failure after
     * one), ps. A frame started before it is being serialized until then; it is also the earliest a cut-through
     * frame may start. The port's own event, when pending, is at this time.
     */
    private long busyUntilPs;
    /** Optional observer of transmitted frames; null on ordinary runs (one null test per frame). */
    private TxProbe probe;
    /** Credit-based flow control at this end of the cable, or null (no class under CBFC). */
    private LinkCredits credits;
    /** Copy of {@code credits.mask()} (0 without CBFC): a class not under CBFC is answered without reading it. */
    private int creditMask;
    /** Recycles frames lost on a failed link; set with {@link #onLoss}. */
    private java.util.function.Consumer<Packet> loss = p -> { };

    /**
     * @param pauseUntilXon true: any non-zero pause time holds until an explicit resume (HPCC model);
     *                      false: pauses expire after their quanta (IEEE 802.1Qbb)
     * @param pfcResponsePs time from the arrival of an XOFF until this transmitter starts no new frame of
     *                      that priority, ps (&ge; 0; {@link PauseState}): the scenario's
     *                      {@code switch.pfc.response_time} or {@code nic.pfc_response_time}
     */
    public EgressPort(Scheduler sim, long rateBps, boolean pauseUntilXon, long pfcResponsePs) {
        if (rateBps <= 0) {
            throw new IllegalArgumentException("rate must be > 0 bps");
        }
        this.sim = sim;
        this.rateBps = rateBps;
        // from 1 Mb/s up, so that no int frame size overflows the product
        this.psPerByte = rateBps >= 1_000_000 && 8_000_000_000_000L % rateBps == 0 ? 8_000_000_000_000L / rateBps : 0;
        this.pause = new PauseState(rateBps, pauseUntilXon, pfcResponsePs);
    }

    /** A port that obeys PAUSE at once (response time 0: unit tests of other mechanisms). */
    public EgressPort(Scheduler sim, long rateBps, boolean pauseUntilXon) {
        this(sim, rateBps, pauseUntilXon, 0);
    }

    public EgressPort(Scheduler sim, long rateBps) {
        this(sim, rateBps, false);
    }

    /** Wires the port: where frames go and where they come from. */
    public void connect(Link link, PacketSource source) {
        this.link = link;
        this.cutFrom = link.cutSender();
        this.cutTo = link.receiverScheduler();
        this.cutDelayPs = link.delayPs();
        this.source = source;
        this.linkDown = link.isDown();
        source.linkUp(!linkDown);
    }

    public long rateBps() {
        return rateBps;
    }

    public Link link() {
        return link;
    }

    public PortCounters counters() {
        return counters;
    }

    public PauseState pauseState() {
        return pause;
    }

    /**
     * Runs credit-based flow control on the classes in {@code mask} at this end of the cable ({@link LinkCredits}):
     * this transmitter obeys the credits the other end grants (set them with {@link LinkCredits#grant}), and this
     * port carries the credit updates for the frames that arrive on its cable. Call before the run starts.
     *
     * @param pool         where credit update frames come from
     * @param processingPs time from a credit update's arrival until its credit can be spent, ps
     * @param updateBytes  freed bytes that make a credit update at once (the largest frame; fewer wait, see
     *                     {@link LinkCredits})
     */
    public LinkCredits enableCredits(PacketPool pool, int mask, long processingPs, int updateBytes) {
        credits = new LinkCredits(sim, this, pool, mask, processingPs, updateBytes);
        creditMask = mask;
        return credits;
    }

    /** This end's credit-based flow control, or null when no class runs it. */
    public LinkCredits credits() {
        return credits;
    }

    /** Whether class {@code priority} runs credit-based flow control on this cable. */
    public boolean underCredit(int priority) {
        return (creditMask >>> priority & 1) != 0;
    }

    /**
     * Whether a frame of {@code frameBytes} of class {@code priority} may not start for want of credit (always false
     * for a class not under CBFC). A source asks it, beside {@link #isPaused}, for the frame it would hand out next;
     * a refused class counts as stalled until the credit comes back, which kicks the port.
     */
    public boolean creditBlocked(int priority, int frameBytes) {
        return (creditMask >>> priority & 1) != 0 && credits.blocked(priority, frameBytes);
    }

    /** Reports every frame this port transmits to {@code p}, when it starts (null removes the probe). */
    public void probe(TxProbe p) {
        this.probe = p;
    }

    /** Whether a frame is being serialized now (its last bit leaves after now). */
    public boolean busy() {
        return sim.now() < busyUntilPs;
    }

    /** When the wire is free: the end of the last frame started, ps (0 before the first). */
    public long busyUntilPs() {
        return busyUntilPs;
    }

    /** Total time spent serializing, ps. */
    public long busyPs() {
        return busyPs;
    }

    /** Serialization time of {@code wireBytes} on this port, ps. */
    public long serializationPs(int wireBytes) {
        return psPerByte != 0 ? wireBytes * psPerByte : WireFormat.serializationPs(wireBytes, rateBps);
    }

    /**
     * Whether frames of {@code priority} are held by a received PAUSE now (false while the pause of that
     * priority is ignored, see {@link #ignorePause}).
     */
    public boolean isPaused(int priority) {
        int bit = 1 << priority;
        return (pausedMask & bit) != 0 && (ignorePauseMask & bit) == 0 && pause.isPaused(priority, sim.now());
    }

    /**
     * Whether a received PAUSE holds {@code priority} now or will once its response time is over (pending):
     * the downstream has asked this port to stop, whether or not it has stopped yet. For attributing pauses,
     * not for transmission ({@link #isPaused}).
     */
    public boolean pauseReceived(int priority) {
        return (pausedMask & (1 << priority)) != 0 && pause.pauseRequested(priority, sim.now());
    }

    /**
     * Ignores (true) or obeys again (false) received PAUSE for {@code priority}: the PFC watchdog's
     * {@code forward} action on a stormed queue. Pause frames are still received and counted (pause_rx,
     * paused_ps); only transmission stops obeying them. Ignoring kicks the port so a waiting frame leaves.
     */
    public void ignorePause(int priority, boolean ignore) {
        if (ignore) {
            ignorePauseMask |= 1 << priority;
            kick();
        } else {
            ignorePauseMask &= ~(1 << priority);
        }
    }

    /** Sends {@code frame} ahead of all queued data (after the frame on the wire). */
    public void sendUrgent(Packet frame) {
        urgent.add(frame);
        urgentCount++;
        kick();
    }

    /** Applies a PFC frame that arrived on this port's cable. The caller releases the frame. */
    public void onPause(Packet pfc) {
        long now = sim.now();
        boolean resumed = pause.apply(pfc, now, counters);
        pausedMask = pause.pausedMask();
        if (resumed) {
            kick();
        }
        long expiry = pause.nextExpiryPs();
        if (expiry != Long.MAX_VALUE) {
            sim.schedule(pauseExpiry, expiry);
        } else if (pauseExpiry.isScheduled()) {
            sim.cancel(pauseExpiry);
        }
    }

    /** Adds paused time still running at the end of a run to the counters. */
    public void closeAccounting() {
        pause.closeAccounting(sim.now(), counters);
        if (credits != null) {
            credits.closeAccounting();
        }
    }

    /** Where frames lost to a link failure go (to be counted and recycled). */
    public void onLoss(java.util.function.Consumer<Packet> lossHandler) {
        this.loss = lossHandler;
    }

    /** Whether this port's link is up. */
    public boolean isUp() {
        return !linkDown;
    }

    /**
     * Fails this direction of the cable: the frame being serialized (already on the link) and every frame in
     * flight are lost; the transmitter stops pulling from its source and pause state is cleared (a link that
     * comes back starts unpaused, as after a real link flap). The wire is free from now.
     */
    public void fail() {
        if (isScheduled()) {
            sim.cancel(this);
        }
        link.fail(loss);
        linkDown = true;
        busyUntilPs = Math.min(busyUntilPs, sim.now());
        source.linkUp(false);
        for (Packet p = urgent.poll(); p != null; p = urgent.poll()) {
            loss.accept(p);
        }
        urgentCount = 0;
        if (credits != null) {
            credits.linkFailed();
        }
        closeAccounting();
        pause.clearAll();
        pausedMask = 0;
        if (pauseExpiry.isScheduled()) {
            sim.cancel(pauseExpiry);
        }
    }

    /** Repairs this direction of the cable and resumes transmission. */
    public void restore() {
        link.restore();
        linkDown = false;
        if (credits != null) {
            credits.linkRestored();
        }
        source.linkUp(true);
        kick();
    }

    /**
     * Tells the port that its source may have something to send. No effect when its link is down or its event is
     * pending (it will ask then); while a frame is being serialized it arms its event at the end of that frame;
     * else the next frame starts now.
     */
    public void kick() {
        kickCutThrough(Long.MAX_VALUE); // a virtual start after now: the frame starts now
    }

    /**
     * Cut-through: as {@link #kick}, but the frame the source hands out now is taken to have started at
     * {@code max(virtualStartPs, end of the previous transmission)} (&le; now), so it finishes that much
     * earlier. The caller (a switch) passes the time its first bit could have left: first bit in + latency,
     * and calls this only when the frame is the only one the source can hand out and the egress is no
     * faster than the ingress (then the frame ends no earlier than its last bit arrived). No extra event.
     * While the wire is busy the frame starts when it is free, as after {@link #kick}.
     */
    public void kickCutThrough(long virtualStartPs) {
        if (linkDown || isScheduled()) {
            return;
        }
        long now = sim.now();
        if (now < busyUntilPs) {
            sim.schedule(this, busyUntilPs);
        } else {
            startNext(Math.min(now, Math.max(virtualStartPs, busyUntilPs)));
        }
    }

    /**
     * Whether the port is idle with no control frame waiting: a frame handed to it now would start at once (the
     * wire is free and the port's event is not pending, which it may be at exactly the end of a frame).
     */
    public boolean idle() {
        return urgentCount == 0 && !linkDown && !isScheduled() && sim.now() >= busyUntilPs;
    }

    /**
     * Starts the next frame (a control frame first, else the source's), taken to start at {@code startPs}
     * (&le; now; earlier only for cut-through): it is counted, shown to the probe and handed to the link with its
     * departure time; the port's event is armed at that time only if another frame may be waiting then.
     */
    private void startNext(long startPs) {
        Packet p = null;
        if (urgentCount > 0) {
            p = urgent.poll();
            urgentCount--;
        }
        boolean control = p != null; // a control frame (PAUSE, credit update, trimmed header) spends no credit
        if (p == null) {
            p = source.next(this);
            if (p == null) {
                return;
            }
        }
        long ser = serializationPs(p.wireBytes);
        long end = Math.max(sim.now(), startPs + ser);
        busyPs += ser;
        busyUntilPs = end;
        if (p.type == PacketType.PFC) {
            for (int m = p.pfcClassEnable(); m != 0; m &= m - 1) {
                counters.countPauseTx(Integer.numberOfTrailingZeros(m));
            }
        } else if (p.type == PacketType.LINK_CREDIT) {
            credits.sent(p);
        } else {
            PortCounters.countTx(row(p.priority), p.frameBytes);
            if (!control && (creditMask >>> p.priority & 1) != 0) {
                credits.spend(p.priority, p.frameBytes);
            }
        }
        if (probe != null) {
            probe.transmitted(p, startPs, end);
        }
        if (cutFrom != null) { // Link.carry's hand-off, without reading the link the other partition writes per frame
            cutFrom.handOff(cutTo, end + cutDelayPs, link, p);
        } else {
            link.carry(p, end);
        }
        if (urgentCount > 0 || source.hasQueued()) {
            sim.schedule(this, end);
        }
    }

    /** The wire is free and a frame may be waiting: the next one starts now. */
    @Override
    protected void fire() {
        startNext(sim.now());
    }

    /** The counters' row of {@code prio}, kept for the next frames (replacing the less recent of the two kept). */
    private long[] row(int prio) {
        if (prio == prioA) {
            return rowA;
        }
        if (prio == prioB) {
            return rowB;
        }
        long[] r = counters.row(prio);
        rowB = rowA;
        prioB = prioA;
        rowA = r;
        prioA = prio;
        return r;
    }

    /**
     * Counts a frame of {@code prio} marked CE at this port: as {@code counters().countEcnMarked}, through the
     * row this port keeps (a switch marks at dequeue, when the port's row of that priority is warm).
     */
    public void countEcnMarked(int prio) {
        PortCounters.countEcnMarked(row(prio));
    }

    private final class PauseExpiry extends SimEvent {
        private static final long serialVersionUID = 1L;

        @Override
        protected void fire() {
            long now = sim.now();
            pause.expire(now, counters);
            pausedMask = pause.pausedMask();
            long next = pause.nextExpiryPs();
            if (next != Long.MAX_VALUE) {
                sim.schedule(this, next);
            }
            kick();
        }
    }
}
