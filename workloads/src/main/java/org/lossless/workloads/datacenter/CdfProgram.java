package org.lossless.workloads.datacenter;

import java.util.List;

import org.lossless.core.random.Xoshiro256StarStar;
import org.lossless.workloads.support.AgendaProgram;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.MessageKind;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.TrafficContext;

/**
 * Poisson flow arrivals per host at a target load, sizes from a flow-size distribution, destinations uniform
 * over the other hosts or from a traffic matrix, as the HPCC simulator's generator makes them (but seeded):
 * host i's first flow starts one exponential gap after {@code start}, each next one a fresh gap later, with
 * mean gap = mean size x 8 / (link rate x load); flows that would start at or after start + duration are not
 * generated. Every flow is an RDMA WRITE on a connection of its own (a new QP, as in the HPCC simulator), tag
 * operation {@code background}. An incast overlay adds events of its own (operation {@code incast},
 * iteration = event number), the first one interval after {@code start}.
 *
 * <p>Each host has its own streams for gaps, sizes and destinations, so its flows do not change when another
 * host is added or the network behaves differently.
 */
public final class CdfProgram extends AgendaProgram {
    private final CdfConfig cfg;
    private ConnectionOptions options;
    private long endPs;
    private Xoshiro256StarStar[] gaps;
    private Xoshiro256StarStar[] sizes;
    private Xoshiro256StarStar[] destinations;
    private double[] meanGapPs;
    private Xoshiro256StarStar incastRng;
    private long incastIntervalPs;
    private long backgroundFlows;
    private long backgroundBytes;
    private long incastEvents;
    private boolean started;

    public CdfProgram(CdfConfig cfg) {
        super(cfg.name());
        this.cfg = cfg;
    }

    @Override
    protected void begin(TrafficContext context) {
        started = true;
        options = ConnectionOptions.of(cfg.priority()).withQps(cfg.qps()).withDscp(cfg.dscp());
        endPs = cfg.startPs() + cfg.durationPs();
        List<Integer> hosts = cfg.hosts();
        int n = hosts.size();
        gaps = new Xoshiro256StarStar[n];
        sizes = new Xoshiro256StarStar[n];
        destinations = new Xoshiro256StarStar[n];
        meanGapPs = new double[n];
        double mean = cfg.cdf().meanBytes();
        double capacity = 0;
        for (int i = 0; i < n; i++) {
            int h = hosts.get(i);
            long rate = context.hostRateBps(h);
            capacity += rate;
            gaps[i] = context.stream("arrivals." + h);
            sizes[i] = context.stream("sizes." + h);
            destinations[i] = context.stream("destinations." + h);
            meanGapPs[i] = mean * 8 / (rate * cfg.load()) * 1e12;
            if (cfg.matrix() == null || cfg.matrix().sends(i)) {
                scheduleArrival(i, cfg.startPs());
            }
        }
        if (cfg.incast() != null) {
            incastRng = context.stream("incast");
            incastIntervalPs = cfg.incast().intervalPs(capacity);
            scheduleIncast(cfg.startPs() + incastIntervalPs);
        }
    }

    private void scheduleArrival(int i, long fromPs) {
        long t = fromPs + Math.round(gaps[i].nextExponential(meanGapPs[i]));
        if (t < endPs) {
            agenda.at(t, () -> arrival(i));
        }
    }

    private void arrival(int i) {
        List<Integer> hosts = cfg.hosts();
        long size = cfg.cdf().sample(sizes[i]);
        int dst;
        if (cfg.matrix() != null) {
            dst = cfg.matrix().destination(i, destinations[i]);
        } else {
            // uniform over the other hosts
            dst = (int) destinations[i].nextLong(hosts.size() - 1);
            if (dst >= i) {
                dst++;
            }
        }
        ctx.post(ctx.connect(hosts.get(i), hosts.get(dst), options), size, Verb.WRITE, MessageTag.op("background"));
        backgroundFlows++;
        backgroundBytes += size;
        scheduleArrival(i, ctx.nowPs());
    }

    private void scheduleIncast(long t) {
        if (t < endPs) {
            agenda.at(t, this::incastEvent);
        }
    }

    private void incastEvent() {
        List<Integer> hosts = cfg.hosts();
        int n = hosts.size();
        int[] pick = new int[n];
        for (int i = 0; i < n; i++) {
            pick[i] = i;
        }
        // a random receiver first, then the senders: a partial Fisher-Yates shuffle
        int k = cfg.incast().senders() + 1;
        for (int i = 0; i < k; i++) {
            int j = i + (int) incastRng.nextLong(n - i);
            int t = pick[i];
            pick[i] = pick[j];
            pick[j] = t;
        }
        int receiver = hosts.get(pick[0]);
        MessageTag tag = new MessageTag((int) incastEvents, -1, -1, "incast", null, MessageKind.DATA);
        for (int i = 1; i < k; i++) {
            ctx.post(ctx.connect(hosts.get(pick[i]), receiver, options), cfg.incast().size(), Verb.WRITE, tag);
        }
        incastEvents++;
        scheduleIncast(ctx.nowPs() + incastIntervalPs);
    }

    /** {@link #NEVER_REACTS}: its arrivals follow its own timer, never a completion. */
    @Override
    public long minReactionDelayPs() {
        return NEVER_REACTS;
    }

    @Override
    public boolean finished() {
        return started && agenda.isEmpty();
    }

    /** Background flows generated so far. */
    public long backgroundFlows() {
        return backgroundFlows;
    }

    /** Payload bytes of the background flows generated so far. */
    public long backgroundBytes() {
        return backgroundBytes;
    }

    /** Incast events so far. */
    public long incastEvents() {
        return incastEvents;
    }
}
