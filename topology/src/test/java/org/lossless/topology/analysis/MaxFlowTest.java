package org.lossless.topology.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MaxFlowTest {
    @Test
    void undirectedDiamond() {
        // s=0, t=3; the min cut is {t}'s edges: 4 + 10 = 14 (cut {s} = 15, cut {s,1} = 24)
        MaxFlow f = new MaxFlow(4, 5);
        f.addUndirected(0, 1, 10);
        f.addUndirected(0, 2, 5);
        f.addUndirected(1, 2, 15);
        f.addUndirected(1, 3, 4);
        f.addUndirected(2, 3, 10);
        assertEquals(14, f.solve(0, 3));
    }

    @Test
    void undirectedEdgesCarryEitherWay() {
        // flow must go 0 -> 2 -> 1 -> 3 across the 1-2 edge added as (1, 2)
        MaxFlow f = new MaxFlow(4, 1);
        f.addUndirected(0, 2, 7);
        f.addUndirected(1, 2, 5);
        f.addUndirected(1, 3, 9);
        assertEquals(5, f.solve(0, 3));
    }

    @Test
    void directedEdgesDoNot() {
        MaxFlow f = new MaxFlow(3, 2);
        f.addDirected(0, 1, 5);
        f.addDirected(2, 1, 5);
        assertEquals(0, f.solve(0, 2));
    }
}
