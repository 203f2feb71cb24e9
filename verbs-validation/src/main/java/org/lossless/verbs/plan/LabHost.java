package org.lossless.verbs.plan;

import java.util.List;
import java.util.Map;

/**
 * A lab host of the hosts file, with the scenario hosts mapped onto it.
 *
 * @param name          label used in the plan and the bundle ({@code [A-Za-z0-9._-]})
 * @param scenarioHosts the scenario's host numbers that run here (usually one)
 * @param ssh           the ssh destination (host name or IP)
 * @param user          the ssh user, or null for ssh's default
 * @param address       the address perftest clients connect to (the RoCE interface's IP)
 * @param device        RDMA device, e.g. {@code mlx5_0}
 * @param ibPort        device port (perftest {@code -i})
 * @param gidIndex      GID index (perftest {@code -x}; RoCEv2 over IPv4 is often 3 on mlx5)
 * @param netdev        network interface of the device (ethtool, sysfs ecn, mlnx_qos)
 * @param linkRateBps   the host link's rate, bits/s, or 0 when not given (then no rate limit is derived)
 * @param dscp          priority to DSCP for this host's traffic
 * @param tools         tool name to the path to run it by (default: the name, found on the remote PATH)
 * @param nvme          NVMe-oF block devices on this host (an initiator), by the scenario target host they are
 *                      connected to ({@code nvme connect -t rdma} beforehand), e.g. {@code {1: /dev/nvme1n1}}
 * @param nvmeWrites    true when the hosts file says writes to those devices are allowed (they are scratch
 *                      devices: a write job destroys what they hold)
 */
public record LabHost(String name, List<Integer> scenarioHosts, String ssh, String user, String address, String device,
                      int ibPort, int gidIndex, String netdev, long linkRateBps, Map<Integer, Integer> dscp,
                      Map<String, String> tools, Map<Integer, String> nvme, boolean nvmeWrites) {
    public LabHost {
        scenarioHosts = List.copyOf(scenarioHosts);
        dscp = Map.copyOf(dscp);
        tools = Map.copyOf(tools);
        nvme = nvme == null ? Map.of() : Map.copyOf(nvme);
    }

    /** The command that runs {@code tool} on this host. */
    public String tool(String tool) {
        return tools.getOrDefault(tool, tool);
    }

    /** GRH traffic class (IP ToS byte) for {@code priority}: DSCP &lt;&lt; 2 | ECT(0). */
    public int trafficClass(int priority) {
        return dscpOf(priority) << 2 | 2;
    }

    /**
     * DSCP for {@code priority}: the hosts file's {@code dscp} map, else 8 x priority + 2, which mlx5's default
     * DSCP-to-priority map (DSCP >> 3) sends back to the same priority (26 for priority 3).
     */
    public int dscpOf(int priority) {
        Integer d = dscp.get(priority);
        return d != null ? d : 8 * priority + 2;
    }
}
