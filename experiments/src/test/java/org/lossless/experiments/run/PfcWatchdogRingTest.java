package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.pfc.StormEpisode;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.switchmodel.settings.WatchdogSettings;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.RingSpec;

/**
 * The PFC deadlock of {@link DeadlockTest} (five switches in a ring, host i sends to host i+2, 2 MB buffer,
 * no CC) with a watchdog of detection 20 us, restoration 200 us, poll 10 us. The default timed PAUSE (65535
 * quanta, 335.5 us at 100G) is refreshed every 167.8 us while a PG stays over its threshold, so a queue whose
 * downstream stays congested keeps receiving PFC within the restoration time.
 */
class PfcWatchdogRingTest {
    private static final long US = 1_000_000L;
    private static final Topology RING = new RingSpec(5, 1, LinkSpec.gbps(100, 1000), LinkSpec.gbps(100, 1000)).build();

    private static RunResult run(String action) {
        List<FlowSpec> specs = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            specs.add(new FlowSpec("cbd", i, (i + 2) % 5, 2_000_000, 0, 3));
        }
        WatchdogSettings wd = action == null ? null : new WatchdogSettings(true, 20 * US, 200 * US, action, 10 * US);
        PfcSettings pfc = new PfcSettings(null, null, null, null, null, null, null, null, null, null, null, null, null, wd);
        SwitchSettings small = new SwitchSettings(null, 2_000_000L, null, null, pfc, null, null, null, null, null);
        // 500 ms: flows whose last frames the watchdog dropped recover at their retransmission timeout (the IB
        // default, 67.1 ms), as nothing after them triggers a NACK
        return new PacketEngine().run(new EngineInput(RING, NicConfig.builder().mtu(1024).ackEvery(1).build(), small, specs, 500_000 * US, 1));
    }

    /** The five ring queues (one per switch, towards the next switch) storm together at one poll. */
    private static void firstFiveOnTheRing(RunResult r) {
        List<StormEpisode> eps = r.pfcWatchdog().episodes();
        assertTrue(eps.size() >= 5, eps.toString());
        long start = eps.get(0).startPs();
        assertEquals(0, start % (10 * US), "polls fall on multiples of the poll interval");
        for (int i = 0; i < 5; i++) {
            assertEquals("sw" + i, eps.get(i).node());
            assertEquals(start, eps.get(i).startPs());
        }
    }

    @Test
    void withoutTheWatchdogTheRingDeadlocks() {
        RunResult r = run(null);
        assertTrue(r.deadlock());
        assertEquals(null, r.pfcWatchdog());
    }

    @Test
    void dropBreaksTheDeadlockAndGoBackNCompletesEveryFlow() {
        RunResult r = run("drop");
        assertFalse(r.deadlock(), r.deadlockCycle().toString());
        assertTrue(r.flows().stream().allMatch(FlowResult::finished));
        assertTrue(r.flows().stream().allMatch(f -> f.retransmits() > 0), "the drops are recovered by go-back-N");
        firstFiveOnTheRing(r);
        // every drop of the run is a watchdog drop (no buffer overflow in a lossless fabric)
        assertEquals(r.dropPackets(), r.pfcWatchdog().droppedPackets());
        assertEquals(r.dropBytes(), r.pfcWatchdog().droppedBytes());
        assertTrue(r.pfcWatchdog().episodes().stream().noneMatch(StormEpisode::open));
    }

    @Test
    void forwardBreaksTheDeadlockWithoutLoss() {
        RunResult r = run("forward");
        assertFalse(r.deadlock());
        assertTrue(r.flows().stream().allMatch(FlowResult::finished));
        firstFiveOnTheRing(r);
        assertEquals(0, r.dropPackets());
        assertTrue(r.flows().stream().allMatch(f -> f.retransmits() == 0));
    }

    @Test
    void alertReportsFiveStormsThatLastToTheEnd() {
        RunResult r = run("alert");
        assertTrue(r.deadlock());
        assertTrue(r.flows().stream().noneMatch(FlowResult::finished));
        firstFiveOnTheRing(r);
        // the deadlocked switches keep refreshing XOFF (every 167.8 us < 200 us): no restoration
        assertEquals(5, r.pfcWatchdog().storms());
        assertEquals(5, r.pfcWatchdog().openAtEnd());
    }
}
