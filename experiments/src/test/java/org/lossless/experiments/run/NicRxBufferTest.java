package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.WireFormat;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.LosslessDrop;
import org.lossless.experiments.metrics.LosslessDropLine;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.experiments.scenario.TelemetryConfig;
import org.lossless.nic.HostNic;
import org.lossless.nic.NicConfig;
import org.lossless.nic.RxBufferConfig;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.Topology;

/**
 * The NIC receive buffer ({@code nic.rx_buffer}): the slow receiver of reference §7 P4. A NIC that drains
 * at 20 Gb/s behind a 40 Gb/s link pauses its ToR, and the pause cascades upstream.
 */
class NicRxBufferTest {
    private static final long G = 1_000_000_000L;
    private static final int MTU = 1024;

    /** Outcome of one run: results, the model (for NIC counters) and the pfc.csv rows. */
    private record Run(RunResult result, PacketNetwork net, List<String> pfcRows) {
        PortResult port(String node, String peer) {
            return result.ports().stream().filter(p -> p.node().equals(node) && p.peer().equals(peer)
                    && p.priority() == 3).findFirst().orElseThrow(() -> new AssertionError(node + "->" + peer));
        }

        HostNic nic(int host) {
            return net.nic(host);
        }
    }

    private static Run run(EngineInput in) {
        StringWriter csv = new StringWriter();
        PacketNetwork[] net = new PacketNetwork[1];
        TelemetryConfig config = new TelemetryConfig(1_000_000, TelemetryConfig.Selection.nothing(),
                TelemetryConfig.Selection.nothing(), true);
        RunResult r = new PacketEngine().run(in, new PacketEngine.Telemetry(config, null, null, csv),
                (sim, network, flows) -> net[0] = network);
        List<String> rows = new ArrayList<>(List.of(csv.toString().split("\n")));
        rows.remove(0);
        return new Run(r, net[0], rows);
    }

    private static Scenario scenario(String yaml) {
        return ScenarioLoader.parse("t.yaml", yaml, Path.of("/base"), List.of());
    }

    /** Total frame bytes (Ethernet header to FCS) of a WRITE of {@code size} bytes: the first frame carries a RETH. */
    private static long frameBytes(long size) {
        long packets = (size + MTU - 1) / MTU;
        return size + packets * WireFormat.ROCEV2.dataHeaders() + WireFormat.RETH;
    }

    /**
     * P4 on a star: h1 sends 4 MB to h0 at 40 Gb/s; h0's NIC drains at 20 Gb/s. Once the buffer fills the
     * drain never idles, so the message completes after its frame bytes × 8 / 20 Gb/s plus the first
     * frame's trip, and the goodput is 20 Gb/s × payload / frame bytes = 20 × 1024 / 1086 = 18.858 Gb/s.
     */
    @Test
    void slowReceiverPausesItsTorAndRunsAtTheDrainRate() {
        Scenario s = scenario("""
                name: p4
                stop_time: 10ms
                topology: {type: star, hosts: 2, host_link: {rate: 40Gbps, length: 2m}}
                nic: {mtu: 1024, cc: none, rx_buffer: {size: 256KB, drain_rate: 20Gbps, hosts: [0]}}
                workloads:
                  - type: flows
                    flows: [{src: 1, dst: 0, size: 4MB}]
                """);
        Run run = run(ScenarioEngine.input(s));
        FlowResult f = run.result().flows().get(0);
        long size = 4_000_000;
        long drainPs = frameBytes(size) * 8 * 1000 / 20;     // ps at 20 Gb/s (8 bits / 20 Gb/s = 400 ps per byte)
        long fct = f.finishPs() - f.startPs();
        assertTrue(fct >= drainPs, "the drain is the bottleneck: fct " + fct + " >= " + drainPs);
        double goodput = size * 8.0 / (fct / 1e12);
        double expected = 20e9 * MTU / (MTU + WireFormat.ROCEV2.dataHeaders());
        assertEquals(expected, goodput, expected * 0.01, "goodput " + goodput);

        PortResult nicPort = run.port("h0", "sw0");
        PortResult torPort = run.port("sw0", "h0");
        assertTrue(nicPort.pauseTx() > 0, "the receiver NIC sent PFC");
        assertEquals(nicPort.pauseTx(), torPort.pauseRx(), "every frame the NIC sent reached its ToR");
        assertTrue(torPort.pausedPs() > 0, "the ToR's port to the receiver was held");
        assertEquals(0, run.result().dropPackets(), "auto thresholds leave the mlx5 headroom: no drop");
        assertEquals(0, run.nic(0).rxDrops());
        RxBufferConfig.Thresholds th = run.nic(0).rxThresholds();
        // mlx5: (301 + 2.16·2 m)·40 + 2.72·1102 (largest frame) = 15,210.24 -> 15,211 B of headroom; XON one frame lower
        assertEquals(256_000 - 15_211, th.xoffBytes());
        assertEquals(th.xoffBytes() - 1102, th.xonBytes());
        assertTrue(run.nic(0).rxPeakBytes(3) >= th.xoffBytes() && run.nic(0).rxPeakBytes(3) <= 256_000,
                "peak " + run.nic(0).rxPeakBytes(3));
        assertTrue(run.pfcRows().get(0).matches("\\d+,h0,0,3,pause"), run.pfcRows().get(0));
        System.out.printf("P4 star: fct %d ps, goodput %.4f Gb/s (expected %.4f), NIC pause_tx %d, ToR paused %d ps, peak %d B%n",
                fct, goodput / 1e9, expected / 1e9, nicPort.pauseTx(), torPort.pausedPs(), run.nic(0).rxPeakBytes(3));
    }

    /**
     * Cascade: h0 -> h1 (slow receiver) and the victim h2 -> h3, both across sw0 -100G- sw1. h1 pauses sw1;
     * sw1's queue to h1 fills the ingress priority group of its port from sw0 (static threshold 50 KB), so
     * sw1 pauses sw0, whose queue to sw1 then fills the groups of h0 and h2: sw0 pauses both senders. The
     * victim shares the paused priority group and is held although its own receiver is fast.
     */
    @Test
    void pauseCascadesUpstreamAndHoldsAVictim() {
        Topology.Builder b = Topology.builder("line");
        int h0 = b.addHost("h0");
        int h1 = b.addHost("h1");
        int h2 = b.addHost("h2");
        int h3 = b.addHost("h3");
        int sw0 = b.addSwitch("sw0", 1);
        int sw1 = b.addSwitch("sw1", 1);
        long cable = 10_000;   // 2 m
        b.connect(sw0, sw1, 100 * G, cable);
        b.connect(h0, sw0, 40 * G, cable);
        b.connect(h2, sw0, 40 * G, cable);
        b.connect(sw1, h1, 40 * G, cable);
        b.connect(sw1, h3, 40 * G, cable);
        Topology t = b.build();
        PfcSettings pfc = new PfcSettings(true, List.of(3), null, 50_000L, null, null, null, null, null, null, null,
                null, null, null);
        SwitchSettings s = new SwitchSettings(null, null, null, null, pfc, null, null, null,
                new EcnSettings(false, null, null, null, null), null);
        RxBufferConfig rx = new RxBufferConfig(256_000, 20 * G, RxBufferConfig.AUTO, RxBufferConfig.AUTO, 1 << 3,
                List.of(1), 0);
        long size = 4_000_000;
        EngineInput in = new EngineInput(t, NicConfig.builder().mtu(MTU).ackEvery(1).build().withRxBuffer(rx), s,
                List.of(new FlowSpec("slow", h0, h1, size, 0, 3), new FlowSpec("victim", h2, h3, size, 0, 3)),
                20_000_000_000L, 1);
        Run run = run(in);
        assertEquals(0, run.result().dropPackets());
        // who paused whom, in order of the first pause of each
        List<String> firsts = new ArrayList<>();
        for (String row : run.pfcRows()) {
            String[] f = row.split(",");
            String who = f[1] + ":" + f[2];
            if (f[4].equals("pause") && !firsts.contains(who)) {
                firsts.add(who);
            }
        }
        assertEquals("h1:0", firsts.get(0), "the slow receiver pauses first: " + firsts);
        assertEquals("sw1:0", firsts.get(1), "then sw1 pauses sw0 (its port 0 faces sw0): " + firsts);
        assertTrue(firsts.subList(2, firsts.size()).containsAll(List.of("sw0:1", "sw0:2")),
                "then sw0 pauses both senders: " + firsts);
        assertTrue(run.port("sw1", "h1").pauseRx() > 0, "h1 paused sw1's port to it");
        assertTrue(run.port("sw0", "sw1").pauseRx() > 0, "sw1 paused sw0's port to it");
        assertTrue(run.port("sw0", "sw1").pausedPs() > 0);
        assertTrue(run.port("h2", "sw0").pauseRx() > 0, "the victim's sender was paused");
        assertEquals(0, run.port("sw1", "h3").pauseRx(), "the victim's receiver never paused");
        FlowResult slow = run.result().flows().get(0);
        FlowResult victim = run.result().flows().get(1);
        double slowGbps = size * 8.0 / ((slow.finishPs() - slow.startPs()) / 1e3);
        double victimGbps = size * 8.0 / ((victim.finishPs() - victim.startPs()) / 1e3);
        assertTrue(victim.finishPs() - victim.startPs() > 1.1 * victim.idealFctPs(),
                "the victim was held by the cascade although its receiver is fast");
        System.out.printf("cascade: slow %.3f Gb/s, victim %.3f Gb/s (ideal fct %d ps, fct %d ps), first pauses %s%n",
                slowGbps, victimGbps, victim.idealFctPs(), victim.finishPs() - victim.startPs(), firsts);
    }

    /**
     * Too little headroom: xoff 63 KB in a 64 KB buffer leaves 1,000 B, less than one 1,086 B frame. What is
     * already under way when the XOFF goes out (the frame on the ToR's wire, the cable, the reaction) finds
     * no room, so frames are dropped and counted on the NIC's port.
     */
    @Test
    void bufferWithoutHeadroomDrops() {
        Scenario s = scenario("""
                name: p4-drop
                stop_time: 3ms
                topology: {type: star, hosts: 2, host_link: {rate: 40Gbps, length: 2m}}
                nic: {cc: none, rx_buffer: {size: 64KB, drain_rate: 20Gbps, xoff: 63KB, hosts: [0]}}
                workloads:
                  - type: flows
                    flows: [{src: 1, dst: 0, size: 2MB}]
                """);
        Run run = run(ScenarioEngine.input(s));
        PortResult nicPort = run.port("h0", "sw0");
        assertTrue(run.nic(0).rxDrops() > 0, "no headroom: the in-flight frames overflow");
        assertEquals(run.nic(0).rxDrops(), nicPort.drops(), "RX drops are the NIC port's drops");
        assertEquals(run.nic(0).rxDrops(), run.result().dropPackets());
        assertTrue(run.nic(0).rxPeakBytes(3) <= 64_000);
        assertTrue(nicPort.pauseTx() > 0, "the NIC did pause, too late");
        // reported as lossless drops: h0's receive buffer, priority 3, all of them, with the buffer's size and peak
        LosslessDrop d = run.result().losslessDrops().get(0);
        assertEquals(1, run.result().losslessDrops().size());
        assertEquals(List.of(LosslessDrop.NIC, "h0", "sw0", 3), List.of(d.kind(), d.node(), d.peer(), d.priorityGroup()));
        assertEquals(run.nic(0).rxDrops(), d.packets());
        assertEquals(64_000, d.headroomBytes());
        assertEquals(run.nic(0).rxPeakBytes(3), d.peakBytes());
        assertTrue(LosslessDropLine.of(run.result()).get(0).contains("at 1 NIC receive buffer: h0's receive buffer "
                + "(priority 3: " + d.packets() + " frames, size 64,000 B, peak "), LosslessDropLine.of(run.result()).get(0));
        System.out.printf("no headroom: %d drops, %d pause frames%n", run.nic(0).rxDrops(), nicPort.pauseTx());
    }

    /**
     * Storm protection: a NIC draining at 1 Gb/s with xon 0 holds its pause for (241 KB) × 8 / 1 Gb/s ≈ 1.9 ms,
     * longer than storm_timeout 1 ms, so it stops pausing once, for good. Its last refresh then runs out
     * at the ToR and the buffer overflows: the drops that storm protection trades for an unblocked fabric.
     */
    @Test
    void stormProtectionStopsPausingAndDrops() {
        Scenario s = scenario("""
                name: p4-storm
                stop_time: 4ms
                topology: {type: star, hosts: 2, host_link: {rate: 40Gbps, length: 2m}}
                nic: {cc: none, rx_buffer: {size: 256KB, drain_rate: 1Gbps, xon: 0, storm_timeout: 1ms, hosts: [0]}}
                workloads:
                  - type: flows
                    flows: [{src: 1, dst: 0, size: 2MB}]
                """);
        Run run = run(ScenarioEngine.input(s));
        assertEquals(1, run.nic(0).rxStormEvents());
        assertEquals(1, run.pfcRows().size(), "one pause decision, never resumed: " + run.pfcRows());
        assertTrue(run.nic(0).rxDrops() > 0, "after the pause ran out the ToR overran the buffer");
        PortResult tor = run.port("sw0", "h0");
        // 65535 quanta at 40 Gb/s = 838.8 us, refreshed every 419.4 us: refreshes at +419.4 and +838.8 us,
        // the storm at +1 ms stops the one due at +1258.2 us, so the timer of the ToR's pause runs 838.8 + 838.8 =
        // 1677.6 us from the first XOFF's arrival; the ToR obeys it only after its PFC response time (118 quanta x
        // 12.8 ns = 1.5104 us at 40 Gb/s), so it is held 1677.6 - 1.5104 us (within 1 us: the frames' own
        // serialization and queueing behind an ACK)
        assertEquals(1_677_600_000L - 1_510_400L, tor.pausedPs(), 1_000_000L, "paused " + tor.pausedPs());
        System.out.printf("storm: ToR paused %d ps, %d drops, %d pause frames%n", tor.pausedPs(),
                run.nic(0).rxDrops(), run.port("h0", "sw0").pauseTx());
    }
}
