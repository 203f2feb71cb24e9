package org.lossless.workloads.collective;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

import org.lossless.core.net.MessageSize;
import org.lossless.core.net.WireFormat;
import org.lossless.core.random.Xoshiro256StarStar;
import org.lossless.topology.Topology;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.TrafficContext;

/**
 * Times one call of a collective alone on the fabric without the packet engine: the tuner's estimate of
 * each candidate algorithm and protocol ({@link Tuner}). The job's own {@link CollectiveProgram} runs its
 * plan (steps, slices, slots, clear-to-sends, software latencies, NVLink) against this context.
 *
 * <p>Network model: a connection sends its messages one after another (as a queue pair does); a message
 * being sent is a flow of its wire bytes through its sender's NIC, which it shares equally with the other
 * messages being sent there ({@link FluidNics}). Wire bytes are the frames (payload, 82 B of headers per
 * packet, the RETH) plus one ACK frame per packet (86 B: the ACKs of the data a host receives share its
 * link, as in a ring or a tree, where every host receives as much as it sends). A message is delivered its
 * path latency after its last byte left ({@link PathLatency}: propagation plus one frame's store-and-forward
 * per switch). Clear-to-sends (64 B, one frame) only pay their serialization and path: on the wire they slip
 * between data packets. No congestion control, PFC or ECMP collisions: the job alone on a non-blocking fabric, which
 * is what the tuner chooses for (NCCL's too).
 *
 * <p>Receivers are not a limit. Where a tree node takes two children's chunks at once, an equal share of its
 * link per chunk (the fluid answer) made the tree 10-20 % slower here than on the packet engine at small
 * sizes: there the channels drift apart and take turns at the receiver. Leaving the receiver out, the dry
 * run ranks the candidates as the packet engine does on one-GPU star fabrics of 8 to 128 hosts
 * (docs/workloads.md §2.8 gives the comparison), at the price of a tree faster here than on the engine at
 * medium sizes. There, the tree's two-to-one steps also draw ECN marks and DCQCN
 * cuts, which no dry run sees: that is where a choice can be wrong (docs/workloads.md §2.8).
 */
final class DryRun implements TrafficContext, FluidNics.Schedule {
    private final TrafficContext fabric;
    private final PathLatency paths;
    private final WireFormat wire;
    private final long ackWire;
    private final FluidNics nics;
    private final List<ArrayDeque<FluidNics.Flow>> queued = new ArrayList<>();
    private final PriorityQueue<Event> events = new PriorityQueue<>();
    private CollectiveProgram program;
    private long messages;
    private long seq;
    private long now;
    private long timerGeneration;

    private DryRun(TrafficContext fabric, PathLatency paths) {
        this.fabric = fabric;
        this.paths = paths;
        this.wire = fabric.wire();
        this.ackWire = wire.ackWire();
        long[] rates = new long[fabric.topology().hostCount()];
        for (int h = 0; h < rates.length; h++) {
            rates[h] = fabric.hostRateBps(h);
        }
        this.nics = new FluidNics(rates);
    }

    /**
     * Duration of one call of {@code job} (its algorithm and protocol fixed) alone on {@code fabric}'s
     * topology and NIC rates, ps; the call starts at time 0.
     */
    static long durationPs(CollectiveJob job, TrafficContext fabric, PathLatency paths) {
        if (job.algorithm() == null || job.protocol() == null || job.iterations() != 1 || job.startPs() != 0) {
            throw new IllegalArgumentException("a dry run times one call with its algorithm and protocol fixed");
        }
        DryRun run = new DryRun(fabric, paths);
        run.program = new CollectiveProgram(job);
        run.program.start(run);
        while (!run.events.isEmpty() && !run.program.finished()) {
            run.step(run.events.poll());
        }
        if (!run.program.finished()) {
            throw new IllegalStateException("dry run of " + job.name() + " stalled at " + run.now + " ps");
        }
        return run.program.jobIterations().get(0).durationPs();
    }

    private void step(Event e) {
        now = e.time;
        if (e.flow != null) {
            if (nics.due(e.flow, now, this)) {
                sent(e.flow);
            }
        } else if (e.message != null) {
            e.message.markDelivered(now);
            program.onDelivered(e.message, now);
        } else if (e.generation == timerGeneration) {
            program.onTimer(now);
        }
    }

    /** The last byte of {@code f} left its sender: delivered a path later; the connection's next message starts. */
    private void sent(FluidNics.Flow f) {
        Connection c = f.message.connection();
        events.add(new Event(now + paths.latencyPs(c.srcHost(), c.dstHost()), seq++, f.message, null, 0));
        ArrayDeque<FluidNics.Flow> q = queued.get(c.id());
        q.poll();
        if (!q.isEmpty()) {
            nics.start(q.peek(), now, this);
        }
    }

    @Override
    public void finishAt(FluidNics.Flow f, long atPs) {
        events.add(new Event(atPs, seq++, null, f, 0));
    }

    @Override
    public long nowPs() {
        return now;
    }

    @Override
    public Topology topology() {
        return fabric.topology();
    }

    @Override
    public long hostRateBps(int host) {
        return fabric.hostRateBps(host);
    }

    @Override
    public WireFormat wire() {
        return wire;
    }

    @Override
    public int mtu() {
        return fabric.mtu();
    }

    @Override
    public Connection connect(int srcHost, int dstHost, ConnectionOptions options) {
        paths.want(srcHost, dstHost);
        queued.add(new ArrayDeque<>());
        return new Connection(queued.size() - 1, srcHost, dstHost, options);
    }

    @Override
    public Message post(Connection c, long bytes, Verb op, MessageTag tag, long atPs) {
        if (atPs != now) {
            throw new IllegalArgumentException("a dry run posts messages now, not at " + atPs + " ps");
        }
        Message m = new Message(messages++, "dry-run", c, MessageSize.of(bytes), op, tag, atPs);
        if (bytes <= NcclConstants.CTS_BYTES) {
            long frame = wire.wire(wire.dataFrame((int) bytes, true));
            long at = now + WireFormat.serializationPs(frame, hostRateBps(c.srcHost()))
                    + paths.latencyPs(c.srcHost(), c.dstHost());
            events.add(new Event(at, seq++, m, null, 0));
            return m;
        }
        FluidNics.Flow f = new FluidNics.Flow(m, c.srcHost(), wire(bytes));
        ArrayDeque<FluidNics.Flow> q = queued.get(c.id());
        q.add(f);
        if (q.size() == 1) {
            nics.start(f, now, this);
        }
        return m;
    }

    /** Wire bytes of a WRITE of {@code bytes} payload bytes with one ACK per packet. */
    private long wire(long bytes) {
        int mtu = mtu();
        long packets = Math.max(1, (bytes + mtu - 1) / mtu);
        return bytes + packets * (wire.dataWireOverhead() + ackWire) + wire.reth();
    }

    @Override
    public void wakeAt(long timePs) {
        events.add(new Event(timePs, seq++, null, null, ++timerGeneration));
    }

    @Override
    public void cancelTimer() {
        timerGeneration++;
    }

    @Override
    public Xoshiro256StarStar stream(String name) {
        // collectives draw no random numbers; a private stream so that a dry run could never shift the run's own
        return new Xoshiro256StarStar(name.hashCode());
    }

    /** A delivery ({@code message}), the end of a flow's sending ({@code flow}) or the program's timer. */
    private record Event(long time, long seq, Message message, FluidNics.Flow flow, long generation)
            implements Comparable<Event> {
        @Override
        public int compareTo(Event o) {
            int c = Long.compare(time, o.time);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }
}
