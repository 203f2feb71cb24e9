package org.lossless.verbs.plan;

import java.util.List;

/**
 * A replay plan: the lab hosts, the processes with their start schedule, and what could not be expressed.
 * Written as {@code plan.json} in the plan directory; {@code lossless replay run} executes it.
 *
 * @param formatVersion  {@value #FORMAT_VERSION}
 * @param scenario       the scenario's name
 * @param seed           the scenario's seed
 * @param createdBy      Lossless version that wrote it
 * @param hosts          lab hosts in scenario-host order
 * @param ssh            how to reach them
 * @param processes      servers first, then clients in start order
 * @param approximations what the tools cannot express, with what is done instead
 * @param notes          what else the user should know (settings the replay does not change, ...)
 * @param timeoutSeconds how long the executor waits for the clients before stopping them
 * @param switches       lab switches whose counters are read before and after (none in plans without them)
 */
public record HardwarePlan(int formatVersion, String scenario, long seed, String createdBy, List<HostPlan> hosts,
                           SshSettings ssh, List<ProcessSpec> processes, List<Approximation> approximations,
                           List<String> notes, int timeoutSeconds, List<SwitchPlan> switches) {
    public static final int FORMAT_VERSION = 1;

    public HardwarePlan {
        hosts = List.copyOf(hosts);
        processes = List.copyOf(processes);
        approximations = List.copyOf(approximations);
        notes = List.copyOf(notes);
        switches = switches == null ? List.of() : List.copyOf(switches);
    }

    /** The host named {@code name}, or null. */
    public HostPlan host(String name) {
        for (HostPlan h : hosts) {
            if (h.host().name().equals(name)) {
                return h;
            }
        }
        return null;
    }
}
