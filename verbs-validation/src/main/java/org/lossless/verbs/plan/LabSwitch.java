package org.lossless.verbs.plan;

import java.util.Map;

/**
 * A SONiC switch of the lab whose counters are read before and after the replay (hosts file {@code switches}).
 *
 * @param name  label in the plan and the bundle ({@code [A-Za-z0-9._-]}), unique among hosts and switches
 * @param ssh   ssh destination (host name or IP)
 * @param user  ssh user, or null for ssh's default
 * @param node  the simulated switch it plays (a node name of the scenario's topology, e.g. {@code s0}), or null
 *              when its counters are only recorded, not compared
 * @param ports the switch's port names to the simulated switch's port numbers, e.g. {@code {Ethernet0: 0}}
 *              (empty: counters are recorded, not compared)
 * @param tools tool name to the path to run it by (default: SONiC's {@code show} on the remote PATH)
 */
public record LabSwitch(String name, String ssh, String user, String node, Map<String, Integer> ports,
                        Map<String, String> tools) {
    public LabSwitch {
        ports = ports == null ? Map.of() : Map.copyOf(ports);
        tools = tools == null ? Map.of() : Map.copyOf(tools);
    }

    /** The command that runs {@code tool} on this switch. */
    public String tool(String tool) {
        return tools.getOrDefault(tool, tool);
    }
}
