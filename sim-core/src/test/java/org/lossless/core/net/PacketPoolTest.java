package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The packet free list: reuse, clearing, the outstanding count, growth past its first array. */
class PacketPoolTest {
    @Test
    void aReleasedPacketComesBackClearedAndTheCountFollows() {
        PacketPool pool = new PacketPool();
        Packet a = pool.acquire();
        Packet b = pool.acquire();
        assertNotSame(a, b);
        assertEquals(2, pool.outstanding());
        a.type = PacketType.PFC;
        a.flowId = 7;
        a.priority = 3;
        a.pfcClassEnable(1 << 3);
        a.pfcQuanta(3, 65535);
        a.frameBytes = 64;
        a.ce(true);
        pool.release(a);
        assertEquals(1, pool.outstanding());
        Packet c = pool.acquire();
        assertSame(a, c, "the released packet is handed out again");
        assertEquals(2, pool.outstanding());
        assertEquals(PacketType.DATA, c.type);
        assertEquals(-1, c.flowId);
        assertEquals(0, c.priority);
        assertEquals(0, c.pfcClassEnable());
        assertEquals(0, c.pfcQuanta(3));
        assertEquals(0, c.frameBytes);
        assertFalse(c.ce());
    }

    @Test
    void lastReleasedIsFirstReusedThenNewPackets() {
        PacketPool pool = new PacketPool();
        Packet a = pool.acquire();
        Packet b = pool.acquire();
        pool.release(a);
        pool.release(b);
        assertEquals(0, pool.outstanding());
        assertSame(b, pool.acquire());
        assertSame(a, pool.acquire());
        Packet fresh = pool.acquire();
        assertNotSame(a, fresh);
        assertNotSame(b, fresh);
        assertEquals(3, pool.outstanding());
    }

    @Test
    void holdsMorePacketsThanItsFirstArrayAndLosesNone() {
        PacketPool pool = new PacketPool();
        int n = 1000; // the free list starts with room for 256
        List<Packet> first = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            first.add(pool.acquire());
        }
        for (Packet p : first) {
            pool.release(p);
        }
        assertEquals(0, pool.outstanding());
        Set<Packet> original = Collections.newSetFromMap(new IdentityHashMap<>());
        original.addAll(first);
        Set<Packet> again = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < n; i++) {
            again.add(pool.acquire());
        }
        assertEquals(n, again.size(), "no packet handed out twice");
        assertTrue(original.containsAll(again), "every one reused, none allocated");
        assertEquals(n, pool.outstanding());
    }

    @Test
    void discardingFreePacketsForgetsThemButKeepsTheCountAndStillHandsOutPackets() {
        PacketPool pool = new PacketPool();
        List<Packet> released = new ArrayList<>();
        for (int i = 0; i < 300; i++) {  // past the first array, so a grown one is dropped too
            released.add(pool.acquire());
        }
        Packet held = pool.acquire();
        for (Packet p : released) {
            pool.release(p);
        }
        assertEquals(1, pool.outstanding());
        assertEquals(300, pool.discardFree(), "the 300 released packets are forgotten, not the one held");
        assertEquals(1, pool.outstanding(), "a packet still in use stays counted");
        assertEquals(0, pool.discardFree(), "nothing left to forget");
        Set<Packet> old = Collections.newSetFromMap(new IdentityHashMap<>());
        old.addAll(released);
        Packet fresh = pool.acquire();
        assertFalse(old.contains(fresh), "no discarded packet comes back");
        assertEquals(-1, fresh.flowId);
        pool.release(held);
        assertSame(held, pool.acquire(), "released after the discard: reused as before");
        assertEquals(2, pool.outstanding());
    }
}
