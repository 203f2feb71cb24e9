package org.lossless.workloads.datacenter;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.net.MessageSize;
import org.lossless.core.random.RandomStreams;
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
 * A context for open-loop programs: it records posted messages and fires the program's timer, but never
 * delivers or acknowledges anything. Same random streams as {@link org.lossless.workloads.traffic.RecordingContext}
 * for the same seed, so the same program posts the same messages.
 */
final class TimerOnlyContext implements TrafficContext {
    private final Topology topology;
    private final long rateBps;
    private final RandomStreams streams;
    private final List<Message> posted = new ArrayList<>();
    private final TrafficProgram program;
    private int connections;
    private long now;
    private long timer = -1;

    private TimerOnlyContext(TrafficProgram program, Topology topology, long rateBps, long seed) {
        this.program = program;
        this.topology = topology;
        this.rateBps = rateBps;
        this.streams = new RandomStreams(seed);
    }

    /** Starts {@code program} at 0 and fires its timer until it stops asking; returns what it posted. */
    static List<Message> run(TrafficProgram program, Topology topology, long rateBps, long seed) {
        TimerOnlyContext ctx = new TimerOnlyContext(program, topology, rateBps, seed);
        program.start(ctx);
        while (ctx.timer >= 0) {
            ctx.now = ctx.timer;
            ctx.timer = -1;
            program.onTimer(ctx.now);
        }
        return ctx.posted;
    }

    @Override
    public long nowPs() {
        return now;
    }

    @Override
    public Topology topology() {
        return topology;
    }

    @Override
    public long hostRateBps(int host) {
        return rateBps;
    }

    @Override
    public int mtu() {
        return 1024;
    }

    @Override
    public Connection connect(int srcHost, int dstHost, ConnectionOptions options) {
        return new Connection(connections++, srcHost, dstHost, options);
    }

    @Override
    public Message post(Connection c, long bytes, Verb op, MessageTag tag, long atPs) {
        Message m = new Message(posted.size(), program.name(), c, MessageSize.of(bytes), op, tag, atPs);
        posted.add(m);
        return m;
    }

    @Override
    public void wakeAt(long timePs) {
        if (timePs < now) {
            throw new IllegalArgumentException("timer in the past");
        }
        timer = timePs;
    }

    @Override
    public void cancelTimer() {
        timer = -1;
    }

    @Override
    public Xoshiro256StarStar stream(String name) {
        return streams.stream(TrafficContext.streamName(program.name(), name));
    }
}
