package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.net.WireFormat;
import org.lossless.experiments.metrics.Completion;
import org.lossless.topology.Cable;
import org.lossless.topology.Port;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;
import org.lossless.nic.Verb;

/**
 * The completion time of a flow alone in the empty network, computed analytically: the message is
 * cut into MTU packets (the first carries a RETH), every packet pays its full wire overhead, every
 * hop serializes it (store-and-forward) after it has arrived and after the previous packet left,
 * and each link adds its propagation delay. This is the tandem-queue recursion
 * {@code done[k][i] = max(done[k][i-1] + delay[i-1], done[k-1][i]) + ser[k][i]}, evaluated exactly in
 * integer picoseconds with the same rounding the simulator uses, O(packets x hops).
 *
 * <p>A switch forwarding latency L ({@code switch.latency}) delays each packet at every switch: it may leave
 * no earlier than its arrival + L, which is L more propagation on every link that ends at a switch. With
 * cut-through ({@code switch.cut_through}) a packet that finds its egress idle and no faster than its ingress
 * starts at its first bit's arrival + L ({@code SwitchNode}'s rule), evaluated packet by packet
 * ({@link #fctPsForwarding}).
 *
 * <p>Frame sizes are those of the run's wire format ({@code nic.wire}, {@link WireFormat}); a congestion control's
 * in-band header (HPCC's INT) is not in the ideal, as the HPCC simulator leaves it out of its standalone FCT.
 */
public final class IdealFct {
    private final Topology topology;
    private final Routes routes;
    private final long latencyPs;
    private final boolean cutThrough;
    private final WireFormat wire;

    /** The wire format whose frames this ideal counts. */
    public WireFormat wire() {
        return wire;
    }

    /** Store-and-forward without forwarding latency, frames of {@code wire}. */
    public IdealFct(Topology topology, Routes routes, WireFormat wire) {
        this(topology, routes, wire, 0, false);
    }

    /** With the run's wire format and every switch's forwarding latency (ps) and cut-through as the run's. */
    public IdealFct(Topology topology, Routes routes, WireFormat wire, long latencyPs, boolean cutThrough) {
        this.topology = topology;
        this.routes = routes;
        this.wire = java.util.Objects.requireNonNull(wire, "wire");
        this.latencyPs = latencyPs;
        this.cutThrough = cutThrough;
    }

    /** The hops (cables) from host {@code src} to host {@code dst} along the first equal-cost path. */
    public List<Cable> path(int src, int dst) {
        List<Cable> hops = new ArrayList<>();
        int node = topology.hostNode(src);
        int target = topology.hostNode(dst);
        Port p = topology.ports(node).get(0);
        while (true) {
            hops.add(p.cable());
            node = p.peer();
            if (node == target) {
                return hops;
            }
            if (topology.node(node).isHost() || hops.size() > topology.nodes().size()) {
                throw new IllegalStateException("no route from host " + src + " to host " + dst);
            }
            int[] candidates = routes.candidates(node, dst);
            if (candidates.length == 0) {
                throw new IllegalStateException("no route from host " + src + " to host " + dst);
            }
            p = topology.ports(node).get(candidates[0]);
        }
    }

    /** Ideal completion time, ps, of {@code sizeBytes} from {@code src} to {@code dst} at payload {@code mtu}. */
    public long fctPs(int src, int dst, long sizeBytes, int mtu) {
        return fctPs(wire, path(src, dst), sizeBytes, mtu);
    }

    /** As {@link #fctPs(int, int, long, int)} for a message spread over {@code qps} QPs ({@link #fctPs(WireFormat, List, long, int, int)}). */
    public long fctPs(int src, int dst, long sizeBytes, int mtu, int qps) {
        List<Cable> hops = path(src, dst);
        if (cutThrough) {
            return fctPsForwarding(wire, hops, sizeBytes, mtu, qps, latencyPs, true);
        }
        return fctPs(wire, latencyPs == 0 ? hops : withLatency(hops, latencyPs), sizeBytes, mtu, qps);
    }

    /** The path with {@code latencyPs} added to the delay of every cable that ends at a switch (all but the last). */
    static List<Cable> withLatency(List<Cable> hops, long latencyPs) {
        List<Cable> out = new ArrayList<>(hops.size());
        for (int i = 0; i < hops.size(); i++) {
            Cable c = hops.get(i);
            out.add(i + 1 < hops.size() ? new Cable(c.a(), c.aPort(), c.b(), c.bPort(), c.rateBps(), c.delayPs() + latencyPs)
                    : c);
        }
        return out;
    }

    /**
     * The recursion packet by packet with a forwarding latency and, optionally, cut-through, as the switch does
     * it: at switch hop i a packet whose last bit arrives at {@code a} cuts through when {@code cut}, the egress
     * is idle ({@code free[i] <= a}: the previous packet has left) and no faster than the ingress; it then
     * starts at max(a − ser_in + L, free[i]), otherwise at max(a + L, free[i]). O(packets x hops).
     */
    static long fctPsForwarding(WireFormat wire, List<Cable> hops, long sizeBytes, int mtu, int qps, long latencyPs,
                                boolean cut) {
        return fctPsForwarding(wire, hops, sizeBytes, mtu, qps, latencyPs, cut, Framing.WRITE);
    }

    /** As {@link #fctPsForwarding(WireFormat, List, long, int, int, long, boolean)} for a message of {@code framing}. */
    static long fctPsForwarding(WireFormat wire, List<Cable> hops, long sizeBytes, int mtu, int qps, long latencyPs,
                                boolean cut, Framing framing) {
        int h = hops.size();
        long[] free = new long[h];
        long arrival = 0;
        Order order = new Order(wire, sizeBytes, mtu, qps, framing);
        for (long k = 0; k < order.packets; k++) {
            int bytes = order.wireBytes(k);
            long ready = 0;
            for (int i = 0; i < h; i++) {
                long rate = hops.get(i).rateBps();
                long start;
                if (i == 0) {
                    start = Math.max(ready, free[i]);
                } else {
                    long inRate = hops.get(i - 1).rateBps();
                    boolean through = cut && free[i] <= ready && rate <= inRate;
                    start = through ? Math.max(ready - WireFormat.serializationPs(bytes, inRate) + latencyPs, free[i])
                            : Math.max(ready + latencyPs, free[i]);
                }
                free[i] = Math.addExact(start, WireFormat.serializationPs(bytes, rate));
                ready = Math.addExact(free[i], hops.get(i).delayPs());
            }
            arrival = ready;
        }
        return arrival;
    }

    /**
     * Ideal completion time, ps, of a message of operation {@code op} whose payload goes from {@code dataSrc}
     * to {@code dataDst}, from its post to the receiver's last byte. WRITE: {@link #fctPs(int, int, long, int, int)}.
     * SEND: the same without RETH. READ: the request (one frame, 78 B in RoCEv2) from the requester {@code dataDst} to the
     * responder, then the response back with an AETH on each QP's first and last packet. The SEND and READ
     * ideals use the plain recursion (O(packets x hops)); with {@code qps} &gt; 1 a READ's ideal counts the
     * first request only (the others follow it back to back, a few ns each).
     */
    public long fctPs(Verb op, int dataSrc, int dataDst, long sizeBytes, int mtu, int qps) {
        return switch (op) {
            case WRITE -> fctPs(dataSrc, dataDst, sizeBytes, mtu, qps);
            case SEND -> framed(path(dataSrc, dataDst), sizeBytes, mtu, qps, Framing.SEND);
            case READ -> framed(path(dataDst, dataSrc), 1, mtu, 1, Framing.READ_REQUEST)
                    + framed(path(dataSrc, dataDst), sizeBytes, mtu, qps, Framing.READ_RESPONSE);
        };
    }

    /**
     * The ideal of the sender's completion ({@link Completion#SENDER}): for a WRITE or SEND, the receiver's ideal
     * ({@link #fctPs(Verb, int, int, long, int, int)}) plus {@code ackDelayPs} (the receiving NIC's ACK generation
     * delay) plus the last packet's ACK alone on its way back from {@code dataDst} to {@code dataSrc} (the first
     * equal-cost path; serialization, propagation, forwarding latency and cut-through per hop). For a READ the
     * requester completes when the data arrives: the receiver's ideal.
     */
    public long senderFctPs(Verb op, int dataSrc, int dataDst, long sizeBytes, int mtu, int qps, long ackDelayPs) {
        return senderFctPs(op, dataSrc, dataDst, fctPs(op, dataSrc, dataDst, sizeBytes, mtu, qps), ackDelayPs);
    }

    /**
     * As {@link #senderFctPs(Verb, int, int, long, int, int, long)}, given the receiver's ideal of the same message
     * ({@code receiverPs}, from {@link #fctPs(Verb, int, int, long, int, int)}): a run's results need both, and
     * the recursion is then worked out once per message instead of twice.
     */
    public long senderFctPs(Verb op, int dataSrc, int dataDst, long receiverPs, long ackDelayPs) {
        if (op == Verb.READ) {
            return receiverPs;
        }
        return receiverPs + ackDelayPs + frameAlonePs(path(dataDst, dataSrc), wire.ackWire(), latencyPs, cutThrough);
    }

    /**
     * One frame of {@code wire} bytes alone along {@code hops}: its arrival (last bit) after leaving at 0, with
     * forwarding latency at every switch and cut-through where allowed (egress no faster than ingress).
     */
    static long frameAlonePs(List<Cable> hops, int wire, long latencyPs, boolean cut) {
        long ready = 0;
        for (int i = 0; i < hops.size(); i++) {
            long rate = hops.get(i).rateBps();
            long start;
            if (i == 0) {
                start = ready;
            } else {
                long inRate = hops.get(i - 1).rateBps();
                start = cut && rate <= inRate ? ready - WireFormat.serializationPs(wire, inRate) + latencyPs
                        : ready + latencyPs;
            }
            ready = start + WireFormat.serializationPs(wire, rate) + hops.get(i).delayPs();
        }
        return ready;
    }

    /** The recursion for {@code framing} with this run's forwarding latency and cut-through. */
    private long framed(List<Cable> hops, long sizeBytes, int mtu, int qps, Framing framing) {
        if (cutThrough) {
            return fctPsForwarding(wire, hops, sizeBytes, mtu, qps, latencyPs, true, framing);
        }
        return byRecursion(wire, latencyPs == 0 ? hops : withLatency(hops, latencyPs), sizeBytes, mtu, qps, framing);
    }

    /** Ideal completion time of a message on one QP over an explicit path, frames of {@code wire}. */
    public static long fctPs(WireFormat wire, List<Cable> hops, long sizeBytes, int mtu) {
        return fctPs(wire, hops, sizeBytes, mtu, 1);
    }

    /**
     * Ideal completion time over an explicit path of a message spread over {@code qps} QPs
     * ({@code QpSplit}): the NIC's line rate is shared, so the parts leave back to back in the NIC's
     * round-robin order (round t sends packet t of every QP that has one); the only difference from one
     * QP is that the first packet of every QP carries a RETH. The ideal is the time of the last packet
     * of that sequence.
     *
     * <p>Exact and O(hops²) for any size: the packets between the RETH round and the last part's last
     * packet are identical, and once every hop's "free" time grows by the same amount as in steady state
     * (each hop's increment equals the largest serialization time up to it) that regime is absorbing (a
     * busy hop stays busy, a starved hop stays starved), so the rest of the identical packets are added
     * in one step. {@link #fctPsByRecursion} is the plain recursion.
     */
    public static long fctPs(WireFormat wire, List<Cable> hops, long sizeBytes, int mtu, int qps) {
        int h = hops.size();
        long[] rate = new long[h];
        long[] delay = new long[h];
        for (int i = 0; i < h; i++) {
            rate[i] = hops.get(i).rateBps();
            delay[i] = hops.get(i).delayPs();
        }
        Order order = new Order(wire, sizeBytes, mtu, qps, Framing.WRITE);
        int fullWire = wire.fullPacketWire(mtu);
        long[] steady = new long[h];
        long bottleneck = 0;
        for (int i = 0; i < h; i++) {
            bottleneck = Math.max(bottleneck, WireFormat.serializationPs(fullWire, rate[i]));
            steady[i] = bottleneck;
        }
        long[] free = new long[h];
        long[] before = new long[h];
        long arrival = 0;
        // positions [n, shortAt) are full packets without RETH
        long plainEnd = order.shortAt();
        for (long k = 0; k < order.packets; k++) {
            System.arraycopy(free, 0, before, 0, h);
            arrival = sendOne(free, rate, delay, order.wireBytes(k));
            boolean middle = k >= order.n && k < plainEnd - 1;
            if (middle && increasedBy(free, before, steady)) {
                long skip = plainEnd - 1 - k;
                for (int i = 0; i < h; i++) {
                    free[i] = Math.addExact(free[i], Math.multiplyExact(skip, steady[i]));
                }
                k += skip;
            }
        }
        return arrival;
    }

    /** The plain tandem-queue recursion, packet by packet (reference for {@link #fctPs}). */
    static long fctPsByRecursion(WireFormat wire, List<Cable> hops, long sizeBytes, int mtu) {
        return fctPsByRecursion(wire, hops, sizeBytes, mtu, 1);
    }

    /** The plain recursion for a message over {@code qps} QPs. */
    static long fctPsByRecursion(WireFormat wire, List<Cable> hops, long sizeBytes, int mtu, int qps) {
        return byRecursion(wire, hops, sizeBytes, mtu, qps, Framing.WRITE);
    }

    /** The plain recursion for a message of {@code framing}. */
    static long byRecursion(WireFormat wire, List<Cable> hops, long sizeBytes, int mtu, int qps, Framing framing) {
        int h = hops.size();
        long[] rate = new long[h];
        long[] delay = new long[h];
        for (int i = 0; i < h; i++) {
            rate[i] = hops.get(i).rateBps();
            delay[i] = hops.get(i).delayPs();
        }
        long[] free = new long[h];
        long arrival = 0;
        Order order = new Order(wire, sizeBytes, mtu, qps, framing);
        for (long k = 0; k < order.packets; k++) {
            arrival = sendOne(free, rate, delay, order.wireBytes(k));
        }
        return arrival;
    }

    /**
     * The packets of a message spread over QPs as {@code QpSplit} does, in the NIC's round-robin order:
     * {@code n = min(qps, packets)} QPs of {@code q} or {@code q + 1} packets; position k lies in round
     * {@code k / n} (QP {@code k mod n}) for {@code k < q·n}, and the last {@code packets mod n} positions
     * are the extra packets of the first QPs. Round 0 carries the RETHs of a WRITE (a READ response's
     * first AETHs); the last QP's last packet (at position {@code q·n - 1}) carries the message's remainder.
     */
    private static final class Order {
        final long packets;
        final int n;
        final long q;
        final int mtu;
        final long sizeBytes;
        final Framing framing;
        final WireFormat wire;

        Order(WireFormat wire, long sizeBytes, int mtu, int qps, Framing framing) {
            this.wire = wire;
            this.packets = (sizeBytes + mtu - 1) / mtu;
            this.n = (int) Math.min(qps, packets);
            this.q = packets / n;
            this.mtu = mtu;
            this.sizeBytes = sizeBytes;
            this.framing = framing;
        }

        long shortAt() {
            return q * n - 1;
        }

        /** Whether position {@code k} is the last packet of its QP. */
        private boolean lastOfQp(long k) {
            return k >= q * n || (k / n == q - 1 && k % n >= packets % n);
        }

        int wireBytes(long k) {
            int payload = k == shortAt() ? (int) (sizeBytes - (packets - 1) * mtu) : mtu;
            int frame = switch (framing) {
                case WRITE -> wire.dataFrame(payload, k < n);
                case SEND -> wire.dataFrame(payload, false);
                case READ_REQUEST -> wire.readRequestFrame();
                case READ_RESPONSE -> wire.readResponseFrame(payload, k < n || lastOfQp(k));
            };
            return wire.wire(frame);
        }
    }

    /** What the packets of a message carry besides their payload. */
    enum Framing {
        /** RDMA WRITE: a RETH on each QP's first packet. */
        WRITE,
        /** SEND: no extension header. */
        SEND,
        /** The one request frame of an RDMA READ (size ignored). */
        READ_REQUEST,
        /** RDMA READ response: an AETH on each QP's first and last packet. */
        READ_RESPONSE
    }

    /** One packet of {@code wire} bytes through every hop; updates {@code free}; returns its arrival. */
    private static long sendOne(long[] free, long[] rate, long[] delay, int wire) {
        long ready = 0;
        for (int i = 0; i < free.length; i++) {
            long start = Math.max(ready, free[i]);
            free[i] = Math.addExact(start, WireFormat.serializationPs(wire, rate[i]));
            ready = Math.addExact(free[i], delay[i]);
        }
        return ready;
    }

    private static boolean increasedBy(long[] now, long[] before, long[] step) {
        for (int i = 0; i < now.length; i++) {
            if (now[i] - before[i] != step[i]) {
                return false;
            }
        }
        return true;
    }
}
