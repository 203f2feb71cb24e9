package org.lossless.switchmodel.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.lossless.switchmodel.mmu.Hpcc2019Mmu;
import org.lossless.switchmodel.mmu.SharedBufferMmu;
import org.lossless.topology.Node;
import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;

/** One switch of a 3-host star (3 ports at 100 Gb/s): its assembly is made once and read by everyone. */
class SwitchMmusTest {
    private static final long G100 = 100_000_000_000L;
    private static final Topology STAR = StarTopology.build(3, G100, 1_000_000L);

    private static int switchId() {
        return STAR.nodes().stream().filter(n -> !n.isHost()).mapToInt(Node::id).findFirst().orElseThrow();
    }

    @Test
    void oneAssemblyPerSwitchAndAFreshMmuPerUser() {
        SwitchMmus m = new SwitchMmus(STAR, SwitchSettings.defaults(), 0, 1086);
        SwitchMmus.Switch sw = m.of(switchId());
        assertSame(sw, m.of(switchId()));
        assertEquals(3, sw.ports().size());
        assertEquals(G100, sw.nicRateBps());
        assertNotNull(sw.config());
        assertNull(sw.hpcc());
        // the numbers a run used to compute itself for this switch
        assertEquals(MmuFactory.config(SwitchSettings.defaults(), sw.ports(), 1086), sw.config());
        assertTrue(sw.newMmu() instanceof SharedBufferMmu);
        assertNotSame(sw.newMmu(), sw.newMmu());
        assertSame(m.timing(), m.timing());
        assertSame(m.qos(), m.qos());
    }

    @Test
    void theHpcc2019ProfileGetsItsOwnMmu() {
        SwitchSettings hpcc = new SwitchSettings("hpcc2019", null, null, null, null, null, null, null, null, null);
        SwitchMmus.Switch sw = new SwitchMmus(STAR, hpcc, 0, 1048).of(switchId());
        assertNull(sw.config());
        assertNotNull(sw.hpcc());
        assertTrue(sw.newMmu() instanceof Hpcc2019Mmu);
    }

    @Test
    void aSwitchThatCannotBeBuiltSaysWhyToEveryReader() {
        // 1,000 B cannot hold 3 ports' lossless headroom (some tens of KB each at 100 Gb/s)
        SwitchSettings tiny = new SwitchSettings(null, 1000L, null, null, null, null, null, null, null, null);
        SwitchMmus m = new SwitchMmus(STAR, tiny, 0, 1086);
        IllegalArgumentException first = assertThrows(IllegalArgumentException.class, () -> m.of(switchId()));
        IllegalArgumentException again = assertThrows(IllegalArgumentException.class, () -> m.of(switchId()));
        assertTrue(first.getMessage().startsWith("switch.buffer_size 1000 B cannot hold"), first.getMessage());
        assertEquals(first.getMessage(), again.getMessage());
    }

    @Test
    void theAutoHeadroomTheLintReadsIsTheOneTheMmuWasSizedWith() {
        SwitchSettings auto = SwitchSettings.defaults().resolved(); // headroom: auto, lossless priority 3 -> PG 3
        SwitchMmus m = new SwitchMmus(STAR, auto, 0, 1086);
        int sw = switchId();
        for (int i = 0; i < 3; i++) {
            PortSpec port = m.ports(sw).get(i);
            // the uncached function, independent of the assembly's memo
            long expected = MmuFactory.autoHeadroom(port, auto.pfc(), 1086, 1);
            assertEquals(expected, m.autoHeadroomBytes(port));
            assertEquals(expected, m.of(sw).config().pgProfile(i, 3).headroomBytes());
        }
        // a fixed headroom: the MMU takes it; what auto would give stays the same (the lint compares the two)
        PfcSettings fixedPfc = new PfcSettings(null, null, null, null, "2000", null, null, null, null, null, null,
                null, null, null);
        SwitchMmus f = new SwitchMmus(STAR, new SwitchSettings(null, null, null, null, fixedPfc, null, null, null, null,
                null).resolved(), 0, 1086);
        PortSpec port = f.ports(sw).get(0);
        assertEquals(2000, f.of(sw).config().pgProfile(0, 3).headroomBytes());
        assertEquals(MmuFactory.autoHeadroom(port, auto.pfc(), 1086, 1), f.autoHeadroomBytes(port));
    }
}
