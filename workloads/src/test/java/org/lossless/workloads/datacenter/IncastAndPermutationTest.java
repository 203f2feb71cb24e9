package org.lossless.workloads.datacenter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.MessageSize;
import org.lossless.core.random.Xoshiro256StarStar;
import org.lossless.topology.StarTopology;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.RecordingContext;

/** Incast rounds and permutations on the recording context (80 ps per byte per connection, 1 us latency). */
class IncastAndPermutationTest {
    static final long RATE = 100_000_000_000L;
    static final long LAT = 1_000_000L;

    static List<Message> run(Object program, int hosts) {
        return new RecordingContext(StarTopology.build(hosts, RATE, LAT), 1024, 9, RATE, LAT)
                .run(List.of((org.lossless.workloads.traffic.TrafficProgram) program), Long.MAX_VALUE);
    }

    @Test
    void incastRoundsFollowEachOtherAfterTheGap() {
        IncastProgram p = new IncastProgram(new IncastConfig("in", 0, List.of(1, 2, 3, 4), MessageSize.of(1_000_000),
                0, 3, 10_000_000L,
                0, 3, 1));
        List<Message> ms = run(p, 5);
        assertEquals(12, ms.size());
        // a round: 1 MB = 80 us + 1 us; the next starts 10 us after the receiver holds the last byte
        assertEquals(List.of(new JobIteration("in", 0, "incast", 5, 4_000_000, 0, 81_000_000L, JobIteration.NO_BUSBW),
                new JobIteration("in", 1, "incast", 5, 4_000_000, 91_000_000L, 172_000_000L, JobIteration.NO_BUSBW),
                new JobIteration("in", 2, "incast", 5, 4_000_000, 182_000_000L, 263_000_000L, JobIteration.NO_BUSBW)), p.jobIterations());
        // each sender keeps its connection from round to round
        assertEquals(4, ms.stream().map(m -> m.connection().id()).distinct().count());
    }

    @Test
    void jitteredSendersStartWithinTheJitter() {
        IncastProgram p = new IncastProgram(new IncastConfig("in", 0, List.of(1, 2, 3, 4, 5, 6, 7),
                MessageSize.of(1000), 5_000_000L, 1,
                0, 2_000_000L, 3, 1));
        List<Message> ms = run(p, 8);
        Set<Long> starts = new HashSet<>();
        for (Message m : ms) {
            assertTrue(m.postPs() >= 5_000_000L && m.postPs() < 7_000_000L, "start " + m.postPs());
            starts.add(m.postPs());
        }
        assertTrue(starts.size() > 1);
    }

    @Test
    void derangementsHaveNoFixedPointAndAreUniform() {
        // the 9 derangements of 4 elements, 9,000 draws: 1,000 each, 3 sigma = 3 x sqrt(9000 x 1/9 x 8/9) = 89
        Xoshiro256StarStar rng = new Xoshiro256StarStar(17);
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < 9000; i++) {
            int[] d = PermutationProgram.derangement(4, rng);
            int[] sorted = d.clone();
            Arrays.sort(sorted);
            assertEquals("[0, 1, 2, 3]", Arrays.toString(sorted));
            for (int k = 0; k < 4; k++) {
                assertNotEquals(k, d[k]);
            }
            seen.merge(Arrays.toString(d), 1, Integer::sum);
        }
        assertEquals(9, seen.size());
        for (int n : seen.values()) {
            assertEquals(1000, n, 89);
        }
    }

    @Test
    void aPermutationSendsOnceFromAndToEveryHost() {
        PermutationProgram p = new PermutationProgram(new PermutationConfig("perm", List.of(0, 1, 2, 3, 4, 5, 6, 7),
                MessageSize.of(4096), 0, 3, 1));
        List<Message> ms = run(p, 8);
        assertEquals(8, ms.size());
        assertEquals(8, ms.stream().map(m -> m.connection().srcHost()).distinct().count());
        assertEquals(8, ms.stream().map(m -> m.connection().dstHost()).distinct().count());
        ms.forEach(m -> assertNotEquals(m.connection().srcHost(), m.connection().dstHost()));
        // 4,096 B = 327,680 ps + 1 us, all in parallel
        assertEquals(new JobIteration("perm", 0, "permutation", 8, 8 * 4096, 0, 1_327_680L, JobIteration.NO_BUSBW),
                p.jobIterations().get(0));
    }

    @Test
    void badConfigurationsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new IncastConfig("x", 1, List.of(1, 2), MessageSize.of(1),
                0, 1, 0, 0, 3, 1));
        assertThrows(IllegalArgumentException.class, () -> new PermutationConfig("x", List.of(1), MessageSize.of(1),
                0, 3, 1));
        assertThrows(IllegalArgumentException.class, () -> new IncastOverlay(2, MessageSize.of(100), 0.1, 1000));
        assertThrows(IllegalArgumentException.class, () -> new TrafficMatrix(new double[][] {{1, 0}, {0, 0}}));
    }
}
