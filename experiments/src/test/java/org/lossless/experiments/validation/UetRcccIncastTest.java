package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.nic.NicConfig;
import org.lossless.nic.UetConfig;
import org.lossless.switchmodel.OutputQueues;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.switchmodel.settings.TrimmingSettings;
import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;

/**
 * RCCC against NSCC on an 8-to-1 incast: hosts 1..8 each send 2 MB to host 0 through one switch at 100 Gb/s, 1 us
 * links, UET on priority 1 without PFC, trimming on, 1 MB of buffer. Both start with 1.5 BDP per sender (12 BDP
 * at once: the first round overflows and trims). Afterwards RCCC's receiver grants credit at its own line rate, so
 * the senders together send no faster than the bottleneck drains: by hand the queue stays within what one round of
 * grants can put in it, 8 senders x 4 MTUs (131 KB); NSCC's windows are set by delay and ECN and keep a standing
 * queue near their target. Sampled every 1 us after the first 50 us.
 */
class UetRcccIncastTest {
    static final long US = 1_000_000L;
    static final int SENDERS = 8;
    static final int MTU = 4096;

    record Run(long maxQueue, long lateMaxQueue, long lastFinishPs, long timeouts,
               org.lossless.experiments.metrics.UetCounters counters) {
    }

    static Run run(String cc) {
        Topology star = StarTopology.build(SENDERS + 1, 100_000_000_000L, US);
        NicConfig nic = NicConfig.builder().mtu(MTU).ackEvery(1).build().withUet(UetConfig.ROCE.withTransport(UetConfig.UET).withCc(cc));
        PfcSettings off = new PfcSettings(false, null, null, null, null, null, null, null, null, null, null, null, null,
                null);
        SwitchSettings sw = new SwitchSettings(null, 1_000_000L, null, null, off, null, null, null, null, null)
                .withTrimming(new TrimmingSettings(List.of(1), 64));
        List<FlowSpec> flows = new ArrayList<>();
        for (int s = 1; s <= SENDERS; s++) {
            flows.add(new FlowSpec("incast", s, 0, 2_000_000, 0, 1));
        }
        PacketHarness h = new PacketHarness(star, nic, sw, flows, 1);
        OutputQueues q = h.queuesTowards("sw0", "h0");
        long max = 0;
        long late = 0;
        for (long t = 2 * US; t <= 5_000 * US && !(h.flow(0).finished() && h.flow(SENDERS - 1).finished()); t += 2 * US) {
            h.runUntil(t);
            long b = q.queuedBytes(1);
            max = Math.max(max, b);
            if (t > 50 * US) {
                late = Math.max(late, b);
            }
        }
        long last = 0;
        long timeouts = 0;
        h.runUntil(5_000 * US);
        for (int i = 0; i < SENDERS; i++) {
            assertTrue(h.flow(i).finished(), cc + ": flow " + i + " finished");
            last = Math.max(last, h.flow(i).finishPs());
            timeouts += h.flow(i).timeouts();
        }
        return new Run(max, late, last, timeouts, h.network.uetCounters());
    }

    @Test
    void rcccBoundsTheIncastQueueOnceSpeculationIsOver() {
        Run rccc = run("rccc");
        Run nscc = run("nscc");
        Run hybrid = run("hybrid");
        System.out.printf("8-to-1 UET incast, 2 MB each: queue max / after 50 us / last FCT: RCCC %d / %d B / %.1f us,"
                        + " NSCC %d / %d B / %.1f us, hybrid %d / %d B / %.1f us (ideal 16 MB at 100 Gb/s = 1,280 us)%n",
                rccc.maxQueue(), rccc.lateMaxQueue(), rccc.lastFinishPs() / 1e6, nscc.maxQueue(), nscc.lateMaxQueue(),
                nscc.lastFinishPs() / 1e6, hybrid.maxQueue(), hybrid.lateMaxQueue(), hybrid.lastFinishPs() / 1e6);
        assertTrue(rccc.lateMaxQueue() <= SENDERS * 4 * (MTU + 100), "RCCC: one round of grants at most");
        assertTrue(rccc.lateMaxQueue() < nscc.lateMaxQueue(), "RCCC's queue below NSCC's");
        assertEquals(0, rccc.timeouts());

        // the run's credit counters, by hand: every sender outlives its speculation (1.5 BDP << 2 MB), so each
        // stalls at least once; a stall ends only with new credit (a grant, a timeout: none here), so there are at
        // most one per grant plus each sender's first; the grants (4 MTUs each) carry what speculation did not,
        // at least 16 MB - 8 x 1.5 BDP (BDP < 100 KB at 100 Gb/s over 4 x 1 us plus serialization)
        org.lossless.experiments.metrics.UetCounters c = rccc.counters();
        System.out.printf("RCCC counters: %d grants, %d credit stalls, %d trims, %d NACKs%n", c.creditGrants(),
                c.creditStalls(), c.trims(), c.trimNacks());
        assertTrue(c.creditStalls() >= SENDERS, "stalls " + c.creditStalls());
        assertTrue(c.creditStalls() <= c.creditGrants() + SENDERS, c.toString());
        assertTrue(c.creditGrants() * 4L * MTU >= SENDERS * (2_000_000L - 150_000L), c.toString());
        assertEquals(0, nscc.counters().creditGrants());
        assertEquals(0, nscc.counters().creditStalls());
        assertEquals(c.trims(), c.trimNacks(), "one NACK per trim, all at the last hop");
        assertEquals(0, c.trimsInNetwork());
    }
}
