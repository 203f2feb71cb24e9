package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** RCCC's sender credit: speculation, its end, grants, the cap, a timeout's packet, a new message. */
class CreditsTest {
    @Test
    void speculatesUntilTheFirstAckThenSendsOnGrantsOnly() {
        Credits c = new Credits(10_000);
        assertTrue(c.positive());
        assertFalse(c.spend(4_000, true));
        assertFalse(c.spend(4_000, true));
        assertTrue(c.spend(4_000, true));   // a packet may start on any credit left: -2,000 now, a stall
        assertFalse(c.positive());
        assertFalse(c.stopSpeculating(true)); // a debt stays a debt (no new stall)
        assertEquals(-2_000, c.credit());
        c.grant(4_000);
        assertEquals(2_000, c.credit());
        assertFalse(c.spend(1_000, true));
        assertFalse(c.stopSpeculating(true)); // only once: granted credit is kept
        assertEquals(1_000, c.credit());
    }

    @Test
    void aStallIsCountedOncePerRunOutWithDataLeft() {
        Credits c = new Credits(8_000);
        assertFalse(c.spend(4_000, true));
        assertTrue(c.spend(4_000, true));   // exactly 0 left, more to send
        c.grant(4_000);
        assertFalse(c.spend(4_000, false)); // ran out on the message's last packet: no stall
    }

    @Test
    void leftoverSpeculationIsDroppedAndGrantsAreCapped() {
        Credits c = new Credits(10_000);
        c.spend(4_000, true);
        c.grant(0);                // the first grant ends speculation: 6,000 of it go
        assertEquals(0, c.credit());
        c.grant(8_000);
        c.grant(8_000);
        assertEquals(10_000, c.credit());
        assertEquals(16_000, c.granted());
    }

    @Test
    void aTimeoutLetsOnePacketGoAndANewMessageSpeculatesAgain() {
        Credits c = new Credits(10_000);
        assertTrue(c.stopSpeculating(true)); // the first ACK takes the speculative credit: a stall
        assertFalse(c.positive());
        c.timeout(4_096);
        assertEquals(4_096, c.credit());
        assertFalse(c.spend(4_096, false)); // the last packet: nothing waits, no stall
        c.restart();
        assertEquals(10_000, c.credit());
    }
}
