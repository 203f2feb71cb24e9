package org.lossless.workloads.training;

import java.util.ArrayList;
import java.util.List;

import org.lossless.workloads.collective.Algorithm;
import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.collective.PairSizes;
import org.lossless.workloads.collective.Protocol;

/**
 * Turns one call of a training job into a one-iteration job of the collective engine (the only place that
 * builds one, so that a change of {@link CollectiveJob} is made here alone). A point-to-point transfer is an
 * all-to-all of two ranks in which only the sender has bytes for the receiver: NCCL runs both through the same
 * send/receive path (chunks, buffer slots, NVLink inside a server, PXN).
 */
public final class CallJobs {
    private CallJobs() {
    }

    /**
     * A call of {@code coll} of {@code sizeBytes} (nccl-tests' size) among {@code hosts} (in communicator order),
     * starting at {@code nowPs}; {@code pairs}: an all-to-all's bytes per pair (null: uniform).
     */
    public static CollectiveJob collective(String name, Collective coll, int[] hosts, long sizeBytes, PairSizes pairs,
                                    CommSettings s, long nowPs) {
        Algorithm algorithm = coll == Collective.ALLTOALL ? Algorithm.DIRECT
                : s.algorithm() != null && s.algorithm().supports(coll) ? s.algorithm() : null;
        Protocol protocol = coll == Collective.ALLTOALL ? Protocol.SIMPLE : s.protocol();
        PairSizes p = coll != Collective.ALLTOALL ? null : pairs == null ? PairSizes.skewed(0) : pairs;
        int channels = s.channels() != CommSettings.AUTO ? s.channels()
                : coll == Collective.ALLTOALL ? 1 : 2 * s.servers().gpusPerServer();
        List<Integer> ranks = new ArrayList<>(hosts.length);
        for (int h : hosts) {
            ranks.add(h);
        }
        return new CollectiveJob(name, coll, algorithm, protocol, ranks, sizeBytes, channels, 1, nowPs, 0, s.connection(),
                s.baseLatencyPs(), s.stepLatencyPs(), s.nvlinkStepPs(), s.ringOrder(), s.pxn(), 0, p, s.servers(), s.tuner(),
                s.ctsDelayPs());
    }

    /** {@code name} with every character a job name may not hold replaced by {@code _}. */
    static String safeName(String name) {
        String s = name.replaceAll("[^A-Za-z0-9._-]", "_");
        return s.isEmpty() ? "call" : s;
    }

    /** {@code bytes} from host {@code src} to host {@code dst}, starting at {@code nowPs}. */
    public static CollectiveJob pointToPoint(String name, int src, int dst, long bytes, CommSettings s, long nowPs) {
        PairSizes one = PairSizes.explicit(new long[][] {{0, bytes}, {0, 0}});
        return collective(name, Collective.ALLTOALL, new int[] {src, dst}, PairSizes.ncclTestsSize(one.matrix()), one, s,
                nowPs);
    }
}
