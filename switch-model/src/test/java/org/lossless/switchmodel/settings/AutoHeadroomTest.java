package org.lossless.switchmodel.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.lossless.switchmodel.headroom.PortHeadroom;

/** {@link AutoHeadroom}: the remembered bytes are those of the computation, for each distinct input, per instance. */
class AutoHeadroomTest {
    static final long G100 = 100_000_000_000L;

    @Test
    void givesTheSameBytesAsTheComputationAgainAndAgain() {
        AutoHeadroom known = new AutoHeadroom();
        PortSpec port = PortSpec.ofDelay(G100, 1_000_000);
        // 1 us at 5 ns/m = 200 m; 1086 + 1.0 x (1086 + 25252.5 cable + 819.2 + 25216) + crossing frame 1086
        // = 54545.7 -> 54 KiB (the hand computation of MmuFactoryTest)
        long first = known.bytes(G100, port.meters(), 1086, 1, port.peerResponseOrBudgetPs());
        assertEquals(55_296, first);
        assertEquals(55_296, known.bytes(G100, port.meters(), 1086, 1, port.peerResponseOrBudgetPs()));
        PfcSettings unset = new PfcSettings(null, null, null, null, null, null, null, null, null, null, null, null, null,
                null);
        assertEquals(55_296, known.bytes(port, unset, 1086, 1));
        assertEquals(1, known.size(), "one distinct input, asked three times");
        assertEquals(55_296, MmuFactory.autoHeadroom(port, unset, 1086, 1));
        // a new instance starts empty: nothing is shared between users
        assertEquals(0, new AutoHeadroom().size());
    }

    @Test
    void eachInputCountsAndBadInputIsNotRemembered() {
        AutoHeadroom known = new AutoHeadroom();
        PortSpec port = PortSpec.ofDelay(G100, 1_000_000);
        long base = known.bytes(G100, port.meters(), 1086, 1, port.peerResponseOrBudgetPs());
        // a longer cable, a larger frame, a slower peer: each its own answer, as the computation gives it
        double longer = port.meters() * 2;
        assertEquals(PortHeadroom.bytes(G100, longer, 1086, 1, port.peerResponseOrBudgetPs()),
                known.bytes(G100, longer, 1086, 1, port.peerResponseOrBudgetPs()));
        assertNotEquals(base, known.bytes(G100, longer, 1086, 1, port.peerResponseOrBudgetPs()));
        assertNotEquals(base, known.bytes(G100, port.meters(), 4174, 1, port.peerResponseOrBudgetPs()));
        assertNotEquals(base, known.bytes(G100, port.meters(), 1086, 1, port.peerResponseOrBudgetPs() * 2));
        // an invalid cell size throws every time (nothing remembered)
        assertThrows(IllegalArgumentException.class, () -> known.bytes(G100, port.meters(), 1086, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> known.bytes(G100, port.meters(), 1086, 0, 0));
        assertEquals(4, known.size(), "base, longer cable, larger frame, slower peer; the bad input not kept");
    }
}
