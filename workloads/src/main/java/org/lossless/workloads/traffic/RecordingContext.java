package org.lossless.workloads.traffic;

import org.lossless.core.net.MessageSize;
import org.lossless.nic.Verb;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

import org.lossless.core.net.WireFormat;
import org.lossless.core.random.RandomStreams;
import org.lossless.core.random.Xoshiro256StarStar;
import org.lossless.topology.Topology;

/**
 * Runs traffic programs without a network, to record the messages they post and the order of their
 * dependencies ({@code lossless export flows}) and to unit-test programs with times computable by hand.
 *
 * <p>Timing model (deliberately simple, not the packet engine): each connection sends its messages one
 * after another at {@code rateBps} on payload bytes (no headers, no contention between connections or
 * at hosts); a message released at {@code r} on a connection free at {@code f} is delivered at
 * {@code max(r, f) + bytes·8/rate + latency} and acknowledged {@code latency} later (a READ is
 * acknowledged when delivered). Events at the same time run in the order they were scheduled.
 */
public final class RecordingContext {
    private final Topology topology;
    private final int mtu;
    private final long rateBps;
    private final long latencyPs;
    private final RandomStreams streams;
    private final PriorityQueue<Item> agenda = new PriorityQueue<>();
    private final List<Message> messages = new ArrayList<>();
    private final List<Connection> connections = new ArrayList<>();
    private final Map<Integer, long[]> connectionState = new HashMap<>();
    private long seq;
    private long now;

    /**
     * @param rateBps   payload rate of every connection, bps (&gt; 0)
     * @param latencyPs one-way latency added to every delivery and acknowledgement, ps (&gt;= 0)
     */
    public RecordingContext(Topology topology, int mtu, long seed, long rateBps, long latencyPs) {
        if (rateBps <= 0 || latencyPs < 0) {
            throw new IllegalArgumentException("rate must be > 0 and latency >= 0");
        }
        this.topology = topology;
        this.mtu = mtu;
        this.rateBps = rateBps;
        this.latencyPs = latencyPs;
        this.streams = new RandomStreams(seed);
    }

    /**
     * Starts every program at time 0 (in list order) and runs until nothing is pending or {@code stopPs}.
     * Returns every posted message in id order, with the completion times this model gave them.
     */
    public List<Message> run(List<TrafficProgram> programs, long stopPs) {
        for (TrafficProgram p : programs) {
            p.start(new View(p));
        }
        while (!agenda.isEmpty() && agenda.peek().time <= stopPs) {
            Item it = agenda.poll();
            now = it.time;
            it.action.run();
        }
        return List.copyOf(messages);
    }

    /** Connections opened, in id order. */
    public List<Connection> connections() {
        return List.copyOf(connections);
    }

    /** Current time of the recording, ps. */
    public long nowPs() {
        return now;
    }

    private void schedule(long time, Runnable action) {
        agenda.add(new Item(time, seq++, action));
    }

    private record Item(long time, long seq, Runnable action) implements Comparable<Item> {
        @Override
        public int compareTo(Item o) {
            int c = Long.compare(time, o.time);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    /** The context one program sees. */
    private final class View implements TrafficContext {
        private final TrafficProgram program;
        private long timerGeneration;

        View(TrafficProgram program) {
            this.program = program;
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
            return mtu;
        }

        @Override
        public Connection connect(int srcHost, int dstHost, ConnectionOptions options) {
            if (srcHost >= topology.hostCount() || dstHost >= topology.hostCount()) {
                throw new IllegalArgumentException("host outside 0.." + (topology.hostCount() - 1));
            }
            Connection c = new Connection(connections.size(), srcHost, dstHost, options);
            connections.add(c);
            // [time the connection is free, release time of its last message]
            connectionState.put(c.id(), new long[] {0, 0});
            return c;
        }

        @Override
        public Message post(Connection c, long bytes, Verb op, MessageTag tag, long atPs) {
            long[] state = connectionState.get(c.id());
            if (state == null || connections.get(c.id()) != c) {
                throw new IllegalArgumentException("connection " + c.id() + " was not opened by this context");
            }
            if (atPs < now || atPs < state[1]) {
                throw new IllegalArgumentException("message on connection " + c.id() + " released at " + atPs
                        + " ps, before now or before the previous message on it");
            }
            Message m = new Message(messages.size(), program.name(), c, MessageSize.of(bytes), op, tag, atPs);
            messages.add(m);
            state[1] = atPs;
            long begin = Math.max(atPs, state[0]);
            long end = begin + WireFormat.serializationPs(bytes, rateBps);
            state[0] = end;
            long delivered = end + latencyPs;
            long acked = op == Verb.READ ? delivered : delivered + latencyPs;
            schedule(delivered, () -> {
                m.markDelivered(now);
                program.onDelivered(m, now);
                if (op == Verb.READ) {
                    m.markAcked(now);
                    program.onAcked(m, now);
                }
            });
            if (op != Verb.READ) {
                schedule(acked, () -> {
                    m.markAcked(now);
                    program.onAcked(m, now);
                });
            }
            return m;
        }

        @Override
        public void wakeAt(long timePs) {
            if (timePs < now) {
                throw new IllegalArgumentException("timer at " + timePs + " ps is in the past (now " + now + ")");
            }
            long generation = ++timerGeneration;
            schedule(timePs, () -> {
                if (timerGeneration == generation) {
                    program.onTimer(now);
                }
            });
        }

        @Override
        public void cancelTimer() {
            timerGeneration++;
        }

        @Override
        public Xoshiro256StarStar stream(String name) {
            return streams.stream(TrafficContext.streamName(program.name(), name));
        }
    }
}
