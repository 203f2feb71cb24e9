package org.lossless.verbs.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.experiments.results.Version;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.workloads.spec.WorkloadConfig;

/**
 * Scenario + hosts file to {@link HardwarePlan}: every workload goes to the first contributor that handles
 * it; the lab hosts that take part get their snapshot and version commands; processes are ordered servers
 * first, then clients by start time.
 */
public final class ReplayPlanner {
    /** The contributors, in the order they are asked: perftest, nccl-tests, fio. */
    public static final List<PlanContributor> DEFAULT_CONTRIBUTORS = List.of(new FlowsContributor(), new CollectiveContributor(),
            new StorageContributor());

    private final List<PlanContributor> contributors;

    public ReplayPlanner() {
        this(DEFAULT_CONTRIBUTORS);
    }

    public ReplayPlanner(List<PlanContributor> contributors) {
        this.contributors = List.copyOf(contributors);
    }

    /**
     * @param hostsName the hosts file as the user named it (messages)
     */
    public HardwarePlan plan(Scenario s, HostsFile hosts, String hostsName, PlanOptions options) {
        PlanContext ctx = new PlanContext(s, hosts, hostsName, options);
        long flowId = 0;
        for (WorkloadConfig w : s.workloads()) {
            PlanContributor c = contributorFor(w);
            if (c == null) {
                ctx.approximate(List.of(), "workload " + w.name() + " (type " + w.type() + ")",
                        "not replayed: no hardware mapping for this workload type yet");
                continue;
            }
            c.contribute(w, flowId, ctx);
            flowId += c.flowCount(w);
        }
        ctx.note("The replay does not change NIC or switch settings (DCQCN, PFC, ECN, buffers): the bundle records the"
                + " lab's settings before and after, and 'lossless calibrate' imports them.");
        ctx.note("Clients start at the same instant T0 (plus each flow's start time) by each host's clock: the hosts'"
                + " clocks must be synchronised (NTP or PTP); each client records when it really started.");
        List<ProcessSpec> processes = new ArrayList<>(ctx.servers);
        List<ProcessSpec> clients = new ArrayList<>(ctx.clients);
        clients.sort((a, b) -> Long.compare(a.startOffsetNs(), b.startOffsetNs()));
        processes.addAll(clients);
        for (ProcessSpec p : clients) {
            if (p.startOffsetNs() > 0 && p.startOffsetNs() < 1_000_000) {
                ctx.approximate(p.flowIds(), (p.job() != null ? "job " + p.job() + ": " : "") + "start at " + p.startOffsetNs()
                        + " ns", "start by the host clock, polled every millisecond: about 1 ms of precision");
            }
        }
        Map<String, LabHost> used = new LinkedHashMap<>();
        for (LabHost h : hosts.labHosts()) {
            for (ProcessSpec p : processes) {
                if (p.host().equals(h.name())) {
                    used.put(h.name(), h);
                }
            }
        }
        List<HostPlan> hostPlans = new ArrayList<>();
        for (LabHost h : used.values()) {
            hostPlans.add(new HostPlan(h, Snapshots.counters(h), Snapshots.versions(h, tools(processes, h))));
        }
        List<SwitchPlan> switches = new ArrayList<>();
        for (LabSwitch sw : hosts.switches()) {
            switches.add(new SwitchPlan(sw, Snapshots.sonicCounters(sw), Snapshots.sonicVersions(sw)));
        }
        if (!switches.isEmpty()) {
            ctx.note("Switch counters are read with SONiC's 'show' commands before and after the run; pause and queue"
                    + " counters are compared as deltas; watermarks are read after the run and are maxima since they were last"
                    + " cleared (the replay does not clear them: clear them before the run for a per-run figure).");
        }
        int timeout = (int) Math.min(86_400, Math.max(60, 3 * ctx.longestNs() / 1_000_000_000L + 30));
        return new HardwarePlan(HardwarePlan.FORMAT_VERSION, s.name(), s.seed(), "lossless " + Version.current(), hostPlans,
                hosts.ssh(), processes, ctx.approximations, ctx.notes, timeout, switches);
    }

    private PlanContributor contributorFor(WorkloadConfig w) {
        for (PlanContributor c : contributors) {
            if (c.handles(w)) {
                return c;
            }
        }
        return null;
    }

    private static List<String> tools(List<ProcessSpec> processes, LabHost h) {
        List<String> tools = new ArrayList<>();
        for (ProcessSpec p : processes) {
            if (p.host().equals(h.name()) && !tools.contains(p.argv().get(0))) {
                tools.add(p.argv().get(0));
            }
        }
        return tools;
    }
}
