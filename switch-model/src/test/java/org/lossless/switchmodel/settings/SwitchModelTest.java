package org.lossless.switchmodel.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.settings.Values;
import org.lossless.switchmodel.mmu.PgProfile;
import org.lossless.topology.Node;
import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;

/** The {@code switch} section built by switch-model in one call from what was read, on a 3-host star at 100 Gb/s. */
class SwitchModelTest {
    private static final long G100 = 100_000_000_000L;
    private static final Topology STAR = StarTopology.build(3, G100, 1_000_000L);

    private static int switchId() {
        return STAR.nodes().stream().filter(n -> !n.isHost()).mapToInt(Node::id).findFirst().orElseThrow();
    }

    private static SwitchModel model(Values top, Values pfc, List<Integer> lossless) {
        return SwitchModel.of(new SwitchModel.Read(top, null, pfc, lossless, null, null, null, null, null, null, null,
                null, null));
    }

    private static Values pfc(Map<String, ?> m) {
        return new Values(PfcSchema.PFC, m);
    }

    @Nested
    class FromValues {
        @Test
        void theReadExponentIsTheOneEveryLosslessGroupOfTheBuiltMmuUses() {
            SwitchModel m = model(Values.empty(SwitchSchema.SWITCH), pfc(Map.of("dynamic_th", 2)), null);
            assertEquals(2, m.settings().pfc().dynamicTh());
            List<PgProfile> lossless = m.mmus(STAR, 0, 1086).of(switchId()).config().pgProfiles().stream()
                    .filter(PgProfile::lossless).toList();
            assertTrue(!lossless.isEmpty());
            for (PgProfile p : lossless) {
                assertEquals(4.0, p.threshold().alpha(), 0, "alpha = 2^2");
            }
        }

        @Test
        void theEcnSectionAsReadIsResolvedHereEntriesInheritingTheSection() {
            long g400 = 4 * G100;
            SwitchModel.Ecn ecn = new SwitchModel.Ecn(new Values(EcnSchema.ECN, Map.of("kmin", 100_000L)),
                    List.of(new SwitchModel.Ecn.Entry("400Gbps", g400, new Values(EcnSchema.BY_RATE,
                            Map.of("kmax", 900_000L)))));
            SwitchModel m = SwitchModel.of(new SwitchModel.Read(Values.empty(SwitchSchema.SWITCH), null, null, null,
                    null, null, null, null, null, ecn, null, null, null));
            EcnSettings e = m.settings().ecn();
            assertEquals(100_000L, e.kmin(), "as written");
            assertEquals(1_600_000L, e.kmax(), "the default, 1600 KB, above kmin");
            assertEquals(0.2, e.pmax(), "the default");
            assertEquals(new EcnSettings.Rate(100_000L, 900_000L, 0.2), e.byRate().get(g400),
                    "the entry's kmax, the section's kmin and pmax");
        }

        @Test
        void aKmaxBelowWhatAnEntryInheritsIsRefusedAtTheEntrysKeyAsWritten() {
            // the entry sets kmax 100 KB; it inherits the default kmin, 400 KB
            SwitchModel.Ecn ecn = new SwitchModel.Ecn(Values.empty(EcnSchema.ECN), List.of(new SwitchModel.Ecn.Entry(
                    "2.5Gbps", 2_500_000_000L, new Values(EcnSchema.BY_RATE, Map.of("kmax", 100_000L)))));
            SwitchModel.Refused e = assertThrows(SwitchModel.Refused.class, () -> SwitchModel.of(new SwitchModel.Read(
                    Values.empty(SwitchSchema.SWITCH), null, null, null, null, null, null, null, null, ecn, null, null,
                    null)));
            assertEquals(List.of("ecn", "by_rate", "2.5Gbps", "kmax"), e.path());
            assertEquals("kmax (100KB) must be >= kmin (400KB)", e.getMessage());
            assertEquals("switch.ecn.by_rate.kmax (100000 B) must be >= kmin (400000 B)", e.getCause().getMessage(),
                    "the same refusal, as the record words it");
        }

        @Test
        void noSectionGivesEveryDefault() {
            SwitchModel m = model(Values.empty(SwitchSchema.SWITCH), null, null);
            assertEquals(SwitchSettings.defaults().resolved(), m.settings());
            assertEquals(-3, m.settings().pfc().dynamicTh(), "SONiC's default, alpha = 1/8");
        }

        @Test
        void flowControlsClassesReplaceThePrioritiesAndKeepTheOtherKeys() {
            SwitchModel m = model(Values.empty(SwitchSchema.SWITCH), pfc(Map.of("dynamic_th", 1)), List.of(1, 2));
            assertEquals(List.of(1, 2), m.settings().pfc().priorities());
            assertEquals(1, m.settings().pfc().dynamicTh());
        }

        @Test
        void aRefusalNamesThePartItCameFrom() {
            SwitchModel.Refused e = assertThrows(SwitchModel.Refused.class, () -> model(Values.empty(SwitchSchema.SWITCH),
                    pfc(Map.of("dynamic_th", 1, "static_th", 1000L)), null));
            assertEquals("pfc", e.part());
            assertEquals("switch.pfc: set dynamic_th or static_th, not both", e.getMessage());
        }
    }

    @Nested
    class Pools {
        private Values pool(String name, String type, long size) {
            return new Values(BufferSchema.POOL, Map.of("name", name, "type", type, "size", size));
        }

        @Test
        void readPoolsBecomeTheSettingsPoolsInOrder() {
            SwitchModel m = SwitchModel.of(new SwitchModel.Read(Values.empty(SwitchSchema.SWITCH),
                    List.of(pool("in", "ingress", 1_000_000L), pool("out", "egress", 2_000_000L)), null, null, null,
                    null, null, null, null, null, null, null, null));
            assertEquals(List.of("in", "out"), m.settings().pools().stream().map(PoolSettings::name).toList());
            assertEquals(2_000_000L, m.settings().pools().get(1).size().longValue());
        }

        @Test
        void aRefusedPoolIsNamedByItsIndex() {
            SwitchModel.Refused e = assertThrows(SwitchModel.Refused.class, () -> SwitchModel.of(new SwitchModel.Read(
                    Values.empty(SwitchSchema.SWITCH), List.of(pool("in", "ingress", 1L), new Values(BufferSchema.POOL,
                            Map.of("name", "x", "type", "egress", "size", 1L, "headroom_pool", 1000L))),
                    null, null, null, null, null, null, null, null, null, null, null)));
            assertEquals("pools.1", e.part());
            assertEquals("switch.pools[x].headroom_pool must be >= 0 and on an ingress pool", e.getMessage());
        }
    }

    @Nested
    class Assembly {
        @Test
        void oneAssemblyPerGraphAndNicNumbers() {
            SwitchModel m = model(Values.empty(SwitchSchema.SWITCH), null, null);
            SwitchMmus a = m.mmus(STAR, 0, 1086);
            assertSame(a, m.mmus(STAR, 0, 1086));
            assertNotSame(a, m.mmus(STAR, 1000, 1086), "another NIC response time is another assembly");
            assertSame(m.settings(), a.settings());
        }

        @Test
        void theLoadTimeCheckNamesTheSwitchItsPortsAndTheTopology() {
            assertNull(model(Values.empty(SwitchSchema.SWITCH), null, null).check(STAR, "star", 0, 1086));
            // 1,000 B cannot hold 3 ports' lossless headroom (some tens of KB each at 100 Gb/s)
            SwitchModel tiny = model(new Values(SwitchSchema.SWITCH, Map.of("buffer_size", 1000L)), null, null);
            String e = tiny.check(STAR, "star", 0, 1086);
            String name = STAR.node(switchId()).name();
            assertTrue(e.startsWith("switch " + name + " (3 ports in this star topology) cannot be built: "
                    + "switch.buffer_size 1000 B cannot hold"), e);
        }
    }
}
