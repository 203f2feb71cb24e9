package org.lossless.core.random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.apache.commons.math3.stat.correlation.PearsonsCorrelation;
import org.junit.jupiter.api.Test;

import nl.tudelft.simulation.jstats.streams.MersenneTwister;

class RandomStreamsTest {
    private static long[] draws(Xoshiro256StarStar s, int n) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = s.nextLong();
        }
        return out;
    }

    @Test
    void sameSeedAndNameGiveTheSameNumbers() {
        assertArrayEquals(draws(new RandomStreams(7).stream("nic.3"), 50), draws(new RandomStreams(7).stream("nic.3"), 50));
    }

    @Test
    void aStreamDoesNotDependOnWhichOrOtherStreamsWereCreatedBefore() {
        RandomStreams a = new RandomStreams(7);
        a.stream("switch.0");
        a.stream("nic.1").nextLong();
        long[] fromA = draws(a.stream("nic.3"), 50);
        RandomStreams b = new RandomStreams(7);
        long[] fromB = draws(b.stream("nic.3"), 50);
        b.stream("switch.0");
        assertArrayEquals(fromA, fromB);
    }

    @Test
    void namesSeedsAndReplicationsAllChangeTheNumbers() {
        Set<Long> seeds = new HashSet<>();
        for (long scenario : new long[] {0, 1, 2}) {
            for (int rep = 0; rep < 3; rep++) {
                for (String name : List.of("a", "b", "nic.1", "nic.10", "nic.100")) {
                    seeds.add(RandomStreams.seedFor(scenario, rep, name));
                }
            }
        }
        assertEquals(3 * 3 * 5, seeds.size());
    }

    @Test
    void neighbouringStreamsAreUncorrelated() {
        RandomStreams r = new RandomStreams(1);
        double[] x = new double[20_000];
        double[] y = new double[20_000];
        Xoshiro256StarStar a = r.stream("nic.1");
        Xoshiro256StarStar b = r.stream("nic.2");
        for (int i = 0; i < x.length; i++) {
            x[i] = a.nextDouble();
            y[i] = b.nextDouble();
        }
        // Under independence the correlation is about N(0, 1/sqrt(n)) = N(0, 0.007); 0.03 is > 4 sigma.
        double rho = new PearsonsCorrelation().correlation(x, y);
        assertEquals(0, rho, 0.03);
    }

    @Test
    void dsolSeesTheRegistryAndCreatesStreamsOnDemand() {
        RandomStreams r = new RandomStreams(3);
        assertSame(r.stream("flows"), r.getStream("flows"));
        assertSame(r.getStream("fresh"), r.stream("fresh"));
        assertEquals(RandomStreams.seedFor(3, 0, RandomStreams.DEFAULT), r.getStream(RandomStreams.DEFAULT).getSeed());
        r.addStream("mt", new MersenneTwister(5L));
        assertThrows(IllegalStateException.class, () -> r.stream("mt"));
        assertThrows(IllegalArgumentException.class, () -> r.stream(""));
    }

    @Test
    void replicationsReseedExistingAndFutureStreams() {
        RandomStreams r = new RandomStreams(11);
        long[] rep0 = draws(r.stream("x"), 20);
        r.setReplication(2);
        assertEquals(2, r.replication());
        long[] rep2 = draws(r.stream("x"), 20);
        assertFalse(Arrays.equals(rep0, rep2));
        assertEquals(RandomStreams.seedFor(11, 2, "y"), r.stream("y").getSeed());
        RandomStreams fresh = new RandomStreams(11);
        fresh.setReplication(2);
        assertArrayEquals(rep2, draws(fresh.stream("x"), 20));
        assertNotEquals(RandomStreams.seedFor(11, 0, "x"), RandomStreams.seedFor(11, 2, "x"));
    }
}
