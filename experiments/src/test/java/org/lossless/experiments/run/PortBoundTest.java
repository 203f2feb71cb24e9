package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.core.net.WireFormat;
import org.lossless.workloads.traffic.JobIteration;

/**
 * {@link PortBound}'s pass against a reference worked out here the plain way: each window's messages picked by the
 * rule (the last window starting at or before the post time, if the post is at or before its finish), summed per host
 * and per edge switch, the busiest at its rate, plus first post less start and the least latency. Random windows
 * (some empty, some starting together, messages before the first, between and after the last), random messages; one
 * pass, and several passes forced by a small sum budget; the log in memory and spilled.
 */
class PortBoundTest {
    @TempDir
    Path dir;

    private record Msg(long post, int src, int dst, long bits, long tail) {
    }

    /** 7 hosts on 3 edge switches (host 6 alone on edge 2, whose uplinks have no rate, as in a star). */
    static final int[] EDGE_OF = {0, 0, 0, 1, 1, 1, 2};
    static final long[] UP_BPS = {200_000_000_000L, 100_000_000_000L, 0};
    /** Host line rates, bps: one host without a rate (skipped). */
    static final long[] RATES = {100_000_000_000L, 100_000_000_000L, 400_000_000_000L, 25_000_000_000L,
        100_000_000_000L, 0, 100_000_000_000L};

    /** The reference: windows must be in start order; -1, -1 for a window without a message. */
    static long[][] reference(List<JobIteration> windows, List<Msg> msgs) {
        int n = windows.size();
        long[][] out = new long[2][n];
        for (int w = 0; w < n; w++) {
            List<Msg> mine = new ArrayList<>();
            for (Msg m : msgs) {
                int last = -1;
                for (int v = 0; v < n; v++) {
                    if (windows.get(v).startPs() <= m.post()) {
                        last = v;
                    }
                }
                if (last == w && m.post() <= windows.get(w).finishPs()) {
                    mine.add(m);
                }
            }
            if (mine.isEmpty()) {
                out[0][w] = -1;
                out[1][w] = -1;
                continue;
            }
            long[] hostOut = new long[RATES.length];
            long[] hostIn = new long[RATES.length];
            long[] upOut = new long[UP_BPS.length];
            long[] upIn = new long[UP_BPS.length];
            long first = Long.MAX_VALUE;
            long tail = Long.MAX_VALUE;
            boolean crossed = false;
            for (Msg m : mine) {
                first = Math.min(first, m.post());
                tail = Math.min(tail, m.tail());
                hostOut[m.src()] += m.bits();
                hostIn[m.dst()] += m.bits();
                if (EDGE_OF[m.src()] != EDGE_OF[m.dst()]) {
                    upOut[EDGE_OF[m.src()]] += m.bits();
                    upIn[EDGE_OF[m.dst()]] += m.bits();
                    crossed = true;
                }
            }
            long host = 0;
            for (int h = 0; h < RATES.length; h++) {
                if (RATES[h] > 0) {
                    host = Math.max(host, WireFormat.bitsToPs(Math.max(hostOut[h], hostIn[h]), RATES[h]));
                }
            }
            long up = 0;
            for (int e = 0; e < UP_BPS.length; e++) {
                if (UP_BPS[e] > 0) {
                    up = Math.max(up, WireFormat.bitsToPs(Math.max(upOut[e], upIn[e]), UP_BPS[e]));
                }
            }
            long start = windows.get(w).startPs();
            out[0][w] = first - start + host + tail;
            out[1][w] = crossed && up > 0 ? first - start + up + tail : 0;
        }
        return out;
    }

    /** Random windows in start order: gaps, equal starts, zero-length windows, between 0 and 10 of them. */
    static List<JobIteration> windows(Random r) {
        List<JobIteration> out = new ArrayList<>();
        int n = r.nextInt(11);
        long t = 1_000 + r.nextInt(5_000);
        for (int i = 0; i < n; i++) {
            if (r.nextInt(4) > 0 || i == 0) {
                t += r.nextInt(20_000);
            } // else: the same start as the one before
            long len = r.nextInt(5) == 0 ? 0 : r.nextInt(30_000);
            out.add(new JobIteration("j", i, "allreduce", 7, 1, t, t + len, 1.0));
        }
        return out;
    }

    static List<Msg> messages(Random r, List<JobIteration> windows) {
        long end = windows.isEmpty() ? 10_000 : windows.get(windows.size() - 1).finishPs() + 10_000;
        List<Msg> out = new ArrayList<>();
        int n = r.nextInt(400);
        for (int i = 0; i < n; i++) {
            long post;
            int pick = r.nextInt(10);
            if (pick == 0 || windows.isEmpty()) {
                post = r.nextInt((int) Math.min(end, Integer.MAX_VALUE)); // anywhere: before, between, after
            } else {
                JobIteration w = windows.get(r.nextInt(windows.size()));
                post = pick == 1 ? w.startPs() : pick == 2 ? w.finishPs() : pick == 3 ? w.finishPs() + 1
                        : w.startPs() + (long) (r.nextDouble() * (w.finishPs() - w.startPs()));
            }
            long bits = r.nextInt(8) == 0 ? 8L * (2_000_000 + r.nextInt(20_000_000)) : 8L * (64 + r.nextInt(5000));
            out.add(new Msg(post, r.nextInt(7), r.nextInt(7), bits, r.nextInt(3) == 0 ? r.nextInt(100) : 2_000_000));
        }
        return out;
    }

    @Test
    void onePassAndSeveralAgreeWithTheReference() {
        Random r = new Random(20261207);
        EdgeUplinks edges = new EdgeUplinks(EDGE_OF, UP_BPS);
        long oneWindow = 2L * Long.BYTES * (RATES.length + UP_BPS.length);
        int nonEmpty = 0;
        int uplinkSet = 0;
        for (int trial = 0; trial < 300; trial++) {
            List<JobIteration> windows = windows(r);
            List<Msg> msgs = messages(r, windows);
            long[][] want = reference(windows, msgs);
            for (long budget : new long[] {64L << 20, 1, oneWindow * 2 + 1, oneWindow * 3}) {
                try (SentLog log = new SentLog(7, trial % 2 == 0 ? 64 : 64L << 20, dir, null)) {
                    for (Msg m : msgs) {
                        log.add(m.post(), m.src(), m.dst(), m.bits(), m.tail());
                    }
                    long[][] got = PortBound.of(windows, log, RATES, edges, budget, null);
                    String what = "trial " + trial + ", pass budget " + budget;
                    assertArrayEquals(want[0], got[0], what + ": port bounds");
                    assertArrayEquals(want[1], got[1], what + ": uplink bounds");
                }
            }
            for (int w = 0; w < windows.size(); w++) {
                nonEmpty += want[0][w] >= 0 ? 1 : 0;
                uplinkSet += want[1][w] > 0 ? 1 : 0;
            }
        }
        assertTrue(nonEmpty > 300 && uplinkSet > 300, nonEmpty + " windows with messages, " + uplinkSet + " uplink");
    }

    /** By hand: one window [100, 1000] ps; 8,000 bits from host 0 (100 Gb/s) to host 3 (25 Gb/s), across edges. */
    @Test
    void oneMessageByHand() {
        EdgeUplinks edges = new EdgeUplinks(EDGE_OF, UP_BPS);
        try (SentLog log = new SentLog(7, 64, dir, null)) {
            log.add(50, 0, 1, 8, 1); // before the window: not counted
            log.add(300, 0, 3, 8_000, 500);
            log.add(1_001, 0, 3, 8_000, 1); // after its finish: not counted
            long[][] got = PortBound.of(List.of(new JobIteration("j", 0, "x", 2, 1, 100, 1_000, 1.0)), log, RATES,
                    edges);
            // 200 ps to the first post, 8,000 bits at 100 Gb/s (hosts 0 and 3 at 25 Gb/s: 320 ns), 500 ps latency
            assertEquals(200 + 320_000 + 500, got[0][0]);
            // edge 0's uplinks at 200 Gb/s (40 ns), edge 1's at 100 Gb/s (80 ns): 80 ns
            assertEquals(200 + 80_000 + 500, got[1][0]);
        }
    }

    @Test
    void aStopSignalEndsThePass() {
        EdgeUplinks edges = new EdgeUplinks(EDGE_OF, UP_BPS);
        try (SentLog log = new SentLog(7, 1 << 20, dir, null)) {
            for (int i = 0; i < 200_000; i++) {
                log.add(i, i % 7, (i + 1) % 7, 8, 1);
            }
            List<JobIteration> w = List.of(new JobIteration("j", 0, "x", 2, 1, 0, 1_000_000, 1.0));
            assertThrows(CancellationException.class, () -> PortBound.of(w, log, RATES, edges, 1 << 20, () -> true));
        }
    }
}
