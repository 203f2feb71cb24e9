package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The eight 16-bit PFC time fields packed in a {@link Packet}: each reads back what was written, alone. */
class PfcQuantaFieldTest {
    @Test
    void eachPriorityKeepsItsOwnSixteenBits() {
        Packet p = new Packet();
        int[] written = {1, 65_535, 0, 300, 65_535, 7, 32_768, 12_345};
        for (int prio = 0; prio < 8; prio++) {
            p.pfcQuanta(prio, written[prio]);
        }
        p.pfcQuanta(2, 65_535);
        p.pfcQuanta(2, 9); // overwriting leaves the neighbours alone
        int[] expected = {1, 65_535, 9, 300, 65_535, 7, 32_768, 12_345};
        for (int prio = 0; prio < 8; prio++) {
            assertEquals(expected[prio], p.pfcQuanta(prio), "priority " + prio);
        }
        p.reset();
        for (int prio = 0; prio < 8; prio++) {
            assertEquals(0, p.pfcQuanta(prio), "priority " + prio + " after reset");
        }
    }

    @Test
    void rejectsWhatSixteenBitsOrEightPrioritiesCannotHold() {
        Packet p = new Packet();
        assertThrows(IllegalArgumentException.class, () -> p.pfcQuanta(3, 65_536));
        assertThrows(IllegalArgumentException.class, () -> p.pfcQuanta(3, -1));
        assertThrows(IllegalArgumentException.class, () -> p.pfcQuanta(8, 1));
    }
}
