package org.lossless.switchmodel.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import org.lossless.switchmodel.TestFiles;
import org.junit.jupiter.api.Test;
import org.lossless.switchmodel.ecn.EcnConfig;
import org.lossless.switchmodel.mmu.Hpcc2019Mmu;
import org.lossless.switchmodel.mmu.Mmu;
import org.lossless.switchmodel.mmu.MmuConfig;
import org.lossless.switchmodel.mmu.SharedBufferMmu;
import org.lossless.switchmodel.mmu.XonMode;
import org.lossless.switchmodel.pfc.PauseMode;
import org.lossless.switchmodel.sonic.SonicImporter;

class MmuFactoryTest {
    static final long G100 = 100_000_000_000L;
    static final SwitchSettings EMPTY = new SwitchSettings(null, null, null, null, null, null, null, null, null, null);

    @Test
    void defaultsGiveOneLosslessPriorityAndAutoHeadroom() {
        List<PortSpec> ports = Collections.nCopies(2, PortSpec.ofDelay(G100, 1_000_000));
        MmuConfig c = MmuFactory.config(EMPTY, ports, 1086);
        assertEquals(32_000_000, c.bufferBytes());
        assertTrue(c.pgProfile(0, 3).lossless());
        assertFalse(c.pgProfile(0, 0).lossless());
        assertTrue(c.queueProfile(1, 3).lossless());
        // 1 us at 5 ns/m = 200 m; 1086 + 1.0 x (1086 + 25252.5 cable + 819.2 + 25216) = 53459.7, plus the frame that
        // crosses the threshold (admitted whole to headroom) 1086 = 54545.7 -> 54 KiB (53 KiB before the crossing frame
        // was counted: 4 KB-MTU ports overflowed by one frame, docs/switch.md "Lossless drops")
        assertEquals(55_296, c.pgProfile(0, 3).headroomBytes());
        assertEquals(XonMode.OFFSET, c.pgProfile(0, 3).xonMode());
        assertEquals(2000, c.pgProfile(0, 3).xonBytes());
        assertEquals(-3, c.pgProfile(0, 3).threshold().dynamicTh());
        assertEquals(32_000_000 - 2 * 55_296, c.pools().get(0).sizeBytes(), "private headroom comes off the pool");
        EcnConfig e = MmuFactory.ecnConfig(EMPTY, ports);
        assertTrue(e.enabled());
        assertEquals(400_000, e.paramsFor(G100).kminBytes());
        assertEquals(1_600_000, e.paramsFor(G100).kmaxBytes());
        assertEquals(0.2, e.paramsFor(G100).pmax());
        assertEquals(PauseMode.TIMED, MmuFactory.pfcTiming(EMPTY).mode());
    }

    @Test
    void importedSonicSettingsBuildAWorkingMmu() {
        SwitchSettings s = SonicImporter.importFile(
                TestFiles.resource("sonic/sonic_config_db_qos_buffer_fragments.json")).settings();
        List<PortSpec> ports = Collections.nCopies(4, new PortSpec(40_000_000_000L, 25_000, 5));
        MmuConfig c = MmuFactory.config(s, ports, 1086);
        assertEquals(66_560, c.pgProfile(2, 4).headroomBytes());
        assertEquals(1248, c.pgProfile(2, 4).reservedBytes());
        assertEquals("ingress_lossless_pool", c.pgProfile(2, 4).pool());
        assertFalse(c.pgProfile(2, 0).lossless());
        assertEquals("egress_lossy_pool", c.queueProfile(0, 0).pool());
        assertEquals(4_194_112, c.pools().get(c.poolIndex("ingress_lossless_pool")).headroomPoolBytes());
        // buffer: max(ingress 10875072 + 4194112 + 4 ports x 2 PGs x 1248, egress 15982720 + 9243812 + 4 x 8 x 1518)
        assertEquals(Math.max(10_875_072 + 4_194_112 + 8 * 1248, 15_982_720 + 9_243_812 + 32 * 1518), c.bufferBytes());
        Mmu mmu = MmuFactory.create(s, ports, 1086, 40_000_000_000L);
        assertInstanceOf(SharedBufferMmu.class, mmu);
        assertEquals(Mmu.ADMIT, mmu.admit(0, 3, 1, 3, 1086));
        EcnConfig e = MmuFactory.ecnConfig(s, ports);
        assertTrue(e.enabled());
        assertEquals(1_048_576, e.paramsFor(40_000_000_000L).kminBytes());
    }

    @Test
    void hpcc2019Profile() {
        SwitchSettings s = new SwitchSettings("hpcc2019", null, null, null, null, null, null, null, null, null);
        List<PortSpec> ports = List.of(PortSpec.ofDelay(G100, 1_000_000), PortSpec.ofDelay(4 * G100, 1_000_000));
        Mmu mmu = MmuFactory.create(s, ports, 1048, G100);
        assertInstanceOf(Hpcc2019Mmu.class, mmu);
        long free = (32L << 20) - 37_500 - 150_000 - 2 * 4096;
        assertEquals(free >> 3, mmu.thresholdBytes(0, 3));
        assertEquals(free >> 1, mmu.thresholdBytes(1, 3));
        EcnConfig e = MmuFactory.ecnConfig(s, ports);
        assertEquals(400_000, e.paramsFor(G100).kminBytes());
        assertEquals(1_600_000, e.paramsFor(G100).kmaxBytes());
        assertEquals(6_400_000, e.paramsFor(4 * G100).kmaxBytes());
        assertEquals(0.2, e.paramsFor(4 * G100).pmax());
        assertEquals(PauseMode.XOFF_XON, MmuFactory.pfcTiming(s).mode());
    }

    @Test
    void badCombinationsAreNamed() {
        PfcSettings p = new PfcSettings(true, List.of(3), null, null, null, null, null, null, "ingress_lossless_pool",
                null, null, null, null, null);
        SwitchSettings s = new SwitchSettings(null, null, null, null, p, null, null, null, null, null);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MmuFactory.config(s, List.of(PortSpec.ofDelay(G100, 0)), 1086));
        assertEquals("switch.pfc.pool = ingress_lossless_pool but switch.pools is not set", e.getMessage());
        SwitchSettings tiny = new SwitchSettings(null, 10_000L, null, null, null, null, null, null, null, null);
        IllegalArgumentException f = assertThrows(IllegalArgumentException.class,
                () -> MmuFactory.config(tiny, List.of(PortSpec.ofDelay(G100, 1_000_000)), 1086));
        assertTrue(f.getMessage().startsWith("switch.buffer_size 10000 B cannot hold"), f.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new PfcSettings(true, List.of(8), null, null, null, null,
                null, null, null, null, null, null, null, null));
        assertThrows(IllegalArgumentException.class, () -> new PfcSettings(true, null, -3, 100L, null, null,
                null, null, null, null, null, null, null, null));
    }

    @org.junit.jupiter.api.Test
    void hpcc2019TreatsEveryPriorityOutsideThePfcListAsHpccsControlQueue() {
        List<PortSpec> ports = List.of(PortSpec.ofDelay(G100, 1_000_000), PortSpec.ofDelay(G100, 1_000_000));
        SwitchSettings hpcc = new SwitchSettings("hpcc2019", null, null, null, null, null, null, null, null, null);
        assertEquals(0xFF & ~(1 << 3), MmuFactory.hpccConfig(hpcc, ports, G100).controlMask(), "default PFC priority 3");
        PfcSettings two = new PfcSettings(null, List.of(3, 5), null, null, null, null, null, null, null, null, null, null,
                null, null);
        SwitchSettings hpcc35 = new SwitchSettings("hpcc2019", null, null, null, two, null, null, null, null, null);
        assertEquals(0xFF & ~(1 << 3 | 1 << 5), MmuFactory.hpccConfig(hpcc35, ports, G100).controlMask());
    }
}
