package org.lossless.experiments.run;

import java.util.List;

import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.SwitchMmus;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.Topology;
import org.lossless.workloads.flows.ListedFlow;

/**
 * What the packet engine needs for one run, already resolved from a scenario.
 *
 * @param switches   the {@code switch} section; every switch gets an MMU built from it by
 *                   {@link org.lossless.switchmodel.settings.MmuFactory} (null fields = documented defaults)
 * @param traffic    the workloads (traffic programs), in order
 * @param stopTimePs simulated-time limit, ps (&gt; 0); the run also ends when every program is finished and
 *                   every message it posted is delivered and acknowledged
 * @param seed       scenario seed (ECMP hash seeds and random streams derive from it)
 * @param failures   links and switches that fail (and maybe recover) during the run
 * @param routeConvergencePs time from a failure or repair until every switch routes around it, ps
 * @param sprayPerPacket     pick the equal-cost port per packet instead of per flow (a study option)
 * @param mmus       every switch's buffer-manager numbers, assembled once for the scenario
 *                   ({@code Scenario.mmus()}, shared with the load-time check and the lints); null = assembled for this
 *                   run from {@code topology}, {@code switches} and {@code nic} ({@link #switchMmus()})
 */
public record EngineInput(Topology topology, NicConfig nic, SwitchSettings switches, Traffic traffic,
                          long stopTimePs, long seed, List<FailureSpec> failures, long routeConvergencePs,
                          boolean sprayPerPacket, SwitchMmus mmus) {
    /** Default time for routing to converge after a failure or repair: 1 ms. */
    public static final long DEFAULT_CONVERGENCE_PS = 1_000_000_000L;

    /** A run whose switches are assembled from its settings ({@link #switchMmus()}). */
    public EngineInput(Topology topology, NicConfig nic, SwitchSettings switches, Traffic traffic,
                       long stopTimePs, long seed, List<FailureSpec> failures, long routeConvergencePs,
                       boolean sprayPerPacket) {
        this(topology, nic, switches, traffic, stopTimePs, seed, failures, routeConvergencePs, sprayPerPacket, null);
    }

    /** A run without failures. */
    public EngineInput(Topology topology, NicConfig nic, SwitchSettings switches, List<FlowSpec> flows,
                       long stopTimePs, long seed) {
        this(topology, nic, switches, flows, stopTimePs, seed, List.of(), DEFAULT_CONVERGENCE_PS, false);
    }

    /** A run of static flows ({@link Traffic#of}). */
    public EngineInput(Topology topology, NicConfig nic, SwitchSettings switches, List<FlowSpec> flows,
                       long stopTimePs, long seed, List<FailureSpec> failures, long routeConvergencePs,
                       boolean sprayPerPacket) {
        this(topology, nic, switches, Traffic.of(flows), stopTimePs, seed, failures, routeConvergencePs,
                sprayPerPacket);
    }

    /** The switches' buffer-manager numbers: {@link #mmus()}, else assembled now from this input's settings. */
    public SwitchMmus switchMmus() {
        return mmus != null ? mmus
                : new SwitchMmus(topology, switches, nic.pfcResponsePs(), nic.wire().largestFrame(nic.mtu()));
    }

    /** The flows of the static workloads, in order ({@link Traffic#flows()}). */
    public List<ListedFlow> flows() {
        return traffic.flows();
    }

    public EngineInput {
        failures = List.copyOf(failures);
        if (routeConvergencePs < 0) {
            throw new IllegalArgumentException("route convergence delay must be >= 0");
        }
        java.util.Objects.requireNonNull(switches, "switches (use SwitchSettings with nulls for defaults)");
        if (stopTimePs <= 0) {
            throw new IllegalArgumentException("stop_time must be > 0");
        }
        java.util.Objects.requireNonNull(traffic, "traffic");
        if (mmus != null && (mmus.topology() != topology || !mmus.settings().equals(switches)
                || mmus.nicResponsePs() != nic.pfcResponsePs()
                || mmus.maxFrameBytes() != nic.wire().largestFrame(nic.mtu()))) {
            throw new IllegalArgumentException("the switches' assembly is not of this topology and these settings");
        }
        List<ListedFlow> flows = traffic.flows();
        for (int i = 0; i < flows.size(); i++) {
            ListedFlow f = flows.get(i);
            if (f.src() < 0 || f.src() >= topology.hostCount() || f.dst() < 0 || f.dst() >= topology.hostCount()) {
                throw new IllegalArgumentException("flow " + i + " names a host outside 0.." + (topology.hostCount() - 1));
            }
        }
    }
}

