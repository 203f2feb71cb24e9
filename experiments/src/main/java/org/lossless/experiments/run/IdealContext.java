package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

import org.lossless.core.net.WireFormat;
import org.lossless.core.random.RandomStreams;
import org.lossless.core.random.Xoshiro256StarStar;
import org.lossless.topology.Cable;
import org.lossless.topology.Topology;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.PostingContext;
import org.lossless.workloads.traffic.TrafficContext;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * One job alone on an uncongested fabric, as a chain of ideal messages: runs the job's own {@link TrafficProgram}
 * (same seed and random streams, same protocol, step latencies and NVLink as in the real run) with every message
 * timed without packets ({@link IdealRun}, docs/workloads.md "Job figures and their ideal"):
 *
 * <ul>
 *   <li>a connection sends its messages one after another in post order, each from its release time, at its
 *       path's slowest link;</li>
 *   <li>a message is delivered its {@code ideal_fct} after it started ({@link IdealFct}: headers, propagation,
 *       forwarding, store-and-forward) and acknowledged as in {@link IdealFct#senderFctPs};</li>
 *   <li>messages of different connections do not slow each other down (no port is shared): the job's
 *       dependency chain at its fastest. {@link IdealRun} adds the bound the shared ports set, from the wire bits
 *       this context records per message ({@link #recorded()});</li>
 *   <li>completions reach the program in each connection's order, as in the engine.</li>
 * </ul>
 * No queueing, no PFC, no congestion control, no loss. A post comes as the program's {@link Message}
 * ({@link PostingContext}), as in the engine.
 *
 * <p>Memory: per message in flight, its agenda items (delivery, acknowledgement; each holds the {@link Message}) until
 * they run; per connection a {@link Link}; per timer armed, an item until its time, even once cancelled or re-armed;
 * two caches of values computed from their keys, each at most {@link #CACHE_LIMIT} entries. Per message for the whole
 * replay only the record of what it sent ({@link SentLog}, which keeps a bounded share in the heap and spills the
 * rest) and whatever the program itself keeps.
 */
final class IdealContext extends PostingContext {
    /** Events between two looks at the stop signal of {@link #run(long, BooleanSupplier)}: some microseconds of work. */
    static final int STOP_CHECK_PERIOD = 1024;
    /**
     * Entries past which a cache of values computed from their key alone starts again empty: a job whose messages have
     * as many sizes as messages (a storage job's random sizes) or an all-to-all over thousands of hosts would
     * otherwise keep one entry per message or per host pair for the whole replay. The values are the same either way.
     */
    static final int CACHE_LIMIT = 1 << 17;
    private final TrafficProgram program;
    private final Topology topology;
    private final IdealFct ideal;
    private final int mtu;
    private final long ackDelayPs;
    private final RandomStreams streams;
    private final long[] hostRate;
    private final SentLog sent;
    private final PriorityQueue<Item> agenda = new PriorityQueue<>();
    private final List<Link> connections = new ArrayList<>();
    /** Each (sender, receiver)'s path rate, cleared past {@link #CACHE_LIMIT} entries (a function of its key). */
    private final Map<Long, Long> pathRate = new HashMap<>();
    /** Each (op, hosts, bytes, QPs)'s receiver and sender ideal, ps; cleared past {@link #CACHE_LIMIT} entries. */
    private final Map<Key, long[]> ideals = new HashMap<>();
    private long seq;
    private long now;
    private long messages;
    private long timerGeneration;

    /** A connection: when it is free to send its next message, and its last completions (for their order). */
    private static final class Link {
        final Connection connection;
        long freePs;
        long lastPostPs;
        long lastDeliveredPs;
        long lastAckedPs;

        Link(Connection connection) {
            this.connection = connection;
        }
    }

    private record Key(Verb op, int src, int dst, long bytes, int qps) {
    }

    private record Item(long time, long seq, Runnable action) implements Comparable<Item> {
        @Override
        public int compareTo(Item o) {
            int c = Long.compare(time, o.time);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    /** A replay of {@code program} that records every message it sends into {@code sent} (its owner closes it). */
    IdealContext(TrafficProgram program, Topology topology, IdealFct ideal, int mtu, long ackDelayPs, long seed,
                 SentLog sent) {
        this.program = program;
        this.sent = sent;
        this.topology = topology;
        this.ideal = ideal;
        this.mtu = mtu;
        this.ackDelayPs = ackDelayPs;
        this.streams = new RandomStreams(seed);
        this.hostRate = new long[topology.hostCount()];
        for (int h = 0; h < hostRate.length; h++) {
            hostRate[h] = topology.ports(topology.hostNode(h)).get(0).cable().rateBps();
        }
    }

    /** What every message sent: post time, hosts, wire bits, latency ({@link SentLog}). */
    SentLog recorded() {
        return sent;
    }

    /** Line rate of every host's port, bps, by host number. */
    long[] hostRates() {
        return hostRate.clone();
    }

    /** Starts the program at time 0 and runs until nothing is pending or the next event is after {@code stopPs}. */
    void run(long stopPs) {
        run(stopPs, null);
    }

    /**
     * As {@link #run(long)}; {@code stop} (may be null) is asked every {@link #STOP_CHECK_PERIOD} events and ends the
     * replay with a {@link CancellationException} once it is true.
     */
    void run(long stopPs, BooleanSupplier stop) {
        program.start(this);
        long n = 0;
        while (!agenda.isEmpty() && agenda.peek().time <= stopPs) {
            if (stop != null && ++n % STOP_CHECK_PERIOD == 0 && stop.getAsBoolean()) {
                throw new CancellationException(program.name() + ": ideal replay stopped");
            }
            Item it = agenda.poll();
            now = it.time;
            it.action.run();
        }
    }

    private void schedule(long time, Runnable action) {
        agenda.add(new Item(time, seq++, action));
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
        checkHost(host);
        return hostRate[host];
    }

    @Override
    public int mtu() {
        return mtu;
    }

    @Override
    public WireFormat wire() {
        return ideal.wire();
    }

    @Override
    public Connection connect(int srcHost, int dstHost, ConnectionOptions options) {
        checkHost(srcHost);
        checkHost(dstHost);
        Connection c = new Connection(connections.size(), srcHost, dstHost, options);
        connections.add(new Link(c));
        return c;
    }

    @Override
    protected long nextMessageId() {
        return messages;
    }

    @Override
    protected String poster() {
        return program.name();
    }

    @Override
    protected void submit(Message m) {
        Connection c = m.connection();
        long atPs = m.postPs();
        long bytes = m.bytes();
        Verb op = m.op();
        Link link = c.id() < connections.size() ? connections.get(c.id()) : null;
        if (link == null || link.connection != c) {
            throw new IllegalArgumentException(program.name() + ": connection " + c.id() + " was not opened here");
        }
        if (atPs < now) {
            throw new IllegalArgumentException(program.name() + ": message released at " + atPs + " ps, before now");
        }
        if (atPs < link.lastPostPs) {
            throw new IllegalArgumentException(program.name() + ": message on connection " + c.id()
                    + " released before the previous message on it");
        }
        link.lastPostPs = atPs;
        messages++;
        int qps = c.options().qps();
        if (ideals.size() >= CACHE_LIMIT) {
            ideals.clear();
        }
        long[] fct = ideals.computeIfAbsent(new Key(op, m.dataSrc(), m.dataDst(), bytes, qps), k -> {
            long receiver = ideal.fctPs(k.op(), k.src(), k.dst(), k.bytes(), mtu, k.qps());
            return new long[] {receiver, ideal.senderFctPs(k.op(), k.src(), k.dst(), receiver, ackDelayPs)};
        });
        long path = pathRate(m.dataSrc(), m.dataDst());
        long bits = 8 * wireBytes(op, bytes, qps);
        long serialization = WireFormat.bitsToPs(bits, path);
        long start = Math.max(atPs, link.freePs);
        link.freePs = start + serialization;
        sent.add(atPs, m.dataSrc(), m.dataDst(), bits, Math.max(0, fct[0] - serialization));
        long delivered = Math.max(start + fct[0], link.lastDeliveredPs);
        link.lastDeliveredPs = delivered;
        schedule(delivered, () -> {
            m.markDelivered(now);
            program.onDelivered(m, now);
            if (m.op() == Verb.READ) {
                m.markAcked(now);
                program.onAcked(m, now);
            }
        });
        if (op != Verb.READ) {
            long acked = Math.max(delivered + fct[1] - fct[0], link.lastAckedPs);
            link.lastAckedPs = acked;
            schedule(acked, () -> {
                m.markAcked(now);
                program.onAcked(m, now);
            });
        }
    }

    /** The slowest link's rate on the first equal-cost path from {@code src} to {@code dst}, bps. */
    private long pathRate(int src, int dst) {
        if (pathRate.size() >= CACHE_LIMIT) {
            pathRate.clear();
        }
        return pathRate.computeIfAbsent(((long) src << 32) | dst, k -> {
            long min = Long.MAX_VALUE;
            for (Cable c : ideal.path(src, dst)) {
                min = Math.min(min, c.rateBps());
            }
            return min;
        });
    }

    /**
     * Wire bytes of a message's packets at payload {@code mtu}: every packet's headers, preamble and gap; a
     * WRITE's RETH on each QP's first packet, a READ response's AETH on each QP's first and last.
     */
    long wireBytes(Verb op, long bytes, int qps) {
        long packets = (bytes + mtu - 1) / mtu;
        int parts = (int) Math.min(qps, packets);
        int last = (int) (bytes - (packets - 1) * mtu);
        WireFormat f = ideal.wire();
        long wire = (packets - 1) * f.wire(f.dataFrame(mtu, false)) + f.wire(f.dataFrame(last, false));
        return wire + switch (op) {
            case WRITE -> (long) parts * f.reth();
            case READ -> 2L * parts * f.aeth();
            case SEND -> 0;
        };
    }

    @Override
    public void wakeAt(long timePs) {
        if (timePs < now) {
            throw new IllegalArgumentException(program.name() + ": timer at " + timePs + " ps is in the past");
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

    private void checkHost(int host) {
        if (host < 0 || host >= hostRate.length) {
            throw new IllegalArgumentException(program.name() + ": host " + host + " outside 0.." + (hostRate.length - 1));
        }
    }
}
