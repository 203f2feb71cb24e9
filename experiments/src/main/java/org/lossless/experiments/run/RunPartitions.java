package org.lossless.experiments.run;

import java.util.Map;

import org.lossless.core.net.WireFormat;
import org.lossless.experiments.parallel.Partitioner;
import org.lossless.experiments.parallel.Partitioning;
import org.lossless.topology.Cable;
import org.lossless.topology.Topology;

/**
 * How a packet run is cut for the parallel engine: the {@link Partitioner}'s cut of the fabric (a switch with the
 * hosts behind it, balanced by port bandwidth), and the window length it allows: the smallest lookahead of a cut
 * link, and of every link towards a NIC (a window must end before a frame put on such a link inside it can arrive
 * and complete a message, {@link Completions}). A link's lookahead is its propagation delay plus the line time of
 * the smallest frame of the run's wire format ({@link WireFormat#smallestWire}), or its delay alone when switches cut through
 * (a cut-through frame may leave before a whole frame time has passed).
 *
 * <p>How many: up to {@value #PARTITIONS_PER_THREAD} per thread, so that the engine's per-window claiming (the costliest
 * partition of the last window first, on whichever thread is free) can even out loads that move from window to window;
 * a static split of one partition per thread leaves a thread waiting at the barrier whenever its partition had less to
 * do in that window. Fewer when the fabric has fewer units ({@link Partitioner}: a switch with its hosts), and no more
 * than one per thread when the finer cut would cut a link with a shorter lookahead than the cut of one per thread
 * (shorter windows: more barriers); a fat-tree's links all have one delay, so its finer cut keeps the lookahead. Every
 * partition count gives the same results (the engine's tie order does not depend on the partitioning); only the speed
 * and the hand-offs across partitions change (benchmarks/README.md, step 5).
 *
 * <p>One partition (the run is the same, on one thread) when: one is asked for; the fabric has one unit; a link
 * gives windows shorter than {@link Partitioner#MIN_WINDOW_PS} (too short to pay for a barrier); link-level retry
 * ({@code llr}) replays frames after their arrival, credit-based flow control is on (not yet checked against the
 * window rules), a NIC receive buffer completes messages after it (a window could not end in time), or UET's receiver
 * credits (RCCC) are on (the receiver's pacer reads its senders' QPs, in other partitions). {@link #note} says why, for the console.
 *
 * @param partOf      partition of each node, by node id
 * @param partitions  number of partitions
 * @param lookaheadPs longest window, ps ({@code Long.MAX_VALUE} with one partition)
 * @param weights     expected load of each partition
 * @param note        why fewer partitions than threads asked for, or empty
 */
record RunPartitions(int[] partOf, int partitions, long lookaheadPs, long[] weights, String note) {
    /** Partitions per thread the automatic cut aims at (see above). */
    static final int PARTITIONS_PER_THREAD = 4;

    RunPartitions {
        partOf = partOf.clone();
        weights = weights.clone();
    }

    /** One partition holding every node. */
    static RunPartitions single(Topology t, String note) {
        return new RunPartitions(new int[t.nodes().size()], 1, Long.MAX_VALUE, new long[] {1}, note);
    }

    /** The cut of {@code in}'s fabric for {@code threads} threads; {@code override} a partition per node, or null. */
    static RunPartitions of(EngineInput in, int threads, Map<String, Integer> override) {
        Topology t = in.topology();
        if (threads <= 1 && override == null) {
            return single(t, "");
        }
        var llr = in.switches().llr();
        if (llr != null && (llr.enabled() || llr.frameErrorRate() > 0)) {
            return single(t, "link-level retry (llr) replays frames after they arrive: the run uses one thread");
        }
        if (in.switches().cbfc() != null) {
            // credit updates and their processing delays are not yet checked against the window rules
            return single(t, "credit-based flow control (cbfc) is not yet cut into partitions: the run uses one thread");
        }
        if (in.nic().rxBuffer() != null) {
            return single(t, "a NIC receive buffer completes messages after their frames arrive: the run uses one thread");
        }
        if (in.nic().uet().credits()) {
            // the receiver's credit pacer reads whether its senders have more to send from their QPs, in other
            // partitions: the grants would depend on how far those partitions ran (benchmarks/README.md, step 32)
            return single(t, "RCCC's receiver credits (nic.uet.cc: rccc or hybrid) are not yet cut into partitions: the "
                    + "run uses one thread");
        }
        RunPartitions coarse = of(in, Partitioner.plan(t, Math.max(1, threads), override), threads, override != null);
        if (override != null || coarse.partitions() < threads) {
            return coarse;
        }
        int wanted = (int) Math.min(Integer.MAX_VALUE, (long) threads * PARTITIONS_PER_THREAD);
        RunPartitions fine = of(in, Partitioner.plan(t, wanted, null), threads, false);
        return fine.partitions() > coarse.partitions() && fine.lookaheadPs() >= coarse.lookaheadPs() ? fine : coarse;
    }

    /**
     * {@code cut} with the run's lookahead, or one partition when that is too short or the cut has one; {@code given}:
     * the cut is the scenario's or the caller's, not the automatic one (for the note).
     */
    private static RunPartitions of(EngineInput in, Partitioning cut, int threads, boolean given) {
        Topology t = in.topology();
        if (cut.partitions() == 1) {
            return single(t, cut.note().isEmpty() ? "" : cut.note() + ": the run uses one thread");
        }
        int[] partOf = cut.partOf();
        boolean cutThrough = in.switches().cutsThrough();
        long look = Long.MAX_VALUE;
        for (Cable c : t.cables()) {
            boolean toHost = t.node(c.a()).isHost() || t.node(c.b()).isHost();
            if (toHost || partOf[c.a()] != partOf[c.b()]) {
                look = Math.min(look, lookaheadPs(c, cutThrough, in.nic().wire()));
            }
        }
        if (look < Partitioner.MIN_WINDOW_PS) {
            return single(t, "links of " + look / 1000 + " ns lookahead (delay plus the smallest frame) leave windows "
                    + "shorter than " + Partitioner.MIN_WINDOW_PS / 1000 + " ns, too short to pay for a barrier: the "
                    + "run uses one thread (same results)");
        }
        String note = cut.partitions() >= threads ? "" : given ? threads + " threads asked for, the cut given "
                + "(engine.partitions) has " + cut.partitions() + " partitions: the run uses " + cut.partitions()
                + " threads (same results)" : threads + " threads asked for, the fabric has " + cut.useful()
                + " useful partitions (a switch with the hosts behind it each): the run uses " + cut.partitions()
                + " threads (same results)";
        return new RunPartitions(partOf, cut.partitions(), look, cut.weights(), note);
    }

    /**
     * A cable's lookahead: its delay, plus the line time of the smallest frame of the run's wire format
     * ({@link WireFormat#smallestWire}: 84 B for RoCEv2, 43 B for HPCC's) unless switches cut through, ps.
     */
    static long lookaheadPs(Cable c, boolean cutThrough, WireFormat wire) {
        return c.delayPs() + (cutThrough ? 0 : WireFormat.serializationPs(wire.smallestWire(), c.rateBps()));
    }

    /** Partition of each host, by host number. */
    int[] partOfHosts(Topology t) {
        int[] h = new int[t.hostCount()];
        for (int i = 0; i < h.length; i++) {
            h[i] = partOf[t.hostNode(i)];
        }
        return h;
    }
}
