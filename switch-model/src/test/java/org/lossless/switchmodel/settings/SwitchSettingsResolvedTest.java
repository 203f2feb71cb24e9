package org.lossless.switchmodel.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.lossless.switchmodel.TestFiles;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lossless.switchmodel.ecn.EcnConfig;
import org.lossless.switchmodel.ecn.RedParams;
import org.lossless.switchmodel.sched.SchedulingPlan;
import org.lossless.switchmodel.sonic.SonicImporter;

/** {@link SwitchSettings#resolved()} fills defaults without changing what {@link MmuFactory} builds. */
class SwitchSettingsResolvedTest {
    static final long G = 1_000_000_000L;
    /** Mixed speeds and cables: 100 G hosts at 1 us and 2 us, a 400 G uplink at 500 ns. */
    static final List<PortSpec> PORTS = List.of(PortSpec.ofDelay(100 * G, 1_000_000), PortSpec.ofDelay(100 * G, 2_000_000),
            PortSpec.ofDelay(400 * G, 500_000));

    static SwitchSettings sw(String profile, PfcSettings pfc, EcnSettings ecn) {
        return new SwitchSettings(profile, null, null, null, pfc, null, null, null, ecn, null);
    }

    static List<SwitchSettings> cases() {
        PfcSettings staticXon = new PfcSettings(true, List.of(3, 4), null, 200_000L, "100KB", null, 30_000L, 512L, null,
                null, null, 1000, 0.25, null);
        QosMapSettings partial = new QosMapSettings(Map.of(26, 3), Map.of(3, 3, 4, 3), null);
        return List.of(SwitchSettings.defaults(),
                sw(null, staticXon, new EcnSettings(false, 2_000_000L, null, null, "enqueue")),
                new SwitchSettings(null, 40_000_000L, 96, null, null, new BufferProfileSettings(null, 1000L, null, 50_000L),
                        new BufferProfileSettings(null, null, 2, null), null, null, partial),
                sw("hpcc2019", null, null),
                sw("hpcc2019", null, new EcnSettings(null, null, null, 0.1, null,
                        Map.of(400 * G, new EcnSettings.Rate(1_000_000L, null, null)))),
                sw(null, null, new EcnSettings(null, 100_000L, 400_000L, null, null,
                        Map.of(400 * G, new EcnSettings.Rate(null, 1_600_000L, 0.05)))),
                SonicImporter.importFile(TestFiles.resource("sonic/sonic_config_db_qos_buffer_fragments.json"))
                        .settings(),
                SwitchSettings.defaults().withScheduling(new SchedulingSettings(List.of(6, 7), Map.of(3, 3), null)),
                SwitchSettings.defaults().withScheduling(new SchedulingSettings(null, Map.of(0, 2), 4096L)),
                SonicImporter.importFile(TestFiles.resource("sonic/sonic_scheduler.json")).settings());
    }

    @ParameterizedTest
    @MethodSource("cases")
    void theFactoryBuildsTheSameSwitchFromTheResolvedSettings(SwitchSettings s) {
        SwitchSettings r = s.resolved();
        if (s.hpcc2019()) {
            assertEquals(MmuFactory.hpccConfig(s, PORTS, 100 * G), MmuFactory.hpccConfig(r, PORTS, 100 * G));
        } else {
            assertEquals(MmuFactory.config(s, PORTS, 1086), MmuFactory.config(r, PORTS, 1086));
        }
        assertEquals(MmuFactory.pfcTiming(s), MmuFactory.pfcTiming(r));
        assertEquals(MmuFactory.ecnConfig(s, PORTS), MmuFactory.ecnConfig(r, PORTS));
        assertEquals(SchedulingSettings.plan(s.scheduling(), 1122), SchedulingSettings.plan(r.scheduling(), 1122));
        assertEquals(r, r.resolved(), "resolving twice changes nothing");
    }

    @Test
    void defaultsAreSpelledOut() {
        SwitchSettings r = SwitchSettings.defaults().resolved();
        assertEquals("default", r.profile());
        assertEquals(32_000_000L, r.bufferSize());
        assertEquals(1, r.cellSize());
        assertNull(r.pools());
        assertEquals(new PfcSettings(true, List.of(3), -3, null, "auto", 2000L, null, 0L, null, null, "timed", 65535, 0.5,
                new WatchdogSettings(false, 200_000_000_000L, 200_000_000_000L, "drop", 200_000_000_000L),
                PfcSettings.AUTO_RESPONSE), r.pfc());
        assertEquals(0L, r.latency(), "store-and-forward without pipeline delay");
        assertEquals(false, r.cutThrough());
        assertEquals(new BufferProfileSettings(null, 0L, 3, null), r.lossyPg());
        assertEquals(new BufferProfileSettings(null, 0L, null, null), r.losslessQueue());
        assertEquals(new BufferProfileSettings(null, 0L, 3, null), r.lossyQueue());
        assertEquals(new EcnSettings(true, 400_000L, 1_600_000L, 0.2, "dequeue"), r.ecn());
        assertEquals(Map.of(0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7), r.qosMap().tcToPg());
        Map<Integer, Integer> classSelector = new java.util.TreeMap<>();
        for (int d = 0; d < 64; d++) {
            classSelector.put(d, d / 8); // DSCP CSx..CSx+7 -> traffic class x
        }
        assertEquals(classSelector, r.qosMap().dscpToTc());
        assertEquals(Map.of(0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7), r.qosMap().tcToQueue());
        assertEquals(new SchedulingSettings(List.of(7, 6, 5, 4, 3, 2, 1, 0), Map.of(), SchedulingSettings.AUTO),
                r.scheduling());
        assertEquals(SchedulingPlan.strictPriority(), SchedulingSettings.plan(r.scheduling(), 1122));
    }

    @Test
    void schedulingPlanFromSettings() {
        SchedulingPlan p = SchedulingSettings.plan(new SchedulingSettings(List.of(6, 7), Map.of(3, 3), null), 1122);
        assertEquals(0b1100_0000, p.strictMask());
        assertEquals(3 * 1122, p.quantum(3));
        assertEquals(1122, p.quantum(0), "unlisted queue: weight 1");
        assertEquals(0, p.quantum(7));
        assertEquals(2 * 4096, SchedulingSettings.plan(new SchedulingSettings(null, Map.of(0, 2), 4096L), 1122).quantum(0));
        assertThrows(IllegalArgumentException.class, () -> new SchedulingSettings(List.of(3), Map.of(3, 1), null));
        assertThrows(IllegalArgumentException.class, () -> new SchedulingSettings(List.of(3, 3), null, null));
        assertThrows(IllegalArgumentException.class, () -> new SchedulingSettings(null, Map.of(2, 0), null));
        assertThrows(IllegalArgumentException.class, () -> new SchedulingSettings(null, null, 63L));
    }

    @Test
    void hpcc2019KeepsPerSpeedEcnAndDefaultsToXoffXonAnd32MiB() {
        SwitchSettings r = sw("hpcc2019", null, null).resolved();
        assertEquals(32L << 20, r.bufferSize());
        assertEquals("xoff_xon", r.pfc().mode());
        assertEquals(new EcnSettings(true, null, null, 0.2, "dequeue"), r.ecn());
    }

    @Test
    void explicitPoolsNameTheDefaultPoolAndLeaveTheBufferToTheFactory() {
        SwitchSettings s = new SwitchSettings(null, null, null, List.of(new PoolSettings("eg", "egress", null, 1_000_000L, null),
                new PoolSettings("in", "ingress", "dynamic", 1_000_000L, null)), null, null, null, null, null, null);
        SwitchSettings r = s.resolved();
        assertNull(r.bufferSize());
        assertEquals("in", r.pfc().pool());
        assertEquals("in", r.lossyPg().pool());
        assertEquals("eg", r.lossyQueue().pool());
        assertEquals(0L, r.pools().get(1).headroomPool());
        assertNull(r.pools().get(0).headroomPool(), "egress pools have no headroom pool");
        assertEquals(MmuFactory.config(s, PORTS, 1086), MmuFactory.config(r, PORTS, 1086));
    }

    @Nested
    class ByRate {
        @Test
        void entriesOverrideTheSectionPerPortSpeed() {
            EcnSettings e = new EcnSettings(null, 100_000L, 400_000L, null, null,
                    Map.of(400 * G, new EcnSettings.Rate(null, 1_600_000L, 0.05)));
            EcnConfig c = MmuFactory.ecnConfig(sw(null, null, e), PORTS);
            assertEquals(new RedParams(100_000, 400_000, 0.2), c.paramsFor(100 * G));
            assertEquals(new RedParams(100_000, 1_600_000, 0.05), c.paramsFor(400 * G));
            assertEquals(new RedParams(100_000, 400_000, 0.2), c.paramsFor(25 * G), "speeds without entry: the section");
        }

        @Test
        void hpcc2019FillsUnsetThresholdsPerSpeedEvenWithAnEcnSection() {
            // 4 KB / 16 KB per Gb/s: 400 KB / 1600 KB at 100 G; the 400 G entry sets kmin 1 MB, kmax 6.4 MB
            EcnConfig c = MmuFactory.ecnConfig(sw("hpcc2019", null, new EcnSettings(null, null, null, 0.1, null,
                    Map.of(400 * G, new EcnSettings.Rate(1_000_000L, null, null)))), PORTS);
            assertNull(c.defaults());
            assertEquals(new RedParams(400_000, 1_600_000, 0.1), c.paramsFor(100 * G));
            assertEquals(new RedParams(1_000_000, 6_400_000, 0.1), c.paramsFor(400 * G));
        }

        @Test
        void anUnsetKmaxIsRaisedToAnExplicitKmin() {
            EcnSettings r = new EcnSettings(null, null, null, null, null,
                    Map.of(100 * G, new EcnSettings.Rate(2_000_000L, null, null))).resolved(false);
            assertEquals(new EcnSettings.Rate(2_000_000L, 2_000_000L, 0.2), r.byRate().get(100 * G));
            assertEquals(1_600_000L, r.kmax());
        }

        @Test
        void badEntriesAreRejected() {
            assertEquals("switch.ecn.by_rate.kmax (1 B) must be >= kmin (2 B)", assertThrows(IllegalArgumentException.class,
                    () -> new EcnSettings.Rate(2L, 1L, null)).getMessage());
            assertThrows(IllegalArgumentException.class, () -> new EcnSettings(null, null, null, null, null,
                    Map.of(0L, new EcnSettings.Rate(null, null, null))));
            assertFalse(new EcnSettings(null, null, null, null, null, Map.of()).toMap().containsKey("by_rate"));
        }
    }
}
