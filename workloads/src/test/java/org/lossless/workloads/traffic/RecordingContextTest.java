package org.lossless.workloads.traffic;

import org.lossless.nic.Verb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;

class RecordingContextTest {
    /** 100 Gb/s: 1,000 bytes take 80 ns = 80,000 ps; latency 1 us. */
    private static final long RATE = 100_000_000_000L;
    private static final long LAT = 1_000_000L;

    private static Topology star() {
        return StarTopology.build(3, RATE, 1_000_000L);
    }

    @Test
    void messagesOnOneConnectionAreSentOneAfterAnotherAndAckedALatencyLater() {
        List<String> log = new ArrayList<>();
        TrafficProgram p = new TrafficProgram() {
            @Override
            public String name() {
                return "two";
            }

            @Override
            public void start(TrafficContext ctx) {
                Connection c = ctx.connect(0, 1, ConnectionOptions.of(3));
                ctx.post(c, 1000, Verb.WRITE, MessageTag.NONE_TAG);
                ctx.post(c, 2000, Verb.WRITE, MessageTag.NONE_TAG, 10_000L);
            }

            @Override
            public void onDelivered(Message m, long nowPs) {
                log.add("d" + m.id() + "@" + nowPs);
            }

            @Override
            public void onAcked(Message m, long nowPs) {
                log.add("a" + m.id() + "@" + nowPs);
            }

            @Override
            public boolean finished() {
                return true;
            }
        };
        List<Message> ms = new RecordingContext(star(), 1000, 1, RATE, LAT).run(List.of(p), Long.MAX_VALUE);
        // message 0: 0 + 80,000 + 1,000,000; message 1 starts when the connection is free at 80,000
        assertEquals(List.of("d0@1080000", "d1@1240000", "a0@2080000", "a1@2240000"), log);
        assertEquals(2, ms.size());
        assertEquals(10_000L, ms.get(1).postPs());
    }

    @Test
    void aReplacedTimerFiresOnceAtTheNewTime() {
        List<Long> fired = new ArrayList<>();
        TrafficProgram p = new TrafficProgram() {
            @Override
            public String name() {
                return "timer";
            }

            @Override
            public void start(TrafficContext ctx) {
                ctx.wakeAt(500);
                ctx.wakeAt(700);
            }

            @Override
            public void onTimer(long nowPs) {
                fired.add(nowPs);
            }

            @Override
            public boolean finished() {
                return true;
            }
        };
        new RecordingContext(star(), 1000, 1, RATE, LAT).run(List.of(p), Long.MAX_VALUE);
        assertEquals(List.of(700L), fired);
    }

    @Test
    void aMessageReleasedBeforeThePreviousOneOnItsConnectionIsRefused() {
        TrafficProgram p = new TrafficProgram() {
            @Override
            public String name() {
                return "bad";
            }

            @Override
            public void start(TrafficContext ctx) {
                Connection c = ctx.connect(0, 1, ConnectionOptions.of(0));
                ctx.post(c, 1000, Verb.SEND, MessageTag.NONE_TAG, 5000);
                ctx.post(c, 1000, Verb.SEND, MessageTag.NONE_TAG, 4000);
            }

            @Override
            public boolean finished() {
                return true;
            }
        };
        assertThrows(IllegalArgumentException.class,
                () -> new RecordingContext(star(), 1000, 1, RATE, LAT).run(List.of(p), Long.MAX_VALUE));
    }

    @Test
    void busbwFollowsNcclTests() {
        // 1 GB all-reduce over 8 ranks in 10 ms: algbw 100 GB/s, busbw x 2*7/8 = 175 GB/s
        JobIteration it = new JobIteration("ar", 0, "allreduce", 8, 1_000_000_000L, 0, 10_000_000_000L, 2.0 * 7 / 8);
        assertEquals(100.0, it.algbwGBps(), 1e-9);
        assertEquals(175.0, it.busbwGBps(), 1e-9);
    }
}
