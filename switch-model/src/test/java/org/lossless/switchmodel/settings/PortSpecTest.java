package org.lossless.switchmodel.settings;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** PortSpec's written-out equality keeps a record's: every component counts, NaN lengths are equal. */
class PortSpecTest {
    private static final PortSpec P = new PortSpec(100_000_000_000L, 1_000_000L, 2.5, 3_000L);

    @Test
    void equalComponentsAreEqualWithEqualHashes() {
        PortSpec q = new PortSpec(100_000_000_000L, 1_000_000L, 2.5, 3_000L);
        assertEquals(P, q);
        assertEquals(P.hashCode(), q.hashCode());
        assertEquals(PortSpec.ofDelay(25_000_000_000L, 5_000L), PortSpec.ofDelay(25_000_000_000L, 5_000L),
                "an unknown length (NaN) equals an unknown length, as in a record");
        assertEquals(PortSpec.ofDelay(25_000_000_000L, 5_000L).hashCode(), PortSpec.ofDelay(25_000_000_000L, 5_000L).hashCode());
        assertEquals(1, new HashSet<>(List.of(List.of(P), List.of(q))).size(), "as a map key (EcnPfcLint)");
    }

    @Test
    void everyComponentCounts() {
        for (PortSpec other : List.of(new PortSpec(40_000_000_000L, 1_000_000L, 2.5, 3_000L),
                new PortSpec(100_000_000_000L, 1_000_001L, 2.5, 3_000L),
                new PortSpec(100_000_000_000L, 1_000_000L, 2.6, 3_000L),
                new PortSpec(100_000_000_000L, 1_000_000L, Double.NaN, 3_000L),
                new PortSpec(100_000_000_000L, 1_000_000L, 2.5, PortSpec.AUTO_RESPONSE))) {
            assertNotEquals(P, other, other.toString());
            assertNotEquals(other, P, other.toString());
        }
        assertNotEquals(new PortSpec(1, 0, 0.0), new PortSpec(1, 0, -0.0), "0.0 and -0.0 differ, as Double.compare says");
        assertNotEquals(P, "not a port");
        Set<Integer> hashes = new HashSet<>();
        for (long rate = 1; rate <= 8; rate++) {
            hashes.add(new PortSpec(rate * 1_000_000_000L, 0, Double.NaN).hashCode());
        }
        assertEquals(8, hashes.size(), "distinct rates hash apart");
    }
}
