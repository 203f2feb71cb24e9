package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.JobIdeal;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.topology.Routes;
import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.workloads.traffic.JobIteration;

/**
 * Job ideals ({@link IdealRun}) on tiny topologies, worked out by hand. Stars of 100 Gb/s links with 1 us of
 * propagation each, store-and-forward, no forwarding latency: a message crosses two links. Wire bytes of a data
 * packet: payload + 62 B of headers (Ethernet 14, IPv4 20, UDP 8, BTH 12, ICRC 4, FCS 4) + 20 B of preamble and
 * gap, + 16 B of RETH on a WRITE's first packet; at 100 Gb/s a wire byte takes 80 ps.
 */
class IdealRunTest {
    static final long D = 1_000_000;

    static JobIdeal ideal(String yaml) {
        Scenario s = ScenarioLoader.parse("t.yaml", yaml, Path.of("/"), List.of());
        EngineInput in = ScenarioEngine.input(s);
        IdealFct fct = new IdealFct(in.topology(), Routes.shortestPaths(in.topology()), in.nic().wire(), in.switches().latencyPs(),
                in.switches().cutsThrough());
        Set<String> names = new HashSet<>();
        for (WorkloadConfig w : s.workloads()) {
            names.add(w.name());
        }
        List<JobIdeal> out = IdealRun.of(in, fct, names);
        assertEquals(1, out.size());
        return out.get(0);
    }

    @Nested
    class Incast {
        /**
         * 3,072 B at MTU 1024: packets of 1,122 wire bytes (with RETH), 1,106 and 1,106: 89.76, 88.48 and
         * 88.48 ns per link. Through two links store-and-forward the last packet arrives after 89.76 + 88.48 +
         * 88.48 ns on the first link, then 88.48 ns on the second, plus 2 x 1 us: 2,356.48 ns, the flow's
         * ideal_fct.
         */
        static final long ONE_FLOW = 2_356_480;
        /** The message's own serialization: 3,334 wire bytes, 266.72 ns. */
        static final long SERIALIZATION = 266_720;

        @Test
        void oneSenderAloneTakesItsIdealFct() {
            JobIdeal i = ideal("""
                    name: one
                    topology: {type: star, hosts: 2}
                    nic: {mtu: 1024}
                    workloads: [{type: incast, name: in, senders: [1], receiver: 0, size: 3072}]
                    """);
            assertEquals(ONE_FLOW, i.durationPs(0));
            assertEquals(IdealRun.CHAIN, i.limit(0));
        }

        @Test
        void twoSendersTakeTheirBytesThroughTheReceiversLinkAndOneFlowsLatency() {
            // the receiver's link carries both flows, 2 x 266.72 ns, and the last bit still has the latency of one
            // flow after its serialization: 2,356.48 - 266.72 ns. In all 2,623.2 ns: "total bytes / receiver link
            // rate + one ideal flow latency"
            JobIdeal i = ideal("""
                    name: two
                    topology: {type: star, hosts: 3}
                    nic: {mtu: 1024}
                    workloads: [{type: incast, name: in, senders: [1, 2], receiver: 0, size: 3072, repeat: 2,
                                 gap: 5us}]
                    """);
            long expected = 2 * SERIALIZATION + (ONE_FLOW - SERIALIZATION);
            assertEquals(2_623_200, expected);
            assertEquals(expected, i.durationPs(0));
            assertEquals(expected, i.durationPs(1), "every round alone is the same");
            assertEquals(IdealRun.PORT, i.limit(1));
            assertTrue(Double.isNaN(i.iteration(0).busbwGBps()), "an incast has no busbw");
        }
    }

    @Nested
    class Collectives {
        /**
         * A broadcast of 2,048 B from rank 0 to rank 1 with LL (16 wire bytes per 8 of data: a 4,096 B message)
         * at MTU 4096, base latency 5 us, step latency 3 us. The call starts, after its base latency the receiver
         * grants the slot with a 64 B clear-to-send (a WRITE of 162 wire bytes, 12.96 ns per link: 25.92 ns + 2
         * us), the root acts on it its {@code cts_delay} (773 ns by default) after it arrived and sends the data
         * (4,194 wire bytes, 335.52 ns per link: 671.04 ns + 2 us), and the receiver's step takes its step latency:
         * 5 + 2.02592 + 0.773 + 2.67104 + 3 = 13.46996 us. The busiest port's
         * bytes (the data, 335.52 ns) are far from that: chain-bound.
         */
        @Test
        void twoRankBroadcastIsItsChainOfMessagesAndStepLatencies() {
            JobIdeal i = ideal("""
                    name: bc
                    topology: {type: star, hosts: 2}
                    nic: {mtu: 4096}
                    workloads:
                      - {type: broadcast, name: bc, size: 2048, hosts: [0, 1], channels: 1, protocol: ll,
                         base_latency: 5us, step_latency: 3us}
                    """);
            assertEquals(5_000_000 + 2_025_920 + 773_000 + 2_671_040 + 3_000_000, i.durationPs(0));
            assertEquals(IdealRun.CHAIN, i.limit(0));
            JobIteration alone = i.iteration(0);
            assertEquals(2048 / (13_469_960 / 1e12) / 1e9, alone.busbwGBps(), 1e-12);
        }

        /**
         * A ring all-reduce of 4 MiB on 4 hosts, 1 channel, Simple, base latency 10 us, step latency 2 us. One loop:
         * each rank's chunk is 1 MiB in 2 slices of 512 KiB; in each of the 6 send steps every rank sends its 2
         * slices to its successor: 12 WRITEs of 512 KiB on one connection, each 128 packets of 4,178 wire bytes
         * and one RETH: 534,800 B, 42.784 us. After the base latency the receiver's first clear-to-send (162 B:
         * 2.02592 us alone) lets the first slice go, 773 ns ({@code cts_delay}) after it arrived; from then on the connection never idles (each next slice is
         * posted, its input 2.33552 us of latency + 2 us of step after the previous step's slice left, long before
         * the connection is free), so the 12 slices leave back to back, the last arrives one slice latency
         * (its ideal_fct less its serialization, 2.33552 us) after its last bit, and the receiver's last step takes
         * 2 us: 10 + 2.02592 + 0.773 + 12 x 42.784 + 2.33552 + 2 = 530.54244 us, the chain (every later slot is
         * granted long before its slice is ready, so the delay counts once). The busiest port carries the
         * same slices and 12 clear-to-sends, 513.56352 us, from 10 us on, plus a clear-to-send's latency (12.96 ns
         * + 2 us): 525.57648 us, less: chain-bound.
         */
        @Test
        void ringAllReduceOnOneChannelIsItsConnectionsChain() {
            JobIdeal i = ideal(ring(1));
            assertEquals(10_000_000 + 2_025_920 + 773_000 + 12 * 42_784_000L + 2_335_520 + 2_000_000, i.durationPs(0));
            assertEquals(IdealRun.CHAIN, i.limit(0));
            // busbw = 4 MiB / 530.54244 us x 2 x 3 / 4
            assertEquals(4_194_304 / 530.54244e-6 / 1e9 * 1.5, i.iteration(0).busbwGBps(), 1e-9);
        }

        /**
         * The same on 2 channels: each connection carries 12 slices of 256 KiB (64 packets, 267,408 wire bytes,
         * 21.39264 us), half the chain, but each rank's port carries both channels: 24 slices and 24
         * clear-to-sends, 24 x 267,408 + 24 x 162 = 6,421,680 B, 513.7344 us, from the base latency (10 us) on,
         * plus a clear-to-send's latency after its serialization (2.01296 us): 525.74736 us, port-bound.
         */
        @Test
        void ringAllReduceOnTwoChannelsIsItsBusiestPortsBytes() {
            JobIdeal i = ideal(ring(2));
            assertEquals(10_000_000 + 513_734_400 + 2_012_960, i.durationPs(0));
            assertEquals(IdealRun.PORT, i.limit(0));
        }

        private static String ring(int channels) {
            return """
                    name: ar
                    topology: {type: star, hosts: 4}
                    nic: {mtu: 4096}
                    workloads:
                      - {type: allreduce, name: ar, size: 4MiB, hosts: "0-3", channels: %d, algorithm: ring,
                         protocol: simple, base_latency: 10us, step_latency: 2us}
                    """.formatted(channels);
        }

        /**
         * Item of issue 29: on servers with several NICs the ideal busbw counts every GPU's NIC (and NVLink inside
         * a server), never one NIC's line rate. Two servers of 4 GPUs (4 NICs each, 100 Gb/s), a 64 MiB ring
         * all-reduce: a server's 4 NICs can carry up to 4 x 12.5 GB/s, and nccl-tests' busbw of a rail-aware ring
         * cannot exceed what a server's NICs carry (each ring leaves a server once per channel).
         */
        @Test
        void idealBusbwOfAMultiNicServerCountsEveryNic() {
            JobIdeal i = ideal("""
                    name: rail
                    topology: {type: rail-optimized, servers: 2, nics_per_server: 4, spines: 1}
                    nic: {mtu: 4096}
                    workloads:
                      - {type: allreduce, name: ar, size: 64MiB, hosts: {servers: all}, algorithm: ring,
                         protocol: simple}
                    """);
            double busbw = i.iteration(0).busbwGBps();
            double oneNic = 100e9 / 8 / 1e9;
            assertTrue(busbw > 2 * oneNic, "ideal busbw " + busbw + " GB/s counts the server's NICs, not one");
            assertTrue(busbw <= 4 * oneNic, "ideal busbw " + busbw + " GB/s within the server's 4 NICs");
        }
    }

    /**
     * GPU servers on a leaf-spine of one leaf (every message crosses two 100 Gb/s links with 1 us each), MTU 4096: two
     * servers of 8 GPUs, a 16 MiB ring all-reduce (Simple), base latency 0, step latency 1 us (network and NVLink).
     * Ring edges between the two servers cross the fabric once per channel and direction; the rest is NVLink.
     */
    @Nested
    class Servers {
        private static String servers(int nics, String extra) {
            return """
                    name: srv
                    topology: {type: leaf-spine, leaves: 1, spines: 1, hosts_per_leaf: %d, gpus_per_server: 8,
                               nics_per_server: %d%s}
                    nic: {mtu: 4096}
                    workloads:
                      - {type: allreduce, name: ar, size: 16MiB, hosts: {servers: all}, algorithm: ring, protocol: simple,
                         base_latency: 0, step_latency: 1us, nvlink_step_latency: 1us}
                    """.formatted(2 * nics, nics, extra);
        }

        /**
         * One NIC per server, shared by its 8 GPUs; 2 channels. Each channel's 8 MiB is one loop of 16 chunks of 512
         * KiB (2 slices of 256 KiB), 30 steps: 60 slices per server edge. NIC 0 sends both channels' 120 slices
         * (each 64 packets of 4,178 wire bytes + a 16 B RETH: 267,408 B) and a 64 B clear-to-send (162 wire bytes)
         * for each of the 120 it receives: 32,108,400 B, 2,568.672 us at 100 Gb/s, from time 0, plus one
         * clear-to-send's latency after its serialization (12.96 ns + 2 us): port-bound, 2,570.68496 us, busbw the
         * NIC's goodput: 16 MiB x 30/16 / T = 12.238 GB/s.
         */
        /**
         * A 64 MiB ring all-reduce on the 8 GPUs of server 0 alone, no software latency, NVLink 2.4 Tb/s with no
         * latency: nothing reaches a NIC, and every GPU sends 2 x 7/8 x 64 MiB = 117,440,512 B over its NVLink egress,
         * 391.468 us at 2.4 Tb/s. The ideal is that (chain-bound; the pipeline's fill, a few 256 KiB slices, under
         * 5 %), and its busbw NVLink's 300 GB/s, not a NIC's 12.5.
         */
        @Test
        void aJobInsideOneServerIsBoundByItsNvlink() {
            JobIdeal i = ideal("""
                    name: nv
                    topology: {type: leaf-spine, leaves: 1, spines: 1, hosts_per_leaf: 2, gpus_per_server: 8,
                               nics_per_server: 1, nvlink: {rate: 2.4Tbps, latency: 0}}
                    nic: {mtu: 4096}
                    workloads:
                      - {type: allreduce, name: ar, size: 64MiB, hosts: {servers: [0]}, algorithm: ring, protocol: simple,
                         base_latency: 0, step_latency: 0, nvlink_step_latency: 0}
                    """);
            long nvlinkPs = 117_440_512L * 8 * 10 / 24; // 1 bit at 2.4 Tb/s: 1/2.4 ps
            assertEquals(391_468_373L, nvlinkPs);
            assertEquals(IdealRun.CHAIN, i.limit(0));
            assertTrue(i.durationPs(0) >= nvlinkPs && i.durationPs(0) <= 1.05 * nvlinkPs, i.durationPs(0) + " ps");
            double busbw = i.iteration(0).busbwGBps();
            assertTrue(busbw <= 300 && busbw >= 300 / 1.05, busbw + " GB/s");
        }

        @Test
        void eightGpusOnOneNicAreBoundByThatNic() {
            JobIdeal i = ideal(servers(1, ""));
            assertEquals(2_568_672_000L + 2_012_960, i.durationPs(0));
            assertEquals(IdealRun.PORT, i.limit(0));
            assertEquals(16_777_216 * 30 / 16.0 / 2_570_684_960e-12 / 1e9, i.iteration(0).busbwGBps(), 1e-9);
        }

        /**
         * One NIC per GPU: 16 channels, two per NIC (rail-local rings; PXN is off on a leaf-spine, so channel c leaves
         * its server from NIC c - 1 mod 8 and enters the next at NIC c: two channels out and two in per NIC). Each
         * channel's 1 MiB is one loop of 16 chunks of 64 KiB (2 slices of 32 KiB), 60 slices per server edge; NIC r
         * sends 120 slices of 33,440 wire bytes (8 packets + RETH) and 120 clear-to-sends: 4,032,240 B, 322.5792 us,
         * plus 2.01296 us. 7.92 times faster than one NIC (not 8: each slice keeps its clear-to-send and RETH).
         */
        @Test
        void eightNicsCarryEightTimesAsMuch() {
            JobIdeal i = ideal(servers(8, ""));
            assertEquals(322_579_200L + 2_012_960, i.durationPs(0));
            assertEquals(IdealRun.PORT, i.limit(0));
            JobIdeal one = ideal(servers(1, ""));
            assertEquals(2_570_684_960.0 / 324_592_160, i.iteration(0).busbwGBps() / one.iteration(0).busbwGBps(), 1e-9);
        }

        /**
         * The two one-NIC servers on two leaves joined through a spine by 50 Gb/s links: each leaf has 100 Gb/s of
         * hosts and 50 Gb/s up (2:1), and every ring edge crosses it. NIC 0's 32,108,400 B leave leaf 0 at 50 Gb/s:
         * 5,137.344 us, plus the smallest latency, a clear-to-send's over four links (12.96 + 25.92 + 25.92 + 12.96
         * ns + 4 us, less its serialization at the path's 50 Gb/s): uplink-bound, twice the port bound's bytes.
         */
        @Test
        void anOversubscribedLeafBoundsTheJobThroughItsUplinks() {
            JobIdeal i = ideal(servers(1, "").replace("leaves: 1", "leaves: 2").replace("hosts_per_leaf: 2",
                    "hosts_per_leaf: 1").replace("nics_per_server: 1", "nics_per_server: 1, fabric_link: {rate: 50Gbps, "
                    + "delay: 1us}"));
            assertEquals(5_137_344_000L + 4_077_760 - 25_920, i.durationPs(0));
            assertEquals(IdealRun.UPLINK, i.limit(0));
        }

        /**
         * One NIC at 400 Gb/s behind a 100 Gb/s PCIe link: the NIC's port would take 120 slices in 642 us, but every
         * slice the server sends crosses the PCIe link first: 120 x 256 KiB at 100 Gb/s = 2,516.5824 us, which the
         * program's own PCIe queue makes the chain bound (within 5 %: the ring's fill and the last slice's trip).
         */
        @Test
        void aSlowPcieLinkBoundsTheJobThroughItsChain() {
            JobIdeal i = ideal(servers(1, ", host_link: {rate: 400Gbps, delay: 1us}, pcie: {rate: 100Gbps, latency: 1us}"));
            assertEquals(IdealRun.CHAIN, i.limit(0));
            long pcie = 120L * 262_144 * 8 * 10;
            assertEquals(2_516_582_400L, pcie);
            assertTrue(i.durationPs(0) >= pcie && i.durationPs(0) <= 1.05 * pcie, i.durationPs(0) + " ps");
        }
    }
}
