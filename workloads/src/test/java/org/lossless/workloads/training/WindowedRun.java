package org.lossless.workloads.training;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;

import org.lossless.core.net.MessageSize;
import org.lossless.core.net.WireFormat;
import org.lossless.core.random.RandomStreams;
import org.lossless.core.random.Xoshiro256StarStar;
import org.lossless.nic.Verb;
import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.workloads.traffic.TrafficContext;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * Test helper: runs one program as a parallel run's driver would, without a network, in one of two orders, and logs
 * what it posts. Each connection sends one message after another at {@code rate}; a message is delivered {@code
 * latency} after its last byte plus up to 1.2 us that depends on its id, acknowledged {@code latency} plus up to 0.9 us
 * later, each in order on its connection and rounded up to 100 ns (so that the timers they set off tie). In time order ({@code windowPs} 0) events run by time, the timer
 * first at an instant (a global event), completions after it in the order they were scheduled. In windows of
 * {@code windowPs} (no longer than the program's reaction delay, shorter than {@code latency}): from the earliest
 * pending event {@code t}, the program's timers due before {@code t + windowPs} run first, each at its own time, ahead
 * of the completions that came before them (only up to the earliest of those completions when the program does not
 * {@link TrafficProgram#decidesAhead}: the window then ends at the timer), then the window's completions are reported
 * at their instants: the order of {@code ProgramDriver.runsAhead}.
 */
final class WindowedRun implements TrafficContext {
    private record Event(long timePs, long seq, Message m, boolean acked) implements Comparable<Event> {
        @Override
        public int compareTo(Event o) {
            int c = Long.compare(timePs, o.timePs);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    private final Topology topology;
    private final long rateBps;
    private final long latencyPs;
    private final long windowPs;
    private final RandomStreams streams = new RandomStreams(1);
    private final PriorityQueue<Event> completions = new PriorityQueue<>();
    private final List<Connection> connections = new ArrayList<>();
    private final List<long[]> free = new ArrayList<>();
    private final List<String> log = new ArrayList<>();
    private TrafficProgram program;
    private long timerPs = -1;
    private long seq;
    private long messages;
    private long now;
    /** While completions are reported: no reaction may arm the timer before this ({@code Long.MIN_VALUE}: none). */
    private long reactFromPs = Long.MIN_VALUE;
    /** Timers that ran ahead of a completion that came before them. */
    int ahead;
    /** Timers that ended a window because the program did not decide ahead then. */
    int held;

    WindowedRun(int hosts, long rateBps, long latencyPs, long windowPs) {
        this.topology = StarTopology.build(hosts, rateBps, latencyPs);
        this.rateBps = rateBps;
        this.latencyPs = latencyPs;
        this.windowPs = windowPs;
    }

    /** Runs {@code p} to its end; returns every post (id, connection, bytes, release, tag) in post order. */
    List<String> run(TrafficProgram p) {
        program = p;
        p.start(this);
        while (timerPs >= 0 || !completions.isEmpty()) {
            long t = Math.min(timerPs < 0 ? Long.MAX_VALUE : timerPs,
                    completions.isEmpty() ? Long.MAX_VALUE : completions.peek().timePs());
            long end = windowPs == 0 ? t + 1 : t + windowPs;
            while (timerPs >= 0 && timerPs < end) {
                long first = completions.isEmpty() ? Long.MAX_VALUE : completions.peek().timePs();
                if (timerPs > first && !program.decidesAhead()) {
                    end = timerPs;
                    held++;
                    break;
                }
                ahead += timerPs > first ? 1 : 0;
                now = timerPs;
                timerPs = -1;
                program.onTimer(now);
            }
            reactFromPs = end;
            while (!completions.isEmpty() && completions.peek().timePs() < end) {
                Event e = completions.poll();
                now = e.timePs();
                if (e.acked()) {
                    e.m().markAcked(now);
                    program.onAcked(e.m(), now);
                } else {
                    e.m().markDelivered(now);
                    program.onDelivered(e.m(), now);
                }
            }
            reactFromPs = Long.MIN_VALUE;
        }
        return log;
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
        return 4096;
    }

    @Override
    public Connection connect(int srcHost, int dstHost, ConnectionOptions options) {
        Connection c = new Connection(connections.size(), srcHost, dstHost, options);
        connections.add(c);
        free.add(new long[] {0, 0, 0}); // [free to send, last delivery, last ACK], ps
        return c;
    }

    @Override
    public Message post(Connection c, long bytes, Verb op, MessageTag tag, long atPs) {
        if (reactFromPs != Long.MIN_VALUE && atPs < reactFromPs) {
            throw new IllegalStateException("a reaction posted inside the window, at " + atPs + " ps");
        }
        Message m = new Message(messages++, program.name(), c, MessageSize.of(bytes), op, tag, atPs);
        long[] conn = free.get(c.id());
        long begin = Math.max(atPs, conn[0]);
        conn[0] = begin + WireFormat.serializationPs(bytes, rateBps);
        // up to 1.2 us more on the way, by message (a fabric's queues), in order on the connection
        long delivered = Math.max(conn[1], grid(conn[0] + latencyPs + m.id() * 7_919_000L % 1_200_000L));
        long acked = Math.max(conn[2], grid(delivered + latencyPs + m.id() * 104_729_000L % 900_000L));
        conn[1] = delivered;
        conn[2] = acked;
        if (windowPs > 0 && delivered < now + windowPs) {
            throw new IllegalStateException("a message posted at " + atPs + " ps completes inside its window");
        }
        completions.add(new Event(delivered, seq++, m, false));
        completions.add(new Event(acked, seq++, m, true));
        log.add(m.id() + " c" + c.id() + " " + bytes + " B at " + atPs + " " + tag.operation() + " it" + tag.iteration()
                + " s" + tag.step() + " ch" + tag.channel() + " deps " + Arrays.toString(tag.dependsOn()));
        return m;
    }

    /** {@code ps} rounded up to 100 ns: completions on a grid, so that timers set off by them tie. */
    private static long grid(long ps) {
        return (ps + 99_999) / 100_000 * 100_000;
    }

    @Override
    public void wakeAt(long timePs) {
        if (timePs < now || reactFromPs != Long.MIN_VALUE && timePs < reactFromPs) {
            throw new IllegalStateException("timer at " + timePs + " ps, now " + now + " ps, window end " + reactFromPs);
        }
        timerPs = timePs;
    }

    @Override
    public void cancelTimer() {
        timerPs = -1;
    }

    @Override
    public Xoshiro256StarStar stream(String name) {
        return streams.stream(TrafficContext.streamName(program.name(), name));
    }
}
