package org.lossless.experiments.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.lossless.experiments.metrics.CbfcCounters;
import org.lossless.experiments.metrics.LosslessDrop;
import org.lossless.experiments.metrics.PauseGraph;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.metrics.WatchdogResult;
import org.lossless.experiments.scenario.Scenario;

import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.List;

/**
 * {@code summary.json} (README.md, "Result files"), answers first: identity, why the run ended and the simulated
 * time; then {@code jobs} (each job's figure against its ideal, {@link JobSummary}); {@code workloads} (per
 * workload, in order of first appearance, its message figures, {@link FlowFigures}: slowdown over its data
 * messages, its control messages apart); the same figures over the whole run ({@code flows}, {@code fct_slowdown}
 * over data messages, {@code fct_slowdown_censored}, {@code control}, {@code fct_slowdown_all} over every
 * message); the fabric ({@code drops} with {@code lossless_packets}, the drops on PFC-protected priorities;
 * {@code pfc} with pause propagation; {@code ecn}; {@code cnp}; {@code uet} and {@code llr} when used); last the simulator's own cost: {@code events},
 * {@code wall_seconds} (rounded to ms), {@code cpu_seconds}, {@code events_per_second} and
 * {@code peak_heap_bytes}, the only figures that change from one run of the same scenario and seed to the next.
 */
public final class Summary {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(com.fasterxml.jackson.core.JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));

    private Summary() {
    }

    public static String json(Scenario scenario, RunResult r) {
        return json(scenario, r, FlowFigures.of(r.flows(), r.simTimePs(), scenario.metrics().completion()));
    }

    /** {@code summary.json} with the message figures {@code figures} made of the run's rows (streamed or not). */
    static String json(Scenario scenario, RunResult r, FlowFigures figures) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        root.put("name", scenario.name());
        root.put("seed", scenario.seed());
        root.put("engine", "packet");
        root.put("version", Version.current());
        root.put("stopped_by", r.stoppedBy().key());
        if (!r.postingLeft().isEmpty()) { // cut by the stop time before these workloads had posted everything
            com.fasterxml.jackson.databind.node.ArrayNode still = root.putArray("still_posting");
            r.postingLeft().forEach(still::add);
        }
        root.put("sim_time_ps", r.simTimePs());
        JobSummary.write(root.putArray("jobs"), r, JobServers.of(scenario));
        TrainingSummary.attach((com.fasterxml.jackson.databind.node.ArrayNode) root.get("jobs"), r.training());

        ObjectNode all = f.objectNode();
        figures.writeRun(all);
        ObjectNode perWorkload = root.putObject("workloads");
        List<String> workloads = figures.workloads();
        for (String name : workloads) {
            ObjectNode w = perWorkload.putObject(name);
            if (workloads.size() == 1) {
                // one workload holds every flow: its figures are the run's (the sorts of every flow's slowdown
                // saved: issue 17), without the control sections when it has no control message
                w.setAll(all.deepCopy());
                if (all.path("flows").path("control").asLong() == 0) {
                    w.remove(List.of("control", "fct_slowdown_all"));
                }
            } else {
                figures.writeWorkload(w, name);
            }
        }
        root.setAll(all);

        ObjectNode drops = root.putObject("drops");
        drops.put("packets", r.dropPackets());
        drops.put("bytes", r.dropBytes());
        losslessDrops(drops.putObject("lossless"), r.losslessDrops());
        ObjectNode pfc = root.putObject("pfc");
        pfc.put("pause_frames", r.pauseFrames());
        pfc.put("paused_ps", r.pausedPs());
        pfc.put("deadlock", r.deadlock());
        if (r.deadlock()) {
            com.fasterxml.jackson.databind.node.ArrayNode cycle = pfc.putArray("deadlock_cycle");
            r.deadlockCycle().forEach(cycle::add);
        }
        if (r.pauseGraph() != null) {
            propagation(pfc.putObject("propagation"), r.pauseGraph());
        }
        if (r.pfcWatchdog() != null) {
            WatchdogResult w = r.pfcWatchdog();
            ObjectNode wd = root.putObject("pfc_watchdog");
            wd.put("action", w.action());
            wd.put("storms", w.storms());
            wd.put("stormed_at_end", w.openAtEnd());
            wd.put("dropped_packets", w.droppedPackets());
            wd.put("dropped_bytes", w.droppedBytes());
        }
        root.putObject("ecn").put("marked_packets", r.ecnMarked());
        root.putObject("cnp").put("sent", r.cnpSent());
        uet(root, r.uet());

        root.put("events", r.events());
        root.put("wall_seconds", Csv.fixed(r.wallSeconds(), 3));
        putOrNull(root, "cpu_seconds", r.cpuSeconds() < 0 ? null : Csv.fixed(r.cpuSeconds(), 3));
        putOrNull(root, "events_per_second", r.wallSeconds() <= 0 ? null
                : BigDecimal.valueOf(Math.round(r.events() / r.wallSeconds())));
        putOrNull(root, "peak_heap_bytes", r.peakHeapBytes() < 0 ? null : BigDecimal.valueOf(r.peakHeapBytes()));
        try {
            return JSON.writer(PRETTY).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@code uet} (only in runs on the UET transport or with trimming): {@code trims} ({@code last_hop},
     * {@code in_network}, {@code total}), {@code trim_nacks}, {@code credit_grants}, {@code credit_stalls}; and
     * {@code llr} (only with frame errors or link-level retry): {@code corrupted_frames}, {@code replayed_frames},
     * {@code max_recovery_ps}.
     */
    private static void uet(ObjectNode root, org.lossless.experiments.metrics.UetCounters c) {
        if (c.uet()) {
            ObjectNode u = root.putObject("uet");
            ObjectNode trims = u.putObject("trims");
            trims.put("last_hop", c.trimsLastHop());
            trims.put("in_network", c.trimsInNetwork());
            trims.put("total", c.trims());
            u.put("trim_nacks", c.trimNacks());
            u.put("credit_grants", c.creditGrants());
            u.put("credit_stalls", c.creditStalls());
        }
        if (c.llr()) {
            ObjectNode l = root.putObject("llr");
            l.put("corrupted_frames", c.llrCorrupted());
            l.put("replayed_frames", c.llrReplayed());
            l.put("max_recovery_ps", c.llrMaxRecoveryPs());
        }
        if (c.cbfc() != null) {
            cbfc(root, c.cbfc());
        }
    }

    /**
     * {@code cbfc} (only when a class ran credit-based flow control): {@code priorities}, {@code credits}
     * ({@code min_bytes}, {@code max_bytes} granted per class and link), {@code credit_delay_ps},
     * {@code credit_stall_ps} and {@code credit_stalls} (time classes had a frame but not its credit, summed over
     * ports and classes), {@code credit_frames}, {@code peak_held_bytes} and {@code peak_held_of_grant} (the fullest
     * credited (switch port, class)), {@code over_grant} (0 by construction), {@code ports_stalled} and {@code ports}
     * (the longest stalls: node, port, peer, priority, stall_ps, stalls).
     */
    private static void cbfc(ObjectNode root, CbfcCounters c) {
        ObjectNode n = root.putObject("cbfc");
        c.priorities().forEach(n.putArray("priorities")::add);
        ObjectNode cr = n.putObject("credits");
        cr.put("min_bytes", c.minGrantBytes());
        cr.put("max_bytes", c.maxGrantBytes());
        n.put("credit_delay_ps", c.creditDelayPs());
        n.put("credit_stall_ps", c.stallPs());
        n.put("credit_stalls", c.stalls());
        n.put("credit_frames", c.creditFrames());
        n.put("peak_held_bytes", c.peakHeldBytes());
        n.put("peak_held_of_grant", Csv.fixed(c.peakHeldOfGrant(), 3));
        n.put("over_grant", c.overGrant());
        n.put("ports_stalled", c.portsStalled());
        com.fasterxml.jackson.databind.node.ArrayNode ports = n.putArray("ports");
        for (CbfcCounters.PortStall p : c.ports()) {
            ObjectNode o = ports.addObject();
            o.put("node", p.node());
            o.put("port", p.port());
            o.put("peer", p.peer());
            o.put("priority", p.priority());
            o.put("stall_ps", p.stallPs());
            o.put("stalls", p.stalls());
        }
    }

    /** Ingress ports listed under {@code drops.lossless.ports} at most (in node and port order). */
    static final int LOSSLESS_DROP_PORTS_LISTED = 20;

    /**
     * {@code drops.lossless}: frames of lossless priority groups dropped because their PFC headroom (or a NIC's
     * receive buffer) was full ({@code packets}, {@code bytes}, always present), and per switch ingress port and
     * group (or NIC and priority) that dropped any ({@code ports}: kind (switch_headroom, nic_rx_buffer), node, port,
     * peer, priority_group, packets, bytes, headroom_pool_full (of the packets, those
     * the group's own headroom had room for but the shared headroom pool had not), headroom_bytes,
     * peak_headroom_bytes; the
     * first {@link #LOSSLESS_DROP_PORTS_LISTED}, with {@code ports_total}).
     */
    private static void losslessDrops(ObjectNode node, List<LosslessDrop> list) {
        long packets = 0;
        long bytes = 0;
        for (LosslessDrop d : list) {
            packets += d.packets();
            bytes += d.bytes();
        }
        node.put("packets", packets);
        node.put("bytes", bytes);
        if (list.isEmpty()) {
            return;
        }
        node.put("ports_total", list.size());
        ArrayNode ports = node.putArray("ports");
        for (LosslessDrop d : list.subList(0, Math.min(list.size(), LOSSLESS_DROP_PORTS_LISTED))) {
            ObjectNode p = ports.addObject();
            p.put("kind", d.kind());
            p.put("node", d.node());
            p.put("port", d.port());
            p.put("peer", d.peer());
            p.put("priority_group", d.priorityGroup());
            p.put("packets", d.packets());
            p.put("bytes", d.bytes());
            p.put("headroom_pool_full", d.poolDryPackets());
            p.put("headroom_bytes", d.headroomBytes());
            p.put("peak_headroom_bytes", d.peakBytes());
        }
    }

    private static void putOrNull(ObjectNode node, String key, BigDecimal v) {
        if (v == null) {
            node.putNull(key);
        } else {
            node.put(key, v);
        }
    }

    /** At most this many entries in {@code roots} and {@code hotspots} (the totals give the full counts). */
    static final int MAX_LISTED = 10;

    /**
     * {@code pfc.propagation}: root and propagated pause episodes, the longest chain (a root alone is 1) and
     * the first {@link #MAX_LISTED} distinct root pause ports and congestion points (pause_graph.csv has all).
     */
    private static void propagation(ObjectNode p, PauseGraph g) {
        p.put("root_pauses", g.rootPauses());
        p.put("propagated_pauses", g.propagatedPauses());
        p.put("max_depth", g.maxDepth());
        List<String> roots = g.roots();
        p.put("roots_total", roots.size());
        roots.stream().limit(MAX_LISTED).forEach(p.putArray("roots")::add);
        List<String> hot = g.hotspots();
        p.put("hotspots_total", hot.size());
        hot.stream().limit(MAX_LISTED).forEach(p.putArray("hotspots")::add);
    }
}
