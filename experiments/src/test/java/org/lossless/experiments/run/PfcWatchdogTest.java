package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketType;
import org.lossless.core.net.WireFormat;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.SwitchNode;
import org.lossless.switchmodel.pfc.StormEpisode;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.switchmodel.settings.WatchdogSettings;
import org.lossless.topology.Topology;

/**
 * PFC watchdog (reference §6, P4) on h0 -100G- sw0 -100G- h1, one 4 MB flow h0 → h1 at priority 3 and line
 * rate (no CC). A faulty h1 is modelled by injecting XOFF frames of 10,000 quanta (51.2 us at 100G) into
 * sw0's port 1 at 105, 155, 205 and 255 us (through the engine's instrument hook, used here as a test-only fault
 * injector): after its PFC response time (the default: 394 quanta x 5.12 ns = 2.01728 us at 100 Gb/s) the port
 * is paused continuously from 107.01728 us to 306.2 us (the pause timer runs from each frame's arrival).
 * Watchdog: detection 20 us, restoration 60 us, poll 10 us (polls on multiples of 10 us).
 * <ul>
 * <li>detection: the first poll at or after 107.01728 + 20 us, i.e. <b>130 us</b> (polls at 110 and 120
 *     see 2.98 and 12.98 us of pause);</li>
 * <li>restoration: the last PFC frame is at 255 us, so the first poll at or after 255 + 60 = 315 us,
 *     i.e. <b>320 us</b>.</li>
 * </ul>
 */
class PfcWatchdogTest {
    private static final long US = 1_000_000L;
    private static final long G100 = 100_000_000_000L;
    private static final long[] INJECT = {105 * US, 155 * US, 205 * US, 255 * US};
    private static final int QUANTA = 10_000;

    private static Topology line() {
        Topology.Builder b = Topology.builder("line");
        int h0 = b.addHost("h0");
        int h1 = b.addHost("h1");
        int sw0 = b.addSwitch("sw0", 1);
        b.connect(h0, sw0, G100, 1_000_000);
        b.connect(sw0, h1, G100, 1_000_000);
        return b.build();
    }

    private static SwitchSettings settings(String action) {
        WatchdogSettings wd = action == null ? null : new WatchdogSettings(true, 20 * US, 60 * US, action, 10 * US);
        PfcSettings pfc = new PfcSettings(true, List.of(3), null, null, null, null, null, null, null, null, null, null,
                null, wd);
        return new SwitchSettings(null, null, null, null, pfc, null, null, null,
                new EcnSettings(false, null, null, null, null), null);
    }

    /** Injects the XOFFs of a faulty h1 into sw0's port towards h1; {@code probe} runs at {@code probeAt}. */
    private static RunResult run(String action, long probeAt, Probe probe) {
        Topology t = line();
        EngineInput in = new EngineInput(t, NicConfig.builder().mtu(1000).ackEvery(1).build(), settings(action),
                List.of(new FlowSpec("f", 0, 1, 4_000_000, 0, 3)), 10_000 * US, 1);
        return new PacketEngine().run(in, null, (sim, net, flows) -> {
            SwitchNode sw = net.switchAt(t.nodeId("sw0"));
            int port = portTowards(t, "sw0", "h1");
            for (long at : INJECT) {
                sim.schedule(new SimEvent() {
                    private static final long serialVersionUID = 1L;

                    @Override
                    protected void fire() {
                        sw.receive(xoff(), port);
                    }
                }, at);
            }
            if (probe != null) {
                sim.schedule(new SimEvent() {
                    private static final long serialVersionUID = 1L;

                    @Override
                    protected void fire() {
                        probe.at(sim, sw, port);
                    }
                }, probeAt);
            }
        });
    }

    @FunctionalInterface
    private interface Probe {
        void at(Scheduler sim, SwitchNode sw, int port);
    }

    private static int portTowards(Topology t, String node, String peer) {
        int id = t.nodeId(node);
        int p = t.nodeId(peer);
        for (var port : t.ports(id)) {
            if (port.peer() == p) {
                return port.index();
            }
        }
        throw new IllegalArgumentException(peer);
    }

    private static Packet xoff() {
        Packet f = new Packet();
        f.type = PacketType.PFC;
        f.priority = 3;
        f.pfcClassEnable(1 << 3);
        f.pfcQuanta(3, QUANTA);
        f.frameBytes = (char) WireFormat.ROCEV2.pfcFrame();
        f.wireBytes = (char) (WireFormat.ROCEV2.wire(WireFormat.ROCEV2.pfcFrame()));
        return f;
    }

    private static StormEpisode only(RunResult r) {
        assertEquals(1, r.pfcWatchdog().storms(), r.pfcWatchdog().episodes().toString());
        return r.pfcWatchdog().episodes().get(0);
    }

    private static PortResult sw0ToH1(RunResult r) {
        return r.ports().stream().filter(p -> p.node().equals("sw0") && p.peer().equals("h1")).findFirst().orElseThrow();
    }

    @Test
    void dropDetectsAtTheFirstPollAfterDetectionTimeDropsTheQueueAndRestores() {
        long[] seen = new long[4];
        RunResult r = run("drop", 130 * US + 1, (sim, sw, port) -> {
            seen[0] = sw.stormEpisodes().get(0).droppedBytes();
            seen[1] = sw.queues(port).queuedBytes(3);
            seen[2] = sw.mmu().ingressTotalBytes();
            seen[3] = sw.stormEpisodes().get(0).droppedPackets();
        });
        StormEpisode e = only(r);
        assertEquals("sw0", e.node());
        assertEquals(3, e.priority());
        assertEquals(130 * US, e.startPs());
        assertEquals(320 * US, e.endPs());
        assertEquals("drop", e.action());
        // at detection the queue held what h0 sent during the 130 - 107.01728 = 22.98272 us of pause (line rate,
        // back to back; the first frame alone carries a RETH): +-1 frame
        int wire = WireFormat.ROCEV2.wire(WireFormat.ROCEV2.dataFrame(1000, false));
        double expectedFrames = (25.0 * US - 394 * 5_120L) / WireFormat.serializationPs(wire, G100);
        assertTrue(Math.abs(seen[3] - expectedFrames) <= 1.5, seen[3] + " frames dropped at detection, expected ~"
                + expectedFrames);
        assertEquals(0, seen[1], "queue emptied");
        assertEquals(0, seen[2], "MMU holds nothing: queued frames released, arrivals refused before admission");
        // every dropped frame is a drop of sw0's port towards h1 (and of the run)
        assertEquals(e.droppedPackets(), sw0ToH1(r).drops());
        assertEquals(e.droppedPackets(), r.dropPackets());
        assertEquals(e.droppedBytes(), r.dropBytes());
        assertTrue(e.droppedBytes() > seen[0], "arrivals during the storm are dropped too");
        assertEquals(r.pfcWatchdog().droppedBytes(), e.droppedBytes());
        // go-back-N recovers the loss after restoration
        assertTrue(r.flows().get(0).finished());
        assertTrue(r.flows().get(0).retransmits() > 0);
    }

    @Test
    void forwardTransmitsThePausedQueueWhileStormed() {
        long[] forwardTx = new long[1];
        long[] plainTx = new long[1];
        RunResult r = run("forward", 200 * US, (sim, sw, port) -> forwardTx[0] = sw.port(port).counters().txBytes(3));
        RunResult plain = run(null, 200 * US, (sim, sw, port) -> plainTx[0] = sw.port(port).counters().txBytes(3));
        StormEpisode e = only(r);
        assertEquals(130 * US, e.startPs());
        assertEquals(320 * US, e.endPs());
        assertEquals(0, e.droppedPackets());
        // both runs are identical up to 130 us; without the watchdog nothing leaves during the pause, with
        // forward the queue (22.98 us of backlog, refilled at line rate) goes out back to back from 130 us on:
        // 70 us of line rate by 200 us, +-1 frame
        int frame = WireFormat.ROCEV2.dataFrame(1000, false);
        double frames = 70.0 * US / WireFormat.serializationPs(WireFormat.ROCEV2.wire(frame), G100);
        double sent = (double) (forwardTx[0] - plainTx[0]) / frame;
        assertTrue(Math.abs(sent - frames) <= 1.0, sent + " frames sent while stormed, expected ~" + frames);
        assertEquals(0, r.dropPackets());
        assertTrue(r.flows().get(0).finished());
        assertEquals(0, r.flows().get(0).retransmits());
        assertTrue(r.flows().get(0).finishPs() < plain.flows().get(0).finishPs(), "forward finishes earlier");
        assertEquals(null, plain.pfcWatchdog());
    }

    @Test
    void alertReportsTheEpisodeAndChangesNothingElse() {
        RunResult alert = run("alert", 0, null);
        RunResult plain = run(null, 0, null);
        StormEpisode e = only(alert);
        assertEquals(130 * US, e.startPs());
        assertEquals(320 * US, e.endPs());
        assertEquals(0, e.droppedBytes());
        assertEquals(plain.flows(), alert.flows());
        assertEquals(plain.ports(), alert.ports());
        // lazy polling: one poll event per 10 us from the first multiple after the first PAUSE (110 us) to
        // the restoring poll (320 us) and none before or after (the pause ended at 306.2 us): 22 events
        assertEquals(plain.events() + 22, alert.events());
    }
}
