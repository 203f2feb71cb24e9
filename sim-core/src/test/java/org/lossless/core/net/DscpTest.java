package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Class-selector DSCPs (RFC 2474: CS p = 8 p) and the default DSCP-to-traffic-class map (d >> 3). */
class DscpTest {
    @Test
    void priorityToClassSelector() {
        assertEquals(0, Dscp.ofPriority(0));
        assertEquals(24, Dscp.ofPriority(3));
        assertEquals(48, Dscp.ofPriority(6), "the default CNP DSCP");
        assertEquals(56, Dscp.ofPriority(7));
        assertThrows(IllegalArgumentException.class, () -> Dscp.ofPriority(-1));
        assertThrows(IllegalArgumentException.class, () -> Dscp.ofPriority(8));
    }

    @Test
    void dscpToDefaultTrafficClass() {
        assertEquals(0, Dscp.defaultTrafficClass(0));
        assertEquals(0, Dscp.defaultTrafficClass(7));
        assertEquals(1, Dscp.defaultTrafficClass(8));
        assertEquals(3, Dscp.defaultTrafficClass(26), "AF31, the usual RoCE marking");
        assertEquals(7, Dscp.defaultTrafficClass(63));
        assertThrows(IllegalArgumentException.class, () -> Dscp.defaultTrafficClass(-1));
        assertThrows(IllegalArgumentException.class, () -> Dscp.defaultTrafficClass(64));
    }
}
