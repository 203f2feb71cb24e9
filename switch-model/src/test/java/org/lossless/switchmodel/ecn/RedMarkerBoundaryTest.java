package org.lossless.switchmodel.ecn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import nl.tudelft.simulation.jstats.streams.MersenneTwister;
import org.junit.jupiter.api.Test;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketType;

/**
 * RED at its exact edges (kmin 1000 B, kmax 3000 B, pmax 0.5): at q = kmin the probability is 0 and no random
 * number is drawn; at q = kmax it is pmax (a draw decides); only above kmax is every frame marked. The
 * counters count eligible frames and the frames this call set CE.
 */
class RedMarkerBoundaryTest {
    private final RedParams params = new RedParams(1000, 3000, 0.5);
    private final RedMarker red = new RedMarker(params);

    @Test
    void atKmaxADrawDecidesAndAboveItEveryFrameIsMarked() {
        assertSame(params, red.params());
        assertEquals(0.5, red.probability(3000));
        assertEquals(0.25, red.probability(2000), "halfway: pmax / 2");
        assertFalse(red.shouldMark(3000, 0.7), "0.7 >= pmax");
        assertTrue(red.shouldMark(3000, 0.3));
        assertTrue(red.shouldMark(3001, 0.99));
        assertFalse(red.shouldMark(1000, 0.0), "p(kmin) = 0");
    }

    @Test
    void noDrawAtKminOrAboveKmaxAndOneDrawBetween() {
        MersenneTwister used = new MersenneTwister(7);
        MersenneTwister fresh = new MersenneTwister(7);
        assertFalse(red.shouldMark(1000, used));
        assertTrue(red.shouldMark(3001, used));
        assertEquals(fresh.nextDouble(), used.nextDouble(), "neither call drew");
        double u = fresh.nextDouble();
        assertEquals(u < 0.5, red.shouldMark(3000, used), "at kmax: the draw against pmax");
        assertEquals(fresh.nextDouble(), used.nextDouble(), "exactly one draw");
    }

    @Test
    void countersAndTheReturnValueSayWhatThisCallDid() {
        Packet p = new Packet();
        p.type = PacketType.DATA;
        p.ecnCapable(true);
        assertFalse(red.mark(p, 500, 0.0));
        assertTrue(red.mark(p, 5000, 0.0));
        assertTrue(p.ce());
        assertFalse(red.mark(p, 5000, 0.0), "already CE: not set by this call");
        assertEquals(3, red.eligible());
        assertEquals(1, red.marked());
        MersenneTwister s = new MersenneTwister(1);
        Packet q = new Packet();
        q.type = PacketType.DATA;
        q.ecnCapable(true);
        assertTrue(red.mark(q, 5000, s));
        assertFalse(red.mark(q, 5000, s));
        assertEquals(5, red.eligible());
        assertEquals(2, red.marked());
    }
}
