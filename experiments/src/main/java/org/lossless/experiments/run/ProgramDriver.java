package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.kernel.Engine;
import org.lossless.core.kernel.SimEvent;
import org.lossless.experiments.metrics.TelemetrySampler;
import org.lossless.nic.CcAlgorithms;
import org.lossless.nic.Flow;
import org.lossless.nic.FlowListener;
import org.lossless.nic.FlowTable;
import org.lossless.nic.HostNic;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * Drives the run's traffic programs on the packet network: opens their connections, turns their messages
 * into nic-cc flows (one per QP part), hands each to its NIC at its release time, and reports completions
 * back to the programs in each connection's order.
 *
 * <p>Events: one {@link Releaser} walks the pending messages in (release time, id) order, so a million
 * posted messages still cost one pending event; each program has at most one timer ({@link ProgramView}).
 * Program callbacks run inside NIC events but never touch a NIC: a message posted from a callback is handed
 * to its NIC by the releaser (at the same time, after the current event), so a reaction never jumps ahead
 * of the ACK the NIC is about to send.
 *
 * <p>End: when every program is finished and every posted message is delivered and acknowledged, the run
 * stops (at the last acknowledgement: a WRITE's requester completion, not the receiver's last byte).
 */
final class ProgramDriver implements FlowListener, TelemetrySampler.Rates {
    final Engine kernel;
    final int mtu;
    /** The run's wire format ({@code nic.wire}). */
    final org.lossless.core.net.WireFormat wire;
    private final FlowTable flows;
    PacketNetwork network;
    private final List<ProgramView> views = new ArrayList<>();
    private final List<ConnectionQps> connections = new ArrayList<>();
    /** The connections by id, for the log (which outlives the run's QPs). */
    private final List<Connection> connectionIds = new ArrayList<>();
    /**
     * Every posted message, by id, in primitive columns: what the result files need of it. A message's objects
     * ({@link Posted}, the {@link Message}) go once it has completed ({@link #retireIfComplete}); the log stays.
     */
    private final org.lossless.experiments.metrics.MessageLog log =
            new org.lossless.experiments.metrics.MessageLog(connectionIds);
    /** The message of each nic-cc flow (part), by flow id, while the message has not completed (null after). */
    private final List<Posted> partOf = new PagedSlots<>(); // cleared as messages retire: its pages go
    private final Releaser releaser = new Releaser();
    /** Messages posted and not yet acknowledged (reported to their program). */
    private long outstanding;
    /** The least {@link TrafficProgram#minReactionDelayPs()} of the run's programs, ps (set at start). */
    private long reactionDelayPs;
    /**
     * Messages posted whose own parts have not all completed yet (a WRITE's ACKs, a READ's data): each needs at least
     * one more completion before the run can end; one completed but reported only after an earlier one is not counted.
     */
    private long needing;
    /** Instant of the completion being reported to a program, ps, or -1 outside a completion's report. */
    private long reactingAtPs = -1;
    /** Whether every nic-cc flow stays in the flow table for the whole run (an instrument reads them). */
    private boolean keepParts;
    /** Releases handed to the partitions when a timer runs ahead of them; null on one partition or a sequential run. */
    private PartitionReleases partitionReleases;
    /**
     * Whether the programs' timers may run ahead of the partitions anywhere in a window when every program decides ahead
     * ({@link #runsAhead}; set at start: several partitions, a reaction delay). Otherwise a timer runs ahead only up to
     * the earliest completion the window may hold.
     */
    private boolean aheadOk;
    /** Whether the event running ahead now is a program's timer (not the releaser). */
    private boolean timerAhead;
    /** When a timer run ahead left every program finished, ps ({@code Long.MAX_VALUE}: none did). */
    private long finishedAheadPs = Long.MAX_VALUE;
    /** Where the run ends because of that ({@link #stopsAtPs()}). */
    private long stopsAtPs = Long.MAX_VALUE;
    /**
     * Messages waiting for their release whose QPs were not all open when they were posted: their release opens a QP,
     * which takes the run's next QP id and the NIC's clock, so the releaser then waits for the partitions.
     */
    private int pendingOpens;
    /** READs waiting for their release: the releaser then waits for the partitions (a READ touches two hosts' QPs). */
    private int pendingReads;

    ProgramDriver(Engine kernel, FlowTable flows, int mtu, org.lossless.core.net.WireFormat wire) {
        this.kernel = kernel;
        this.flows = flows;
        this.mtu = mtu;
        this.wire = wire;
    }

    /**
     * Keeps every nic-cc flow in the flow table for the whole run, instead of releasing each once finished at both
     * ends (for an instrument that reads the flows; call before the run starts).
     */
    void keepParts() {
        keepParts = true;
    }

    /** Starts every program, in order (their posts are released from time 0 on). */
    void start(PacketNetwork net, List<TrafficProgram> programs) {
        start(net, programs, java.util.Collections.nCopies(programs.size(), null));
    }

    /** As {@link #start(PacketNetwork, List)}; program i's connections default to congestion control {@code ccs[i]} (null: nic.cc). */
    void start(PacketNetwork net, List<TrafficProgram> programs, List<String> ccs) {
        start(net, programs, ccs, java.util.Collections.nCopies(programs.size(), null));
    }

    /** As {@link #start(PacketNetwork, List, List)}; program i's QPs run transport {@code transports[i]} (null: nic.transport). */
    void start(PacketNetwork net, List<TrafficProgram> programs, List<String> ccs, List<String> transports) {
        this.network = net;
        for (int i = 0; i < programs.size(); i++) {
            views.add(new ProgramView(programs.get(i), this, ccs.get(i), transports.get(i)));
        }
        long d = views.isEmpty() ? 0 : Long.MAX_VALUE;
        for (ProgramView v : views) {
            long own = v.program.minReactionDelayPs();
            if (own < 0) {
                throw new IllegalStateException(v.program.name() + ": minimum reaction delay " + own + " ps < 0");
            }
            d = Math.min(d, own);
        }
        reactionDelayPs = d;
        for (ProgramView v : views) {
            v.program.start(v);
        }
        aheadOk = partitionReleases != null && d > 0 && d != TrafficProgram.NEVER_REACTS;
    }

    /** Whether every program decides ahead now (a training job's answer follows the calls it runs). */
    private boolean decideAhead() {
        for (int i = 0, n = views.size(); i < n; i++) { // no iterator: asked before every timer run ahead
            if (!views.get(i).program.decidesAhead()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Lets the programs' timers run ahead of the partitions of {@code engine} ({@link #runsAhead}) when every program
     * decides ahead; their releases then go to the partition of their sender's host ({@code partOfHost}). Before
     * {@link #start}.
     */
    void releaseAhead(org.lossless.core.kernel.Ahead ahead, int[] partOfHost, int partitions) {
        partitionReleases = new PartitionReleases(ahead, partOfHost, partitions, this::release);
    }

    /**
     * Whether global event {@code e}, due inside the next window, may run ahead of the partitions (several partitions
     * only). The releaser may, whatever the programs, unless a message waiting in it opens a QP or is a READ: the
     * window ends no later than the programs' least reaction delay after the earliest completion it may hold, so no
     * reaction inside it can post a message released before the window's end. A program's timer may while a message is
     * outstanding (its completion comes later, so the timer cannot end the run) and some program is not finished, when
     * either
     * <ul>
     * <li>it is due no later than {@code completesFromPs}, the earliest instant at which a completion may happen in the
     * window (the arrival of the earliest frame noted towards a NIC that may complete a message): no completion comes
     * before it in time order (one at its very instant comes after it: a completion is reported after every event of
     * its instant, a timer is a global event, first at its instant), so running it early changes nothing, whatever
     * the program (a training job's, a trace's, one beside another program); or</li>
     * <li>every program decides ahead now ({@link TrafficProgram#decidesAhead}, asked here, before each such timer) with
     * a reaction delay: what such a timer does does not depend on completions within that delay before it, and the
     * partitions' windows already end that delay after the earliest completion they may hold.</li>
     * </ul>
     */
    boolean runsAhead(SimEvent e, long completesFromPs) {
        if (partitionReleases == null) {
            return false;
        }
        timerAhead = e instanceof ProgramView.Timer;
        if (e == releaser) {
            // a QP opens in the run's order of ids, at the NIC's time: in time order
            return pendingOpens == 0 && pendingReads == 0;
        }
        return timerAhead && outstanding > 0 && !allFinished()
                && (e.timePs() <= completesFromPs || aheadOk && decideAhead());
    }

    /**
     * After an event ran ahead at {@code atPs}: true (the partitions stop there) when it was a timer that left every
     * program finished; the run then ends there at the latest, as when that timer ran at its time ({@link #checkDone}).
     */
    boolean holdsAt(long atPs) {
        if (timerAhead && finishedAheadPs == Long.MAX_VALUE && allFinished()) {
            finishedAheadPs = atPs;
            return true;
        }
        return false;
    }

    /** Where the run ends because every message was acknowledged before a timer run ahead finished the programs. */
    long stopsAtPs() {
        return stopsAtPs;
    }

    /**
     * Messages that each still need a completion of their own before the run can end: fewer completions than this
     * cannot end it. Read between windows and by NIC events (changed only between windows in a parallel run).
     */
    long needing() {
        return needing;
    }

    /** The least reaction delay any program declared, ps ({@link TrafficProgram#minReactionDelayPs()}). */
    long reactionDelayPs() {
        return reactionDelayPs;
    }

    /**
     * Checks that what {@code view}'s program schedules at {@code atPs} (a post's release, a timer) keeps to its
     * declared reaction delay when it reacts to a completion: a parallel run relies on it, so a breach fails loudly.
     * {@code connection}: the post's connection, or -1 for a timer.
     */
    void checkReaction(ProgramView view, long atPs, int connection) {
        long d = view.program.minReactionDelayPs();
        if (reactingAtPs >= 0 && d > 0 && atPs - reactingAtPs < d) {
            // the text only on a breach: posts are as many as messages
            String what = connection < 0 ? "timer" : "message on connection " + connection + " released";
            throw new IllegalStateException(view.program.name() + ": " + what + " at " + atPs
                    + " ps in reaction to a completion at " + reactingAtPs + " ps, " + (d == TrafficProgram.NEVER_REACTS
                    ? "though the program declared that it never reacts to one"
                    : "sooner than the program's declared minimum reaction delay of " + d + " ps"));
        }
    }

    /** Whether every program is finished and every message acknowledged. */
    boolean done() {
        return outstanding == 0 && allFinished();
    }

    /** The names of the programs not finished (they would post more on their own), in workload order. */
    List<String> unfinishedPrograms() {
        List<String> out = new java.util.ArrayList<>();
        for (int i = 0, n = views.size(); i < n; i++) {
            if (!views.get(i).program.finished()) {
                out.add(views.get(i).program.name());
            }
        }
        return out;
    }

    /** Whether every program is finished (will post nothing more on its own). */
    boolean allFinished() {
        for (int i = 0, n = views.size(); i < n; i++) { // no iterator: asked per event run ahead and per completion
            if (!views.get(i).program.finished()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Stops the run when {@link #done()}; at a completion before the time of a timer that ran ahead and finished the
     * programs, the run ends at that timer's time instead, as it would have when the timer ran in time order.
     */
    void checkDone() {
        if (done()) {
            if (finishedAheadPs != Long.MAX_VALUE && kernel.now() < finishedAheadPs) {
                stopsAtPs = finishedAheadPs;
            } else {
                kernel.stop();
            }
        }
    }

    Connection connect(int src, int dst, ConnectionOptions options) {
        return connect(src, dst, options, null);
    }

    /** A connection whose QPs run {@code transport} (null: nic.transport). */
    Connection connect(int src, int dst, ConnectionOptions options, String transport) {
        if (options.cc() != null && !CcAlgorithms.implemented(options.cc())) {
            throw new IllegalArgumentException("connection " + src + " -> " + dst + ": congestion control '"
                    + options.cc() + "' is not implemented (implemented: " + String.join(", ", CcAlgorithms.NAMES) + ")");
        }
        Connection c = new Connection(connections.size(), src, dst, options);
        connections.add(new ConnectionQps(c, transport));
        connectionIds.add(c);
        return c;
    }

    /** The id of the next message posted (the {@code flow_id} of {@code flows.csv}): ids follow post order. */
    long nextMessageId() {
        return log.size();
    }

    /** The run's flow table, into which the programs' posts put their parts ({@link ProgramView#flowTable}). */
    FlowTable flowTable() {
        return flows;
    }

    /**
     * Checks a post of {@code view}'s program on {@code c} released at {@code atPs} ({@link ProgramView#admit}),
     * before its parts are made.
     */
    void admit(ProgramView view, Connection c, long atPs) {
        ConnectionQps conn = c.id() < connections.size() ? connections.get(c.id()) : null;
        if (conn == null || conn.connection != c) {
            throw new IllegalArgumentException(view.program.name() + ": connection " + c.id()
                    + " was not opened by this run");
        }
        long now = kernel.now();
        if (atPs < now || atPs < conn.lastPostPs) {
            throw new IllegalArgumentException(view.program.name() + ": message on connection " + c.id()
                    + " released at " + atPs + " ps, before now (" + now + " ps) or before the previous message on it");
        }
        checkReaction(view, atPs, c.id());
    }

    /**
     * Message {@code m}, which {@code view}'s program just posted (id {@link #nextMessageId()}; admitted), has its
     * parts in the flow table ({@link ProgramView#posted}): logs it and hands them to the NIC at its release time.
     */
    void posted(ProgramView view, Message m, int firstPart, int parts) {
        Connection c = m.connection();
        long atPs = m.postPs();
        ConnectionQps conn = connections.get(c.id());
        Posted p = new Posted(m, view, conn, firstPart, parts);
        for (int j = 0; j < parts; j++) {
            partOf.add(p);
        }
        log.add(m, p.firstPart, p.parts);
        conn.add(p);
        conn.lastPostPs = atPs;
        outstanding++;
        needing++;
        if (!conn.opened(p.parts)) {
            p.opens = true;
            pendingOpens++;
        }
        if (m.op() == Verb.READ) {
            pendingReads++;
        }
        releaser.add(p);
    }

    /** Hands message {@code p}'s parts to the NIC (its release time has come). */
    private void release(Posted p) {
        ConnectionQps conn = p.connection;
        HostNic requester = network.nic(conn.connection.srcHost());
        for (int j = 0; j < p.parts; j++) {
            Flow f = flows.get(p.firstPart + j);
            if (p.message.op() == Verb.READ) {
                requester.postRead(conn.requester(j, network), conn.responder(j, network), f);
            } else {
                requester.post(conn.requester(j, network), f);
            }
        }
    }

    @Override
    public void flowFinished(Flow flow, long nowPs) {
        reactingAtPs = nowPs;
        try {
            finished(flow, nowPs);
        } finally {
            reactingAtPs = -1;
        }
    }

    @Override
    public void flowAcked(Flow flow, long nowPs) {
        reactingAtPs = nowPs;
        try {
            acked(flow, nowPs);
        } finally {
            reactingAtPs = -1;
        }
    }

    private void finished(Flow flow, long nowPs) {
        Posted p = partOf.get(flow.id); // never retired yet: a message retires after its parts are all released
        seen(p, flow, 1);
        if (++p.partsDelivered == p.parts) {
            p.deliveredReady = true;
            if (p.message.op() == Verb.READ) {
                needing--;
            }
            ConnectionQps conn = p.connection;
            reportDeliveries(conn, p.message.op() == Verb.READ, nowPs);
            reportAcks(conn, nowPs);
        }
    }

    private void acked(Flow flow, long nowPs) {
        Posted p = partOf.get(flow.id);
        if (p == null) {
            return;
        }
        seen(p, flow, 2);
        if (p.message.op() == Verb.READ) {
            retireIfComplete(p);
            return; // the responder's view; a READ completes when its data arrives
        }
        if (++p.partsAcked == p.parts) {
            p.ackedReady = true;
            needing--;
            reportAcks(p.connection, nowPs);
        }
    }

    /**
     * Notes completion {@code bit} (1 finished, 2 acknowledged) of {@code flow}, a part of {@code p}; at both, the
     * part's counters as they stood at its last acknowledgement ({@code Flow.retransmittedPacketsUntilAcked}: a
     * go-back-N sender may still resend acknowledged packets, and a parallel run makes this step after its partitions
     * ran on) go to the log and the flow table lets go of the flow. Decided by the reports the driver got, in their
     * order, so the same whatever the threads.
     */
    private void seen(Posted p, Flow flow, int bit) {
        int j = flow.id - p.firstPart;
        p.partSeen[j] |= (byte) bit;
        if (p.partSeen[j] == 3 && !keepParts) {
            log.released(p.message.id(), flow.retransmittedPacketsUntilAcked(), flow.retransmittedBytesUntilAcked(),
                    flow.cnpsUntilAcked());
            flows.release(flow.id);
            p.partsReleased++;
        }
    }

    private void reportDeliveries(ConnectionQps conn, boolean reads, long now) {
        for (Posted p = conn.firstDelivery(reads); p != null && p.deliveredReady; p = conn.firstDelivery(reads)) {
            conn.pollDelivery(reads);
            p.message.markDelivered(now);
            log.delivered(p.message.id(), now);
            if (p.message.op() == Verb.READ) {
                p.ackedReady = true;
            }
            p.view.program.onDelivered(p.message, now);
            retireIfComplete(p);
        }
    }

    private void reportAcks(ConnectionQps conn, long now) {
        boolean any = false;
        for (Posted p = conn.firstAck(); p != null && p.ackedReady; p = conn.firstAck()) {
            conn.pollAck();
            p.message.markAcked(now);
            log.acked(p.message.id(), now);
            outstanding--;
            any = true;
            p.view.program.onAcked(p.message, now);
            retireIfComplete(p);
        }
        if (any) {
            checkDone();
        }
    }

    /**
     * Lets go of a message's objects once both its completions are reported and its parts' flows released (nothing
     * of the driver refers to it after: its parts are finished and acknowledged, it left the connection's queues);
     * the log keeps its row. (With {@link #keepParts} the parts are not released: it goes at its completions.)
     */
    private void retireIfComplete(Posted p) {
        if (p.message.delivered() && p.message.acked() && (keepParts || p.partsReleased == p.parts)) {
            for (int j = 0; j < p.parts; j++) {
                partOf.set(p.firstPart + j, null);
            }
            log.complete(p.message.id()); // its row is final: streamed results hand it on (in id order)
        }
    }

    /** Every posted message, by id: what the result files need of each. */
    org.lossless.experiments.metrics.MessageLog log() {
        return log;
    }

    /**
     * Every nic-cc flow (QP part), by flow id: message {@code p}'s are {@code p.firstPart ..}; a released one reads
     * as null (its counters are in the {@link #log}).
     */
    List<Flow> parts() {
        return flows.all();
    }

    @Override
    public int count() {
        return log.size();
    }

    @Override
    public long rateBps(int id, long nowPs) {
        long rate = 0;
        for (int j = log.firstPart(id), end = j + log.parts(id); j < end; j++) {
            Flow f = flows.get(j);
            rate += f == null ? 0 : f.currentRateBps(nowPs); // released: acknowledged, so rate 0
        }
        return rate;
    }

    @Override
    public long cnps(int id) {
        long n = log.releasedCnps(id);
        for (int j = log.firstPart(id), end = j + log.parts(id); j < end; j++) {
            Flow f = flows.get(j);
            n += f == null ? 0 : f.cnpsReceived();
        }
        return n;
    }

    /** The programs' job iterations, program by program. */
    List<JobIteration> jobIterations() {
        List<JobIteration> all = new ArrayList<>();
        for (ProgramView v : views) {
            all.addAll(v.program.jobIterations());
        }
        return all;
    }

    /** The training programs' iteration breakdowns and timelines, program by program. */
    org.lossless.workloads.training.TrainingResults training() {
        List<TrafficProgram> programs = new ArrayList<>(views.size());
        for (ProgramView v : views) {
            programs.add(v.program);
        }
        return org.lossless.workloads.training.TrainingResults.of(programs);
    }

    /** The storage programs' per-operation figures, program by program. */
    List<org.lossless.workloads.traffic.OperationStats> operationStats() {
        List<org.lossless.workloads.traffic.OperationStats> all = new ArrayList<>();
        for (ProgramView v : views) {
            all.addAll(v.program.operationStats());
        }
        return all;
    }

    /**
     * Walks the messages waiting for their release time in (time, id) order: one pending event for all of
     * them, re-armed for the next release time.
     */
    private final class Releaser extends SimEvent {
        private static final long serialVersionUID = 1L;
        private final transient ReleaseQueue pending = new ReleaseQueue();

        void add(Posted p) {
            pending.add(p);
            long at = p.message.postPs();
            if (!isScheduled() || timePs() > at) {
                kernel.schedule(this, at);
            }
        }

        @Override
        protected void fire() {
            long now = kernel.now();
            boolean handed = partitionReleases != null && partitionReleases.ahead();
            while (!pending.isEmpty() && pending.peekTime() <= now) {
                Posted p = pending.poll();
                if (p.opens) {
                    pendingOpens--;
                }
                if (p.message.op() == Verb.READ) {
                    pendingReads--;
                }
                if (handed) {
                    partitionReleases.hand(p); // the NIC's partition may not be at now yet
                } else {
                    release(p);
                }
            }
            if (!pending.isEmpty()) {
                kernel.schedule(this, pending.peekTime());
            }
        }
    }
}
