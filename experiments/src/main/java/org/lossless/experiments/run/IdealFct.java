package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.net.WireFormat;
import org.lossless.topology.Cable;
import org.lossless.topology.Port;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;

/**
 * The completion time of a flow alone in the empty network, computed analytically: the message is
 * cut into MTU packets (the first carries a RETH), every packet pays its full wire overhead, every
 * hop serializes it (store-and-forward) after it has arrived and after the previous packet left,
 * and each link adds its propagation delay. This is the tandem-queue recursion
 * {@code done[k][i] = max(done[k][i-1] + delay[i-1], done[k-1][i]) + ser[k][i]}, evaluated exactly in
 * integer picoseconds with the same rounding the simulator uses, O(packets x hops).
 */
public final class IdealFct {
    private final Topology topology;
    private final Routes routes;

    public IdealFct(Topology topology, Routes routes) {
        this.topology = topology;
        this.routes = routes;
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
        return fctPs(path(src, dst), sizeBytes, mtu);
    }

    /**
     * Ideal completion time over an explicit path. Exact and O(hops²) for any size: the packets between
     * the first (with RETH) and the last are identical, and once every hop's "free" time grows by the
     * same amount as in steady state (each hop's increment equals the largest serialization time up to
     * it) that regime is absorbing (a busy hop stays busy, a starved hop stays starved), so the rest of
     * the identical packets are added in one step. {@link #fctPsByRecursion} is the plain recursion.
     */
    public static long fctPs(List<Cable> hops, long sizeBytes, int mtu) {
        int h = hops.size();
        long[] rate = new long[h];
        long[] delay = new long[h];
        for (int i = 0; i < h; i++) {
            rate[i] = hops.get(i).rateBps();
            delay[i] = hops.get(i).delayPs();
        }
        long packets = (sizeBytes + mtu - 1) / mtu;
        int fullWire = WireFormat.wireBytes(WireFormat.dataFrameBytes(mtu, false));
        long[] steady = new long[h];
        long bottleneck = 0;
        for (int i = 0; i < h; i++) {
            bottleneck = Math.max(bottleneck, WireFormat.serializationPs(fullWire, rate[i]));
            steady[i] = bottleneck;
        }
        long[] free = new long[h];
        long[] before = new long[h];
        long arrival = 0;
        for (long k = 0; k < packets; k++) {
            long sent = k * mtu;
            int payload = (int) Math.min(mtu, sizeBytes - sent);
            int wire = WireFormat.wireBytes(WireFormat.dataFrameBytes(payload, k == 0));
            System.arraycopy(free, 0, before, 0, h);
            arrival = sendOne(free, rate, delay, wire);
            boolean middle = k >= 1 && k < packets - 2;
            if (middle && increasedBy(free, before, steady)) {
                long skip = packets - 2 - k;
                for (int i = 0; i < h; i++) {
                    free[i] += skip * steady[i];
                }
                k += skip;
            }
        }
        return arrival;
    }

    /** The plain tandem-queue recursion, packet by packet (reference for {@link #fctPs}). */
    static long fctPsByRecursion(List<Cable> hops, long sizeBytes, int mtu) {
        int h = hops.size();
        long[] rate = new long[h];
        long[] delay = new long[h];
        for (int i = 0; i < h; i++) {
            rate[i] = hops.get(i).rateBps();
            delay[i] = hops.get(i).delayPs();
        }
        long[] free = new long[h];
        long arrival = 0;
        for (long sent = 0; sent < sizeBytes; sent += mtu) {
            int payload = (int) Math.min(mtu, sizeBytes - sent);
            arrival = sendOne(free, rate, delay, WireFormat.wireBytes(WireFormat.dataFrameBytes(payload, sent == 0)));
        }
        return arrival;
    }

    /** One packet of {@code wire} bytes through every hop; updates {@code free}; returns its arrival. */
    private static long sendOne(long[] free, long[] rate, long[] delay, int wire) {
        long ready = 0;
        for (int i = 0; i < free.length; i++) {
            long start = Math.max(ready, free[i]);
            free[i] = start + WireFormat.serializationPs(wire, rate[i]);
            ready = free[i] + delay[i];
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
