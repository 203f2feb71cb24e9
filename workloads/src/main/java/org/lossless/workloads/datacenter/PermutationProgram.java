package org.lossless.workloads.datacenter;

import java.util.List;

import org.lossless.core.random.Xoshiro256StarStar;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.TrafficContext;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * A random permutation: host at position i of the list sends to the host at position d[i], d a derangement
 * drawn uniformly (Fisher-Yates shuffles, redrawn until no host maps to itself: e tries on average). One
 * RDMA WRITE per host, all posted at {@code start}, tag operation {@code permutation}; one {@code jobs.csv}
 * row ending when the last byte of the last flow is delivered.
 */
public final class PermutationProgram implements TrafficProgram {
    private final PermutationConfig cfg;
    private int[] derangement;
    private int left;
    private long finishPs = -1;

    public PermutationProgram(PermutationConfig cfg) {
        this.cfg = cfg;
    }

    @Override
    public String name() {
        return cfg.name();
    }

    /** A uniform random derangement of 0..n-1. */
    public static int[] derangement(int n, Xoshiro256StarStar rng) {
        int[] d = new int[n];
        while (true) {
            for (int i = 0; i < n; i++) {
                d[i] = i;
            }
            for (int i = n - 1; i > 0; i--) {
                int j = (int) rng.nextLong(i + 1);
                int t = d[i];
                d[i] = d[j];
                d[j] = t;
            }
            boolean fixed = false;
            for (int i = 0; i < n && !fixed; i++) {
                fixed = d[i] == i;
            }
            if (!fixed) {
                return d;
            }
        }
    }

    @Override
    public void start(TrafficContext ctx) {
        List<Integer> hosts = cfg.hosts();
        derangement = derangement(hosts.size(), ctx.stream("permutation"));
        ConnectionOptions o = ConnectionOptions.of(cfg.priority()).withQps(cfg.qps()).withDscp(cfg.dscp());
        left = hosts.size();
        for (int i = 0; i < hosts.size(); i++) {
            ctx.post(ctx.connect(hosts.get(i), hosts.get(derangement[i]), o), cfg.size(), Verb.WRITE,
                    MessageTag.op("permutation"), cfg.startPs());
        }
    }

    @Override
    public void onDelivered(Message m, long nowPs) {
        if (--left == 0) {
            finishPs = nowPs;
        }
    }

    /** {@link #NEVER_REACTS}: it posts every message at the start and only notes when the last one arrived. */
    @Override
    public long minReactionDelayPs() {
        return NEVER_REACTS;
    }

    @Override
    public boolean finished() {
        return true;
    }

    @Override
    public List<JobIteration> jobIterations() {
        return List.of(new JobIteration(cfg.name(), 0, "permutation", cfg.hosts().size(),
                cfg.sizeBytes() * cfg.hosts().size(), cfg.startPs(), finishPs, JobIteration.NO_BUSBW));
    }
}
