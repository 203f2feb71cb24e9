package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.validation.Lossless.G40;
import static org.lossless.experiments.validation.Lossless.MS;
import static org.lossless.experiments.validation.Lossless.NS;
import static org.lossless.experiments.validation.Lossless.US;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.experiments.run.PacketNetwork;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.Flow;
import org.lossless.switchmodel.SwitchNode;
import org.lossless.switchmodel.mmu.Mmu;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.DumbbellSpec;

/**
 * Buffer accounting at packet level: a PFC incast on a dumbbell into h8 on sw1 (100 KB from each of the
 * 8 senders on sw0, 400 KB from h9 on sw1; 1 MB switch buffers, so both switches pause). Every 100 ns a
 * sampling event checks, on both switches, that the MMU's ingress and egress totals are equal and (with byte cells)
 * equal to the frame bytes actually sitting in the output queues. A one-packet sentinel flow starts once
 * everything is acknowledged; when it finishes the fabric is empty, and every total, region and queue
 * must be back to zero with each XOFF matched by an XON.
 */
class BufferAccountingTest {
    private static final long SENTINEL_START = 2 * MS;

    /** Checks the invariants on every switch at every sample. */
    private static final class Sampler extends SimEvent {
        private static final long serialVersionUID = 1L;
        private final Scheduler sim;
        private final List<SwitchNode> switches;
        private final boolean byteCells;
        long samples;
        long busySamples;
        long peakTotal;
        final List<String> violations = new ArrayList<>();

        Sampler(Scheduler sim, List<SwitchNode> switches, boolean byteCells) {
            this.sim = sim;
            this.switches = switches;
            this.byteCells = byteCells;
        }

        @Override
        protected void fire() {
            samples++;
            boolean busy = false;
            for (SwitchNode s : switches) {
                Mmu mmu = s.mmu();
                long in = mmu.ingressTotalBytes();
                long out = mmu.egressTotalBytes();
                if (in != out && violations.size() < 5) {
                    violations.add(s.name() + " at " + sim.now() + " ps: ingress " + in + " != egress " + out);
                }
                if (byteCells) {
                    long queued = queuedBytes(s);
                    if (queued != out && violations.size() < 5) {
                        violations.add(s.name() + " at " + sim.now() + " ps: egress " + out + " != queued " + queued);
                    }
                }
                busy |= in > 0;
                peakTotal = Math.max(peakTotal, in);
            }
            if (busy) {
                busySamples++;
            }
            if (sim.now() < SENTINEL_START) {
                sim.schedule(this, sim.now() + 100 * NS);
            }
        }
    }

    private static long queuedBytes(SwitchNode s) {
        long q = 0;
        for (int port = 0; port < s.portCount(); port++) {
            for (int prio = 0; prio < 8; prio++) {
                q += s.queues(port).queuedBytes(prio);
            }
        }
        return q;
    }

    @ParameterizedTest(name = "cell size {0} B")
    @ValueSource(ints = {1, 96})
    void totalsStayEqualAndReturnToZero(int cell) {
        Topology t = new DumbbellSpec(8, 2, LinkSpec.gbps(40, 100), LinkSpec.gbps(40, 100)).build();
        List<FlowSpec> flows = new ArrayList<>();
        for (int h = 0; h < 8; h++) {
            flows.add(Lossless.flow(h, 8, 100_000));
        }
        flows.add(Lossless.flow(9, 8, 400_000));
        flows.add(new FlowSpec("sentinel", 9, 0, 1000, SENTINEL_START, Lossless.PRIO));
        SwitchSettings s = Lossless.pfcDefaults(1_000_000L);
        s = new SwitchSettings(s.profile(), s.bufferSize(), cell, s.pools(), s.pfc(), s.lossyPg(), s.losslessQueue(),
                s.lossyQueue(), s.ecn(), s.qosMap());
        List<SwitchNode> switches = new ArrayList<>();
        Sampler[] sampler = new Sampler[1];
        List<Flow> flowState = new ArrayList<>();
        RunResult r = Lossless.run(t, s, flows, 10 * MS, (sim, net, fl) -> {
            switches.add(net.switchAt(t.nodeId("sw0")));
            switches.add(net.switchAt(t.nodeId("sw1")));
            sampler[0] = new Sampler(sim, switches, cell == 1);
            sim.schedule(sampler[0], 0);
            flowState.addAll(fl);
        });

        // The run exercised PFC on both switches and drained before the sentinel started.
        for (int i = 0; i < 9; i++) {
            assertTrue(flowState.get(i).ackedPs() >= 0 && flowState.get(i).ackedPs() < SENTINEL_START,
                    "flow " + i + " fully acknowledged before the sentinel");
        }
        assertTrue(r.flows().get(9).finished());
        assertEquals(0, r.dropPackets());
        Sampler sm = sampler[0];
        assertTrue(sm.violations.isEmpty(), String.join("; ", sm.violations));
        assertTrue(sm.busySamples > 1000, "sampled while buffers held data: " + sm.busySamples);
        assertTrue(sm.peakTotal > 100_000, "peak buffer " + sm.peakTotal + " B");
        long xoffs = 0;
        for (SwitchNode sw : switches) {
            Mmu mmu = sw.mmu();
            assertEquals(0, mmu.ingressTotalBytes(), sw.name());
            assertEquals(0, mmu.egressTotalBytes(), sw.name());
            assertEquals(0, queuedBytes(sw), sw.name());
            for (int port = 0; port < sw.portCount(); port++) {
                for (int pg = 0; pg < 8; pg++) {
                    String where = sw.name() + " port " + port + " pg " + pg;
                    assertEquals(0, mmu.reservedBytes(port, pg), where);
                    assertEquals(0, mmu.sharedBytes(port, pg), where);
                    assertEquals(0, mmu.headroomBytes(port, pg), where);
                    assertEquals(0, mmu.egressQueueBytes(port, pg), where);
                    assertFalse(mmu.isPaused(port, pg), where);
                    assertEquals(mmu.xoffCount(port, pg), mmu.xonCount(port, pg), where);
                    xoffs += mmu.xoffCount(port, pg);
                }
            }
            assertTrue(sw.mmu().xoffCount(Lossless.portTo(t, sw.name(), sw.name().equals("sw0") ? "h0" : "sw0"),
                    Lossless.PRIO) > 0, sw.name() + " paused its upstream");
        }
        assertTrue(xoffs > 0);
        assertTrue(r.pauseFrames() >= xoffs, "every XOFF decision became a frame");
    }
}
