package org.lossless.verbs.plan;

import java.util.List;
import java.util.Map;

import org.lossless.experiments.scenario.LinkConfig;
import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.workloads.spec.WorkloadConfig.FlowSpec;

/**
 * {@code flows} and {@code hpcc-flows}: each flow becomes one perftest server on the receiver and one client
 * on the sender (for READ the other way round: the client reads the sender's memory), on its own TCP port,
 * the client started at the flow's start time. A flow of {@code S} bytes over {@code Q} QPs is {@code n}
 * messages of {@code s} bytes per QP ({@code -q Q -s s -n n}): n = max(5, ceil(S/Q / message size)) (5 is
 * perftest's minimum), s = ceil(S/Q / n); when Q x n x s differs from S the difference is listed. Flows up to {@link PlanOptions#latencyMaxBytes()} are
 * latency probes ({@code ib_<verb>_lat -s S}). The flow's DSCP becomes {@code --tclass} (DSCP &lt;&lt; 2 | ECT(0)):
 * a DSCP the scenario gives ({@code dscp} other than the default 8 x priority), else the lab host's DSCP for the
 * priority ({@link LabHost#dscpOf});
 * a scenario link slower than the lab link becomes a per-QP rate limit.
 */
public final class FlowsContributor implements PlanContributor {
    @Override
    public boolean handles(WorkloadConfig w) {
        return w instanceof WorkloadConfig.Flows || w instanceof WorkloadConfig.HpccFlows;
    }

    @Override
    public long flowCount(WorkloadConfig w) {
        return flows(w).size();
    }

    private static List<FlowSpec> flows(WorkloadConfig w) {
        if (w instanceof WorkloadConfig.Flows f) {
            return f.flows();
        }
        return ((WorkloadConfig.HpccFlows) w).flows();
    }

    /**
     * Flows replayed by one server-client pair: one flow, or the flows of one workload that name the same
     * connection (messages in order on persistent QPs; perftest sends one size on a QP, so they become one
     * transfer of their total size, listed as an approximation).
     */
    private record Group(List<Long> ids, int src, int dst, long sizeBytes, long startPs, int priority, int qps,
                         int dscp) {
    }

    private static List<Group> groups(List<FlowSpec> flows, long firstFlowId) {
        List<Group> out = new java.util.ArrayList<>();
        Map<String, Integer> byConnection = new java.util.HashMap<>();
        for (int i = 0; i < flows.size(); i++) {
            FlowSpec f = flows.get(i);
            long id = firstFlowId + i;
            Integer at = f.connection() == null ? null : byConnection.get(f.connection());
            if (at == null) {
                if (f.connection() != null) {
                    byConnection.put(f.connection(), out.size());
                }
                out.add(new Group(List.of(id), f.src(), f.dst(), f.sizeBytes(), f.startPs(), f.priority(), f.qps(),
                        f.dscp()));
            } else {
                Group g = out.get(at);
                List<Long> ids = new java.util.ArrayList<>(g.ids());
                ids.add(id);
                out.set(at, new Group(ids, g.src(), g.dst(), g.sizeBytes() + f.sizeBytes(), g.startPs(), g.priority(), g.qps(),
                        g.dscp()));
            }
        }
        return out;
    }

    @Override
    public void contribute(WorkloadConfig w, long firstFlowId, PlanContext ctx) {
        PlanOptions o = ctx.options();
        int mtu = PerftestCommand.ibMtu(ctx.scenario().nic().mtu());
        if (mtu != ctx.scenario().nic().mtu()) {
            ctx.approximate(List.of(), "nic.mtu " + ctx.scenario().nic().mtu() + " B",
                    "perftest -m " + mtu + " (path MTUs are 256, 512, 1024, 2048 or 4096 B)");
        }
        LinkConfig link = ctx.scenario().topology().hostLink();
        for (Group g : groups(flows(w), firstFlowId)) {
            String what = "flow " + g.ids().get(0);
            LabHost src = ctx.labHost(g.src(), what + " sender");
            LabHost dst = ctx.labHost(g.dst(), what + " receiver");
            boolean read = o.verb().equals("read");
            LabHost server = read ? src : dst;
            LabHost client = read ? dst : src;
            int port = ctx.port();
            // a connection's flows share one DSCP (the scenario loader checks it)
            int tclass = g.dscp() != org.lossless.core.net.Dscp.ofPriority(g.priority()) ? g.dscp() << 2 | 2
                    : src.trafficClass(g.priority());
            if (g.ids().size() > 1) {
                ctx.approximate(g.ids(), g.ids().size() + " messages on one connection (" + w.name() + ")",
                        "one transfer of their total " + g.sizeBytes() + " B from the first one's start; measured as one"
                                + " goodput, so these flows are not compared one by one");
            }
            if (g.sizeBytes() <= o.latencyMaxBytes()) {
                latency(ctx, w, g, server, client, port, mtu, tclass);
            } else {
                bandwidth(ctx, g, server, client, src, port, mtu, tclass, link);
            }
        }
    }

    private static void latency(PlanContext ctx, WorkloadConfig w, Group f, LabHost server, LabHost client, int port,
                                int mtu, int tclass) {
        List<Long> id = f.ids();
        PlanOptions o = ctx.options();
        String tool = "ib_" + o.verb() + "_lat";
        ctx.server(server, "latency", PerftestCommand.latency(server, tool, port, f.sizeBytes(), o.latencyIterations(), mtu,
                tclass, null), Map.of(), id, null, "Waiting for client");
        ctx.client(client, "latency", PerftestCommand.latency(client, tool, port, f.sizeBytes(), o.latencyIterations(), mtu,
                tclass, server.address()), Map.of(), f.startPs() / 1000, id, null);
        ctx.approximate(id, "one message of " + f.sizeBytes() + " B (" + w.name() + ")", tool + " -s "
                + f.sizeBytes() + " -n " + o.latencyIterations() + ": ping-pong; its median (t_typical) is compared with the"
                + " message's one-way time in the simulation");
        if (f.qps() > 1) {
            ctx.approximate(id, "qps " + f.qps(), "one QP (latency tests use one)");
        }
        ctx.expectDuration(f.startPs() / 1000, o.latencyIterations() * 100_000L);
    }

    private static void bandwidth(PlanContext ctx, Group f, LabHost server, LabHost client, LabHost sender, int port,
                                  int mtu, int tclass, LinkConfig link) {
        List<Long> id = f.ids();
        PlanOptions o = ctx.options();
        String tool = "ib_" + o.verb() + "_bw";
        int q = f.qps();
        long perQp = (f.sizeBytes() + q - 1) / q;
        // as few messages as the message size allows (at least 5), all of one size, rounded up: Q x n x s >= S,
        // over by less than Q x n bytes
        long n = Math.max(5, (perQp + o.messageBytes() - 1) / o.messageBytes());
        long size = Math.max(1, (perQp + n - 1) / n);
        long replayed = q * n * size;
        if (replayed != f.sizeBytes()) {
            ctx.approximate(id, f.sizeBytes() + " B over " + q + " QP" + (q > 1 ? "s" : ""),
                    q + " x " + n + " x " + size + " B = " + replayed + " B (" + String.format("%+.3f", 100.0
                            * (replayed - f.sizeBytes()) / f.sizeBytes()) + " %)");
        }
        List<String> limit = List.of();
        long scenarioRate = link == null ? 0 : link.rateBps();
        if (scenarioRate > 0 && sender.linkRateBps() > 0) {
            if (scenarioRate < sender.linkRateBps()) {
                limit = RateLimits.options(scenarioRate / q);
                if (!RateLimits.isStatic(scenarioRate / q)) {
                    ctx.approximate(id, "host link " + RateLimits.format(scenarioRate / 1e9) + " Gb/s on a "
                            + RateLimits.format(sender.linkRateBps() / 1e9) + " Gb/s lab link",
                            "software rate limiter at " + RateLimits.format(scenarioRate / q / 1e9)
                                    + " Gb/s per QP (not a static rate: bursts of TX-depth messages)");
                }
            } else if (scenarioRate > sender.linkRateBps()) {
                ctx.approximate(id, "host link " + RateLimits.format(scenarioRate / 1e9) + " Gb/s",
                        "the lab link's " + RateLimits.format(sender.linkRateBps() / 1e9) + " Gb/s");
            }
        }
        ctx.server(server, "bandwidth", PerftestCommand.bandwidth(server, tool, port, q, size, n, mtu, tclass, limit, null),
                Map.of(), id, null, "Waiting for client");
        ctx.client(client, "bandwidth", PerftestCommand.bandwidth(client, tool, port, q, size, n, mtu, tclass, limit,
                server.address()), Map.of(), f.startPs() / 1000, id, null);
        long rate = scenarioRate > 0 ? scenarioRate : Math.max(1, sender.linkRateBps());
        ctx.expectDuration(f.startPs() / 1000, rate > 1 ? (long) (replayed * 8e9 / rate) : 1_000_000_000L);
        if (!o.verb().equals("write")) {
            ctx.approximate(id, "RDMA WRITE (what the simulator models)", tool + " (" + o.verb().toUpperCase()
                    + " operations)");
        }
        ctx.note("A flow of S bytes is replayed as n messages of s bytes per QP, up to 128 outstanding (perftest's TX"
                + " depth); each message carries its own 16 B RETH, where the simulator sends one message.");
    }
}
