package org.lossless.switchmodel.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.lossless.switchmodel.headroom.PortHeadroom;

/** {@link AutoHeadroom}: the remembered bytes are those of the computation, for each distinct input. */
class AutoHeadroomTest {
    static final long G100 = 100_000_000_000L;

    @Test
    void givesTheSameBytesAsTheComputationAgainAndAgain() {
        PortSpec port = PortSpec.ofDelay(G100, 1_000_000);
        // 1 us at 5 ns/m = 200 m; 1086 + 1.0 x (1086 + 25252.5 cable + 819.2 + 25216) + crossing frame 1086
        // = 54545.7 -> 54 KiB (the hand computation of MmuFactoryTest)
        long first = AutoHeadroom.bytes(G100, port.meters(), 1086, 1, port.peerResponseOrBudgetPs());
        assertEquals(55_296, first);
        assertEquals(55_296, AutoHeadroom.bytes(G100, port.meters(), 1086, 1, port.peerResponseOrBudgetPs()));
        assertEquals(55_296, MmuFactory.autoHeadroom(port,
                new PfcSettings(null, null, null, null, null, null, null, null, null, null, null, null, null, null), 1086, 1));
    }

    @Test
    void eachInputCountsAndBadInputIsNotRemembered() {
        PortSpec port = PortSpec.ofDelay(G100, 1_000_000);
        long base = AutoHeadroom.bytes(G100, port.meters(), 1086, 1, port.peerResponseOrBudgetPs());
        // a longer cable, a larger frame, a slower peer: each its own answer, as the computation gives it
        double longer = port.meters() * 2;
        assertEquals(PortHeadroom.bytes(G100, longer, 1086, 1, port.peerResponseOrBudgetPs()),
                AutoHeadroom.bytes(G100, longer, 1086, 1, port.peerResponseOrBudgetPs()));
        assertNotEquals(base, AutoHeadroom.bytes(G100, longer, 1086, 1, port.peerResponseOrBudgetPs()));
        assertNotEquals(base, AutoHeadroom.bytes(G100, port.meters(), 4174, 1, port.peerResponseOrBudgetPs()));
        assertNotEquals(base, AutoHeadroom.bytes(G100, port.meters(), 1086, 1, port.peerResponseOrBudgetPs() * 2));
        // an invalid cell size throws every time (nothing remembered)
        assertThrows(IllegalArgumentException.class, () -> AutoHeadroom.bytes(G100, port.meters(), 1086, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> AutoHeadroom.bytes(G100, port.meters(), 1086, 0, 0));
    }
}
