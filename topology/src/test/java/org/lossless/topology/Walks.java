package org.lossless.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

/** Test helper: walks routes hop by hop and checks where they end. */
public final class Walks {
    private Walks() {
    }

    /**
     * Walks every ordered host pair with per-flow ECMP, checks it ends at the destination, never uses a
     * dead cable, and has {@code expectedLinks.applyAsInt(src, dst)} links (-1 to skip that check).
     */
    public static void assertAllPairsReachable(Routes r, java.util.function.IntBinaryOperator expectedLinks) {
        Topology t = r.topology();
        boolean[] dead = r.failures().deadCables(t);
        for (int s = 0; s < t.hostCount(); s++) {
            for (int d = 0; d < t.hostCount(); d++) {
                if (s == d) {
                    continue;
                }
                assertTrue(r.reachable(s, d), "h" + s + " -> h" + d);
                List<Port> hops = r.path(s, d, EcmpHash.chooser(7, s, d, 49152 + (s * 31 + d) % 16384));
                Port last = hops.get(hops.size() - 1);
                assertEquals(t.hostNode(d), last.peer(), "path h" + s + " -> h" + d + " ends elsewhere");
                for (Port p : hops) {
                    assertFalse(dead[t.cableIndex(p.node(), p.index())], "path uses a failed cable " + p);
                }
                int want = expectedLinks.applyAsInt(s, d);
                if (want >= 0) {
                    assertEquals(want, hops.size(), "links on h" + s + " -> h" + d);
                }
            }
        }
    }

    public static void assertAllPairsReachable(Routes r) {
        assertAllPairsReachable(r, (s, d) -> -1);
    }
}
