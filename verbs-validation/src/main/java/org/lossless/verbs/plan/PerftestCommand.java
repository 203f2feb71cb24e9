package org.lossless.verbs.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * perftest argument vectors (perftest's {@code perftest_parameters.c}): both sides get the same options
 * (device, port, GID index, QPs, size, iterations, MTU, traffic class, rate limit), the client also the
 * server's address. {@code -F} keeps CPU-frequency warnings out of the table; {@code --report_gbits} makes
 * the unit unambiguous.
 */
final class PerftestCommand {
    /** Path MTUs perftest accepts ({@code -m}). */
    static final int[] IB_MTUS = {256, 512, 1024, 2048, 4096};

    private PerftestCommand() {
    }

    /**
     * A bandwidth test.
     *
     * @param serverAddress null for the server side
     */
    static List<String> bandwidth(LabHost h, String tool, int tcpPort, int qps, long size, long iterations, int mtu,
                                  int trafficClass, List<String> rateLimit, String serverAddress) {
        List<String> a = common(h, tool, tcpPort);
        a.addAll(List.of("-q", String.valueOf(qps), "-s", String.valueOf(size), "-n", String.valueOf(iterations),
                "-m", String.valueOf(mtu), "-F", "--report_gbits", "--tclass=" + trafficClass));
        a.addAll(rateLimit);
        if (serverAddress != null) {
            a.add(serverAddress);
        }
        return a;
    }

    /** A latency test (one QP, ping-pong). */
    static List<String> latency(LabHost h, String tool, int tcpPort, long size, int iterations, int mtu, int trafficClass,
                                String serverAddress) {
        List<String> a = common(h, tool, tcpPort);
        a.addAll(List.of("-s", String.valueOf(size), "-n", String.valueOf(iterations), "-m", String.valueOf(mtu), "-F",
                "--tclass=" + trafficClass));
        if (serverAddress != null) {
            a.add(serverAddress);
        }
        return a;
    }

    private static List<String> common(LabHost h, String tool, int tcpPort) {
        return new ArrayList<>(List.of(h.tool(tool), "-d", h.device(), "-i", String.valueOf(h.ibPort()), "-x",
                String.valueOf(h.gidIndex()), "-p", String.valueOf(tcpPort)));
    }

    /** The largest perftest MTU not above {@code mtu} (256 at least). */
    static int ibMtu(int mtu) {
        int best = IB_MTUS[0];
        for (int m : IB_MTUS) {
            if (m <= mtu) {
                best = m;
            }
        }
        return best;
    }
}
