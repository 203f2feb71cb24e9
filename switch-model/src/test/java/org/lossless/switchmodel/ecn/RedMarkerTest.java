package org.lossless.switchmodel.ecn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import nl.tudelft.simulation.jstats.streams.MersenneTwister;
import nl.tudelft.simulation.jstats.streams.StreamInterface;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketType;

/** V-01: K_min 5 KB, K_max 200 KB, P_max 1 %. */
class RedMarkerTest {
    static final RedParams V01 = new RedParams(5_000, 200_000, 0.01);
    static final int N = 1_000_000;

    @Test
    void probabilityCurve() {
        assertEquals(0, V01.probability(0));
        assertEquals(0, V01.probability(5_000));
        assertEquals(0.005, V01.probability(102_500), 1e-15);
        assertEquals(0.01 * 194_999 / 195_000, V01.probability(199_999), 1e-15);
        assertEquals(0.01, V01.probability(200_000), 1e-15);
        assertEquals(1, V01.probability(200_001));
        assertEquals(1, new RedParams(1000, 1000, 0.5).probability(1001), "kmin = kmax is a step");
        assertEquals(0, new RedParams(1000, 1000, 0.5).probability(1000));
    }

    /**
     * Marked fraction over 10^6 dequeues inside the two-sided 99 % binomial interval around the RED law written
     * out here (not the code under test): p = P_max (q - K_min) / (K_max - K_min) = 0.01 (q - 5000) / 195000.
     */
    @ParameterizedTest(name = "q = {0} B")
    @CsvSource({"50000", "102500", "199999"})
    void markedFractionWithinBinomialInterval(long q) {
        RedMarker m = new RedMarker(V01);
        StreamInterface stream = new MersenneTwister(42 + q);
        long marks = 0;
        for (int k = 0; k < N; k++) {
            if (m.shouldMark(q, stream)) {
                marks++;
            }
        }
        double p = 0.01 * (q - 5_000) / 195_000.0;
        BinomialDistribution b = new BinomialDistribution(N, p);
        int lo = b.inverseCumulativeProbability(0.005);
        int hi = b.inverseCumulativeProbability(0.995);
        assertTrue(marks >= lo && marks <= hi, marks + " marks outside [" + lo + ", " + hi + "] for p = " + p);
    }

    @Test
    void exactlyZeroAndOneAtTheEnds() {
        RedMarker m = new RedMarker(V01);
        StreamInterface stream = new MersenneTwister(1);
        long low = 0;
        long high = 0;
        for (int k = 0; k < N; k++) {
            low += m.shouldMark(5_000, stream) ? 1 : 0;
            high += m.shouldMark(200_001, stream) ? 1 : 0;
        }
        assertEquals(0, low);
        assertEquals(N, high);
        assertFalse(m.shouldMark(5_000, 0.0), "u = 0 still never marks at kmin");
        assertTrue(m.shouldMark(200_001, 0.999_999));
        assertTrue(m.shouldMark(102_500, 0.004_999));
        assertFalse(m.shouldMark(102_500, 0.005));
    }

    @Test
    void nonEctAndControlFramesAreNeverMarked() {
        RedMarker m = new RedMarker(V01);
        StreamInterface stream = new MersenneTwister(3);
        Packet p = new Packet();
        p.type = PacketType.DATA;
        p.ecnCapable(false);
        for (int k = 0; k < 1000; k++) {
            assertFalse(m.mark(p, 1_000_000, stream));
        }
        assertFalse(p.ce());
        for (PacketType t : new PacketType[] {PacketType.ACK, PacketType.NACK, PacketType.CNP, PacketType.PFC}) {
            Packet c = new Packet();
            c.type = t;
            c.ecnCapable(true);
            assertFalse(m.mark(c, 1_000_000, 0.0));
            assertFalse(c.ce(), t + " marked");
        }
        assertEquals(0, m.eligible());
        Packet d = new Packet();
        d.ecnCapable(true);
        assertTrue(m.mark(d, 1_000_000, 0.5));
        assertTrue(d.ce());
        assertFalse(m.mark(d, 1_000_000, 0.5), "already CE: not counted twice");
        assertTrue(d.ce());
        assertEquals(2, m.eligible());
        assertEquals(1, m.marked());
    }

    @Test
    void perSpeedParametersAndMissingSpeed() {
        RedParams g100 = new RedParams(400_000, 1_600_000, 0.2);
        EcnConfig c = new EcnConfig(true, MarkPoint.DEQUEUE, null, Map.of(100_000_000_000L, g100));
        assertEquals(g100, c.paramsFor(100_000_000_000L));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> c.paramsFor(400_000_000_000L));
        assertTrue(e.getMessage().contains("no kmin/kmax/pmax for port speed 400000000000 bps"), e.getMessage());
        assertEquals(V01, EcnConfig.of(5_000, 200_000, 0.01).paramsFor(1));
        assertThrows(IllegalArgumentException.class, () -> new RedParams(10, 5, 0.1));
        assertThrows(IllegalArgumentException.class, () -> new RedParams(1, 5, 1.1));
    }
}
