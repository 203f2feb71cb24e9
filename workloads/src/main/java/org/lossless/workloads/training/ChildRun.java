package org.lossless.workloads.training;

import org.lossless.core.random.Xoshiro256StarStar;
import org.lossless.topology.Topology;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.TrafficContext;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * One running call of a training job: a program of the collective engine and the context it sees. The context
 * passes everything to the job's own context except connections and timers: connections come from the job's
 * {@link ConnectionPool} (so the calls of one communicator reuse theirs, as NCCL's do), and the timer is an entry in
 * the job's agenda, so the whole job keeps one engine timer.
 */
final class ChildRun implements TrafficContext {
    /** What the job provides to its calls. */
    interface Host {
        TrafficContext context();

        Connection connection(long group, int ordinal, int src, int dst, ConnectionOptions options);

        /**
         * The call asks for its timer at {@code atPs} (its generation is now {@link #timerGeneration}; its entry of
         * generation {@code previous}, if {@link #armed}, is no longer its timer).
         */
        void childTimer(ChildRun child, int previous, long atPs);

        /** A generation number never handed out before in this job (so a stale entry of a reused slot never fires). */
        int nextGeneration();

        void childPosted(int slot, Message m);
    }

    final int slot;
    final Call call;
    final TrafficProgram program;
    private final Host host;
    private final long group;
    private int ordinal;
    /** Generation of the pending timer; a fired entry of another generation is stale. */
    int timerGeneration;
    /** Whether the job's agenda holds this call's timer (an entry of {@link #timerGeneration} not yet fired). */
    boolean armed;
    /**
     * Where the call's timer was last placed among the job's agenda entries of equal time: the stamp (the simulated
     * instant of the call's last timer or re-arm, ps) and the place among that stamp's entries; {@code Long.MIN_VALUE}
     * before the first.
     */
    long placeStampPs = Long.MIN_VALUE;
    long placeOrder;
    /** Messages posted and not yet acknowledged. */
    int outstanding;
    /** The program reported the end of its call (its slot is reused once nothing is outstanding). */
    boolean ended;

    ChildRun(int slot, Call call, TrafficProgram program, Host host, long group) {
        this.slot = slot;
        this.call = call;
        this.program = program;
        this.host = host;
        this.group = group;
    }

    @Override
    public long nowPs() {
        return host.context().nowPs();
    }

    @Override
    public Topology topology() {
        return host.context().topology();
    }

    @Override
    public long hostRateBps(int h) {
        return host.context().hostRateBps(h);
    }

    @Override
    public int mtu() {
        return host.context().mtu();
    }

    @Override
    public org.lossless.core.net.WireFormat wire() {
        return host.context().wire();
    }

    @Override
    public Connection connect(int srcHost, int dstHost, ConnectionOptions options) {
        return host.connection(group, ordinal++, srcHost, dstHost, options);
    }

    @Override
    public Message post(Connection c, long bytes, Verb op, MessageTag tag, long atPs) {
        Message m = host.context().post(c, bytes, op, tag, atPs);
        outstanding++;
        host.childPosted(slot, m);
        return m;
    }

    @Override
    public void wakeAt(long timePs) {
        int previous = timerGeneration;
        timerGeneration = host.nextGeneration();
        host.childTimer(this, previous, timePs);
    }

    @Override
    public void cancelTimer() {
        timerGeneration = host.nextGeneration();
        armed = false;
    }

    @Override
    public Xoshiro256StarStar stream(String name) {
        return host.context().stream("call." + name);
    }
}
