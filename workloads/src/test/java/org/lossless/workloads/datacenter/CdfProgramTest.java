package org.lossless.workloads.datacenter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.net.MessageSize;
import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;
import org.lossless.topology.io.HpccFlow;
import org.lossless.topology.io.HpccFlowFile;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.RecordingContext;

class CdfProgramTest {
    static final long RATE = 100_000_000_000L;

    static List<Integer> hosts(int n) {
        List<Integer> h = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            h.add(i);
        }
        return h;
    }

    static CdfConfig cfg(String dist, int hosts, double load, long durationPs, TrafficMatrix m, IncastOverlay incast) {
        return new CdfConfig("bg", FlowSizeCdf.builtIn(dist), hosts(hosts), load, 0, durationPs, m, incast, 3, 1);
    }

    static List<Message> run(CdfConfig c, int topologyHosts) {
        return new RecordingContext(StarTopology.build(topologyHosts, RATE, 1_000_000L), 1024, 1, RATE, 1_000_000L)
                .run(List.of(new CdfProgram(c)), Long.MAX_VALUE);
    }

    /**
     * V-08: over a run long enough for the 99 % confidence half-width (2.576 sigma) of both figures to be
     * within 3 %, the mean flow size is within 3 % of the distribution's mean and the offered payload load
     * within 3 % of the target. Flows needed: mean size (2.576 CV / 0.03)^2; load, a compound Poisson sum,
     * 2.576^2 (1 + CV^2) / 0.03^2.
     */
    @Nested
    class V08 {
        @Test
        void websearchAtThirtyPercent() {
            // CV 2.32: 39,700 flows for the mean, 47,000 for the load; 16 hosts x 1.5 s / 456.3 us = 52,600
            check("websearch", 1_711_250, 1_500_000_000_000L, 47_000);
        }

        @Test
        void fbHadoopAtThirtyPercent() {
            // CV 5.56: 228,000 flows for the mean, 235,000 for the load; 16 hosts x 0.6 s / 32.1 us = 299,000
            check("fbhdp", 120_421, 600_000_000_000L, 235_000);
        }

        private void check(String dist, double publishedMean, long durationPs, int needed) {
            int hosts = 16;
            double load = 0.3;
            // open-loop traffic needs no completions: drive the program's timer only (fast for 300,000 flows)
            List<Message> ms = TimerOnlyContext.run(new CdfProgram(cfg(dist, hosts, load, durationPs, null, null)),
                    StarTopology.build(hosts, RATE, 1_000_000L), RATE, 1);
            assertTrue(ms.size() >= needed, "only " + ms.size() + " flows");
            long bytes = 0;
            for (Message m : ms) {
                bytes += m.bytes();
                assertTrue(m.postPs() < durationPs);
            }
            double mean = (double) bytes / ms.size();
            assertEquals(1.0, mean / publishedMean, 0.03, "mean flow size " + mean);
            double offered = bytes * 8.0 / (hosts * RATE * (durationPs / 1e12));
            System.out.printf(java.util.Locale.ROOT, "V-08 %s, %.1f s, %,d flows: mean %,.0f B (%+.2f %%), load %.2f %%%n",
                    dist, durationPs / 1e12, ms.size(), mean, 100 * (mean / publishedMean - 1), 100 * offered);
            assertEquals(1.0, offered / load, 0.03, "offered load " + offered);
        }
    }

    @Test
    void arrivalsArePoissonAndDestinationsUniformOverTheOtherHosts() {
        int hosts = 8;
        List<Message> ms = run(cfg("googlerpc", hosts, 0.5, 200_000_000_000L / 100, null, null), hosts);
        // host 0's gaps: exponential with mean 2,891.6 x 8 / (100 Gb/s x 0.5) = 462.66 ns,
        // so P(gap > mean) = 1/e
        List<Long> starts = ms.stream().filter(m -> m.connection().srcHost() == 0).map(Message::postPs).toList();
        double meanGap = 2891.62 * 8 / (RATE * 0.5) * 1e12;
        int n = starts.size() - 1;
        int longer = 0;
        for (int i = 1; i < starts.size(); i++) {
            longer += starts.get(i) - starts.get(i - 1) > meanGap ? 1 : 0;
        }
        assertEquals(Math.exp(-1), (double) longer / n, 3 * Math.sqrt(Math.exp(-1) * (1 - Math.exp(-1)) / n));
        assertEquals(1.0, (starts.get(n) - starts.get(0)) / (double) n / meanGap, 3 / Math.sqrt(n));
        int[] to = new int[hosts];
        for (Message m : ms) {
            assertNotEquals(m.connection().srcHost(), m.connection().dstHost());
            if (m.connection().srcHost() == 0) {
                to[m.connection().dstHost()]++;
            }
        }
        assertEquals(0, to[0]);
        for (int d = 1; d < hosts; d++) {
            assertEquals(n / 7.0, to[d], 3 * Math.sqrt(n / 7.0 * 6 / 7));
        }
    }

    @Test
    void aTrafficMatrixSendsOnlyWhereItsWeightsAre() {
        // 0 -> 1 only, 1 -> 2 or 0 at 3:1, 2 sends nothing
        TrafficMatrix m = new TrafficMatrix(new double[][] {{0, 1, 0}, {1, 0, 3}, {0, 0, 0}});
        List<Message> ms = run(cfg("alistorage", 3, 0.3, 2_000_000_000L, m, null), 3);
        int[][] count = new int[3][3];
        for (Message x : ms) {
            count[x.connection().srcHost()][x.connection().dstHost()]++;
        }
        assertEquals(0, count[0][2]);
        assertEquals(0, count[2][0] + count[2][1]);
        int from1 = count[1][0] + count[1][2];
        assertEquals(0.75, count[1][2] / (double) from1, 3 * Math.sqrt(0.75 * 0.25 / from1));
        assertTrue(count[0][1] > 100);
    }

    @Test
    void aHostsFlowsDoNotChangeWhenHostsAreAdded() {
        List<String> four = sizesAndTimesOf(run(cfg("fbhdp", 4, 0.3, 1_000_000_000L, null, null), 5), 2);
        List<String> five = sizesAndTimesOf(run(cfg("fbhdp", 5, 0.3, 1_000_000_000L, null, null), 5), 2);
        assertEquals(four, five);
    }

    private static List<String> sizesAndTimesOf(List<Message> ms, int host) {
        return ms.stream().filter(m -> m.connection().srcHost() == host).map(m -> m.bytes() + "@" + m.postPs()).toList();
    }

    @Test
    void theIncastOverlayAddsEventsAtTheIntervalItsLoadImplies() {
        // 16 hosts x 100 Gb/s, 2 % of it in 4-to-1 events of 500 KB:
        // interval = 4 x 500,000 x 8 / (0.02 x 1.6 Tb/s) = 0.5 ms; duration 2.2 ms: events at 0.5, 1, 1.5, 2 ms
        IncastOverlay overlay = new IncastOverlay(4, MessageSize.of(500_000), 0.02, 0);
        List<Message> ms = run(cfg("websearch", 16, 0.3, 2_200_000_000L, null, overlay), 16);
        List<Message> incast = ms.stream().filter(m -> "incast".equals(m.tag().operation())).toList();
        assertEquals(16, incast.size());
        for (int e = 0; e < 4; e++) {
            int event = e;
            List<Message> ev = incast.stream().filter(m -> m.tag().iteration() == event).toList();
            assertEquals(4, ev.size());
            Set<Integer> senders = new HashSet<>();
            for (Message m : ev) {
                assertEquals((e + 1) * 500_000_000L, m.postPs());
                assertEquals(500_000, m.bytes());
                assertEquals(ev.get(0).connection().dstHost(), m.connection().dstHost());
                senders.add(m.connection().srcHost());
            }
            assertEquals(4, senders.size());
            assertTrue(!senders.contains(ev.get(0).connection().dstHost()));
        }
    }

    @Test
    void generatedTrafficRoundTripsThroughAnHpccFlowFile() {
        Topology t = StarTopology.build(8, RATE, 1_000_000L);
        List<Message> ms = run(cfg("websearch", 8, 0.5, 3_000_000_000L, null,
                new IncastOverlay(3, MessageSize.of(64_000), 0, 1_000_000_000L)), 8);
        List<HpccFlow> flows = HpccFlows.of(t, ms);
        assertTrue(flows.stream().anyMatch(f -> f.dport() == HpccFlow.DPORT_INCAST));
        List<String> warnings = new ArrayList<>();
        String text = HpccFlowFile.format(flows, warnings);
        HpccFlowFile.Read back = HpccFlowFile.parse(text, "flow.txt", t);
        assertEquals(List.of(), back.warnings());
        // the file holds start times in whole ns, sorted (stably) by start
        List<HpccFlow> expected = new ArrayList<>(flows);
        expected.sort(Comparator.comparingLong(HpccFlow::startPs));
        List<HpccFlow> rounded = expected.stream().map(f -> new HpccFlow(f.src(), f.dst(), f.priorityGroup(), f.dport(),
                f.sizeBytes(), (f.startPs() + 500) / 1000 * 1000)).toList();
        assertEquals(rounded, back.flows());
        // and once in whole ns, a second export is the same text
        assertEquals(text, HpccFlowFile.format(back.flows(), new ArrayList<>()));
    }
}
