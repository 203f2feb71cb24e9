package org.lossless.experiments.validation;

import org.lossless.experiments.run.FlowSpec;
import org.lossless.nic.NicConfig;
import org.lossless.nic.dcqcn.DcqcnParams;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.SwitchSettings;

/**
 * The common setting of the DCQCN validation runs: 40 Gb/s links, profile {@code paper2015}, RED
 * 5 KB / 200 KB / 1 % at dequeue (reference dcqcn.md §4.1), PFC on priority 3 with the default switch.
 *
 * <p><b>Units.</b> The MTU is 918 payload bytes so that a full data packet is exactly 1000 bytes on the
 * wire (918 + 62 B of headers and trailers in the frame + 20 B preamble and inter-frame gap): one
 * packet of the model is one 1 KB packet of the CoNEXT'16 fluid model, whose C = 40 Gb/s is
 * 5·10⁶ packets/s. The DCQCN rate limiter and every link count wire bits, so a rate R of the model is
 * a line rate; the goodput a receiver sees is R·918/1000 (the first packet of a message also carries a
 * 16 B RETH: negligible for the long flows here). The switch measures its queues, and applies RED, in
 * frame bytes (980 B per full packet); q* of the fluid model maps p* back through RED, so it is in the
 * same unit as the queue the switch marks on.
 */
final class Fabric40G {
    static final long RATE = 40_000_000_000L;
    static final long US = 1_000_000L;
    static final long MS = 1_000_000_000L;
    /** Payload bytes per packet: 1000 wire bytes per full packet. */
    static final int MTU = 918;
    /** Goodput / line rate of a long message. */
    static final double GOODPUT_FRACTION = MTU / 1000.0;
    /** One-way delay of every link: the DCQCN loop (4 link traversals) is then about 4.4 us. */
    static final long LINK_DELAY_PS = US;
    /** Data priority (lossless: PFC's default priority). */
    static final int PRIORITY = 3;
    /** A message that does not finish within any run here (500 GB). */
    static final long ENDLESS = 500_000_000_000L;

    private Fabric40G() {
    }

    /**
     * The receiver ACKs every 16 packets. {@code paper2015} reports congestion with separate CNP packets
     * (NP mode), so the ACK rate does not enter the DCQCN loop, and no packet is lost here; ACKing
     * every packet would only add about 40 % more events (ACKs cross as many links as data).
     */
    static final int ACK_EVERY = 16;

    /** DCQCN {@code paper2015} at 40 Gb/s. */
    static NicConfig dcqcn() {
        return pfcOnly().withDcqcn(DcqcnParams.profile("paper2015", RATE));
    }

    /** No congestion control (PFC alone). */
    static NicConfig pfcOnly() {
        return NicConfig.builder().mtu(MTU).ackEvery(ACK_EVERY).build();
    }

    /** Default switch (32 MB, PFC on priority 3, dynamic threshold) with RED 5 KB / 200 KB / 1 % at dequeue. */
    static SwitchSettings paperSwitch() {
        return new SwitchSettings(null, null, null, null, null, null, null, null,
                new EcnSettings(true, 5_000L, 200_000L, 0.01, "dequeue"), null);
    }

    static FlowSpec longFlow(String workload, int src, int dst) {
        return new FlowSpec(workload, src, dst, ENDLESS, 0, PRIORITY);
    }

    /** Mean of each column over the rows: {@code x[seed][flow]} → per-flow seed mean. */
    static double[] columnMeans(double[][] x) {
        double[] m = new double[x[0].length];
        for (double[] row : x) {
            for (int j = 0; j < m.length; j++) {
                m[j] += row[j] / x.length;
            }
        }
        return m;
    }

    static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }

    /** Pause frames sent and frames dropped anywhere in the network. */
    static long[] pausesAndDrops(PacketHarness h) {
        long pauses = 0;
        long drops = 0;
        for (var node : h.topology.nodes()) {
            for (int port = 0; port < h.topology.ports(node.id()).size(); port++) {
                var c = h.network.egress(node.id(), port).counters();
                for (int p = 0; p < 8; p++) {
                    pauses += c.pauseTx(p);
                    drops += c.drops(p);
                }
            }
        }
        return new long[] {pauses, drops};
    }
}
