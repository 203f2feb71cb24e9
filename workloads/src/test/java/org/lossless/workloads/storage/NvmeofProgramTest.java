package org.lossless.workloads.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.topology.StarTopology;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.Message;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.OperationStats;
import org.lossless.workloads.traffic.RecordingContext;

/**
 * NVMe-oF on the network-free recording context: every connection sends at 100 Gb/s (80 ps per byte) and
 * adds 1 us of latency to each delivery and each acknowledgement, so times can be checked by hand.
 */
class NvmeofProgramTest {
    static final long RATE = 100_000_000_000L;
    static final long LAT = 1_000_000L;
    static final long KIB = 1024;
    static final long MIB = 1024 * KIB;

    static NvmeofConfig job(List<Integer> initiators, List<Integer> targets, IoMix mix, int qd, long ios) {
        return new NvmeofConfig("nvme", initiators, targets, mix, qd, ios, NvmeofConfig.UNLIMITED, 0, 0,
                NvmeofConfig.DEFAULT_INLINE, NvmeofConfig.DEFAULT_MDTS, NvmeofConfig.DEFAULT_RDMA_OP,
                NvmeofConfig.DEFAULT_RDMA_OP, 0, NvmeofConfig.Spread.STRIPE, 3);
    }

    static NvmeofConfig with(NvmeofConfig c, long inline, long mdts, long deviceLatency, long iops, long duration) {
        return new NvmeofConfig(c.name(), c.initiators(), c.targets(), c.mix(), c.queueDepth(), c.ios(), duration, iops,
                c.startPs(), inline, mdts, c.rdmaReadMaxBytes(), c.rdmaWriteMaxBytes(), deviceLatency, c.spread(),
                c.priority());
    }

    record Run(NvmeofProgram program, List<Message> messages) {
    }

    static Run run(NvmeofConfig cfg, int hosts) {
        NvmeofProgram p = new NvmeofProgram(cfg);
        List<Message> ms = new RecordingContext(StarTopology.build(hosts, RATE, LAT), 1024, 7, RATE, LAT)
                .run(List.of(p), Long.MAX_VALUE);
        return new Run(p, ms);
    }

    static List<Long> ids(long[] a) {
        return java.util.Arrays.stream(a).boxed().toList();
    }

    /** A read-only job of 4 KiB I/Os that runs for {@code duration} (no I/O count). */
    static NvmeofConfig timed(int qd, long iops, long duration) {
        return new NvmeofConfig("nvme", List.of(1), List.of(0), IoMix.of(4 * KIB, 1.0), qd, NvmeofConfig.UNLIMITED,
                duration, iops, 0, NvmeofConfig.DEFAULT_INLINE, NvmeofConfig.DEFAULT_MDTS, NvmeofConfig.DEFAULT_RDMA_OP,
                NvmeofConfig.DEFAULT_RDMA_OP, 0, NvmeofConfig.Spread.STRIPE, 3);
    }

    static String describe(Message m) {
        return m.op().key() + " " + m.connection().srcHost() + "->" + m.connection().dstHost() + " " + m.bytes()
                + " " + m.tag().operation();
    }

    @Nested
    class WhatMovesOnTheWire {
        @Test
        void aReadIsACapsuleThenTheTargetsWriteAndItsCompletionRightBehind() {
            Run r = run(job(List.of(1), List.of(0), IoMix.of(4 * KIB, 1.0), 1, 1), 2);
            assertEquals(List.of("send 1->0 64 read-capsule", "write 0->1 4096 read-data",
                    "send 0->1 16 read-completion"), r.messages.stream().map(NvmeofProgramTest::describe).toList());
            // capsule 64 B = 5,120 ps + 1 us; data 4,096 B = 327,680 ps from then, + 1 us;
            // the completion (1,280 ps) is sent right after the data on the same connection: 1,334,080 + 1 us
            assertEquals(1_005_120L, r.messages.get(0).deliveredPs());
            assertEquals(2_332_800L, r.messages.get(1).deliveredPs());
            assertEquals(2_334_080L, r.messages.get(2).deliveredPs());
            OperationStats s = r.program.operationStats().get(0);
            assertEquals("read", s.operation());
            assertEquals(2_334_080L, s.p50Ps());
            // the data depends on the capsule, the completion on the data
            assertEquals(List.of(r.messages.get(0).id()), ids(r.messages.get(1).tag().dependsOn()));
            assertEquals(List.of(r.messages.get(1).id()), ids(r.messages.get(2).tag().dependsOn()));
        }

        @Test
        void aOneMebibyteWriteIsOneCapsulePlusNineRdmaReadsOf30Pages() {
            Run r = run(job(List.of(1), List.of(0), IoMix.of(MIB, 0.0), 1, 1), 2);
            List<String> expected = new ArrayList<>();
            expected.add("send 1->0 64 write-capsule");
            for (int i = 0; i < 8; i++) {
                expected.add("read 0->1 122880 write-data"); // 30 x 4 KiB
            }
            expected.add("read 0->1 65536 write-data"); // the other 16 pages
            expected.add("send 0->1 16 write-completion");
            assertEquals(expected, r.messages.stream().map(NvmeofProgramTest::describe).toList());
            // READ payload comes from the host (1) to the target (0)
            assertEquals(1, r.messages.get(1).dataSrc());
            assertEquals(0, r.messages.get(1).dataDst());
            // READs: 1 MiB x 80 ps from 1,005,120 + 1 us = 85,891,200; then the completion: + 1,280 + 1 us
            assertEquals(85_891_200L, r.messages.get(9).deliveredPs());
            assertEquals(85_891_200L, r.messages.get(10).postPs());
            assertEquals(86_892_480L, r.messages.get(10).deliveredPs());
            assertEquals(86_892_480L, r.program.operationStats().get(0).p50Ps());
            // the completion waits for all nine READs
            assertEquals(9, r.messages.get(10).tag().dependsOn().length);
        }

        @Test
        void aWriteUpToTheInCapsuleLimitCarriesItsData() {
            Run r = run(job(List.of(1), List.of(0), IoMix.of(4 * KIB, 0.0), 1, 1), 2);
            assertEquals(List.of("send 1->0 4160 write-capsule", "send 0->1 16 write-completion"),
                    r.messages.stream().map(NvmeofProgramTest::describe).toList());
            // capsule 4,160 B = 332,800 ps + 1 us; completion 1,280 ps + 1 us
            assertEquals(2_334_080L, r.messages.get(1).deliveredPs());
        }

        @Test
        void oneByteOverTheLimitIsFetchedWithAnRdmaRead() {
            Run r = run(job(List.of(1), List.of(0), IoMix.of(4 * KIB + 1, 0.0), 1, 1), 2);
            assertEquals(List.of("send 1->0 64 write-capsule", "read 0->1 4097 write-data",
                    "send 0->1 16 write-completion"), r.messages.stream().map(NvmeofProgramTest::describe).toList());
        }

        @Test
        void theInCapsuleLimitIsConfigurable() {
            NvmeofConfig base = job(List.of(1), List.of(0), IoMix.of(16 * KIB, 0.0), 1, 1);
            Run big = run(with(base, 16 * KIB, NvmeofConfig.DEFAULT_MDTS, 0, 0, NvmeofConfig.UNLIMITED), 2);
            assertEquals(64 + 16 * KIB, big.messages.get(0).bytes());
            assertEquals(2, big.messages.size());
            Run none = run(with(job(List.of(1), List.of(0), IoMix.of(512, 0.0), 1, 1), 0,
                    NvmeofConfig.DEFAULT_MDTS, 0, 0, NvmeofConfig.UNLIMITED), 2);
            assertEquals(List.of("send 1->0 64 write-capsule", "read 0->1 512 write-data",
                    "send 0->1 16 write-completion"), none.messages.stream().map(NvmeofProgramTest::describe).toList());
        }

        @Test
        void anIoLargerThanMdtsIsSplitIntoCommandsThatEachTakeASlot() {
            // 2.5 MiB read, MDTS 1 MiB, queue depth 2: commands of 1 MiB, 1 MiB, 0.5 MiB; the third waits
            NvmeofConfig c = with(job(List.of(1), List.of(0), IoMix.of(5 * MIB / 2, 1.0), 2, 1),
                    NvmeofConfig.DEFAULT_INLINE, MIB, 0, 0, NvmeofConfig.UNLIMITED);
            Run r = run(c, 2);
            List<Message> capsules = r.messages.stream().filter(m -> m.tag().operation().equals("read-capsule")).toList();
            assertEquals(3, capsules.size());
            assertEquals(List.of(0, 1, 2), capsules.stream().map(m -> m.tag().step()).toList());
            assertEquals(0L, capsules.get(0).postPs());
            assertEquals(0L, capsules.get(1).postPs());
            Map<Integer, Long> dataPerCommand = new TreeMap<>();
            for (Message m : r.messages) {
                if (m.tag().operation().equals("read-data")) {
                    dataPerCommand.merge(m.tag().step(), m.bytes(), Long::sum);
                }
            }
            assertEquals(Map.of(0, MIB, 1, MIB, 2, MIB / 2), dataPerCommand);
            // the third command is posted when the first one completes (its completion delivered)
            Message firstCompletion = r.messages.stream()
                    .filter(m -> m.tag().operation().equals("read-completion") && m.tag().step() == 0).findFirst().get();
            assertEquals(firstCompletion.deliveredPs(), capsules.get(2).postPs());
            assertEquals(1, r.program.completedIos());
        }

        @Test
        void theDeviceLatencyIsAddedOncePerCommand() {
            NvmeofConfig c = with(job(List.of(1), List.of(0), IoMix.of(4 * KIB, 1.0), 1, 1),
                    NvmeofConfig.DEFAULT_INLINE, NvmeofConfig.DEFAULT_MDTS, 10_000_000L, 0, NvmeofConfig.UNLIMITED);
            assertEquals(2_334_080L + 10_000_000L, run(c, 2).program.operationStats().get(0).p50Ps());
        }
    }

    @Nested
    class QueueDepth {
        /** Per initiator, the most commands in flight at any instant (capsule post to command done). */
        static Map<Integer, Integer> maxInFlight(List<Message> ms) {
            Map<String, long[]> commands = new LinkedHashMap<>();
            Map<String, Integer> owner = new LinkedHashMap<>();
            for (Message m : ms) {
                String key = m.tag().iteration() + "/" + m.tag().step();
                long[] span = commands.computeIfAbsent(key, k -> new long[] {-1, -1, -1});
                if (m.tag().operation().endsWith("-capsule")) {
                    span[0] = m.postPs();
                    span[1] = m.ackedPs();
                    owner.put(key, m.connection().srcHost());
                } else if (m.tag().operation().endsWith("-completion")) {
                    span[2] = m.deliveredPs();
                }
            }
            Map<Integer, List<long[]>> events = new TreeMap<>();
            for (Map.Entry<String, long[]> e : commands.entrySet()) {
                long[] s = e.getValue();
                assertTrue(s[1] >= 0 && s[2] >= 0, "command " + e.getKey() + " did not complete");
                long end = Math.max(s[1], s[2]);
                List<long[]> ev = events.computeIfAbsent(owner.get(e.getKey()), k -> new ArrayList<>());
                ev.add(new long[] {s[0], +1});
                ev.add(new long[] {end, -1});
            }
            Map<Integer, Integer> out = new TreeMap<>();
            for (Map.Entry<Integer, List<long[]>> e : events.entrySet()) {
                // at equal times the slot is freed before it is taken again
                e.getValue().sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
                int now = 0;
                int max = 0;
                for (long[] ev : e.getValue()) {
                    now += (int) ev[1];
                    max = Math.max(max, now);
                }
                out.put(e.getKey(), max);
            }
            return out;
        }

        @Test
        void boundsOutstandingCommandsAtEveryInstantAndIsReached() {
            Map<Long, Double> sizes = new LinkedHashMap<>();
            sizes.put(4 * KIB, 0.5);
            sizes.put(128 * KIB, 0.3);
            sizes.put(2 * MIB, 0.2);
            Run r = run(job(List.of(2, 3, 4, 5), List.of(0, 1), IoMix.of(sizes, 0.6), 4, 200), 6);
            assertEquals(Map.of(2, 4, 3, 4, 4, 4, 5, 4), maxInFlight(r.messages));
            assertEquals(800, r.program.completedIos());
            assertTrue(r.program.finished());
        }

        @Test
        void everyIoOfAManyInitiatorReadCompletes() {
            List<Integer> initiators = new ArrayList<>();
            for (int h = 1; h <= 32; h++) {
                initiators.add(h);
            }
            Run r = run(job(initiators, List.of(0), IoMix.of(128 * KIB, 1.0), 8, 20), 33);
            assertEquals(640, r.program.completedIos());
            // before any completion, every initiator has exactly queue-depth commands out:
            // 32 x 8 x 128 KiB = 32 MiB of read data requested from the target at time 0
            long atZero = r.messages.stream().filter(m -> m.postPs() == 0).count();
            assertEquals(32 * 8, atZero);
            for (int v : maxInFlight(r.messages).values()) {
                assertEquals(8, v);
            }
        }
    }

    @Nested
    class Rates {
        @Test
        void pacedIosGoOutEvenlySpaced() {
            NvmeofConfig c = with(job(List.of(1), List.of(0), IoMix.of(4 * KIB, 1.0), 8, 5),
                    NvmeofConfig.DEFAULT_INLINE, NvmeofConfig.DEFAULT_MDTS, 0, 100_000, NvmeofConfig.UNLIMITED);
            List<Long> posts = run(c, 2).messages.stream().filter(m -> m.tag().operation().equals("read-capsule"))
                    .map(Message::postPs).toList();
            assertEquals(List.of(0L, 10_000_000L, 20_000_000L, 30_000_000L, 40_000_000L), posts);
        }

        @Test
        void aDurationStopsIssuingAtItsEnd() {
            NvmeofConfig paced = timed(8, 100_000, 30_000_000L);
            // I/Os at 0, 10 and 20 us; 30 us is the end, excluded
            assertEquals(3, run(paced, 2).program.completedIos());
            // closed loop: each I/O takes 2,334,080 ps, so I/Os start at k x 2,334,080 < 10 us: k = 0..4
            NvmeofConfig closed = timed(1, 0, 10_000_000L);
            assertEquals(5, run(closed, 2).program.completedIos());
        }

        @Test
        void iopsAndLatencyOfASequentialQueueComeOutAsComputedByHand() {
            Run r = run(job(List.of(1), List.of(0), IoMix.of(4 * KIB, 1.0), 1, 10), 2);
            OperationStats s = r.program.operationStats().get(0);
            assertEquals(10, s.completed());
            assertEquals(2_334_080L, s.p50Ps());
            assertEquals(2_334_080L, s.p99Ps());
            assertEquals(2_334_080L, s.p999Ps());
            assertEquals(23_340_800L, s.windowPs());
            assertEquals(1e12 / 2_334_080, s.iops(), 1e-6);
            assertEquals(40_960 / 23_340_800e-12 / 1e9, s.throughputGBps(), 1e-9);
            JobIteration it = r.program.jobIterations().get(0);
            assertEquals(new JobIteration("nvme", 0, "nvmeof", 2, 40_960, 0, 23_340_800L, JobIteration.NO_BUSBW), it);
        }
    }

    @Nested
    class Draws {
        @Test
        void theReadFractionAndSizeMixAreDrawnAsConfigured() {
            Map<Long, Double> sizes = new LinkedHashMap<>();
            sizes.put(4 * KIB, 1.0);
            sizes.put(64 * KIB, 1.0);
            Run r = run(job(List.of(1), List.of(0), IoMix.of(sizes, 0.7), 16, 20_000), 2);
            List<OperationStats> s = r.program.operationStats();
            assertEquals("read", s.get(0).operation());
            double reads = s.get(0).completed() / 20_000.0;
            // 3 sigma of a binomial fraction: 3 x sqrt(0.7 x 0.3 / 20,000) = 0.0097
            assertEquals(0.7, reads, 0.0097);
            // bytes of each I/O: its data messages, or the data inside a write's capsule
            Map<Integer, Long> ioBytes = new TreeMap<>();
            for (Message m : r.messages) {
                String op = m.tag().operation();
                if (op.endsWith("-data") || op.equals("write-capsule")) {
                    long data = op.endsWith("-data") ? m.bytes() : m.bytes() - NvmeofConfig.CAPSULE_BYTES;
                    ioBytes.merge(m.tag().iteration(), data, Long::sum);
                }
            }
            assertEquals(20_000, ioBytes.size());
            long small = ioBytes.values().stream().filter(b -> b == 4 * KIB).count();
            long large = ioBytes.values().stream().filter(b -> b == 64 * KIB).count();
            assertEquals(20_000, small + large);
            assertEquals(0.5, small / 20_000.0, 3 * Math.sqrt(0.25 / 20_000));
        }

        @Test
        void anInitiatorsIosDoNotDependOnTheOtherInitiators() {
            Map<Long, Double> sizes = new LinkedHashMap<>();
            sizes.put(4 * KIB, 1.0);
            sizes.put(64 * KIB, 1.0);
            IoMix mix = IoMix.of(sizes, 0.5);
            List<String> alone = capsulesOf(run(job(List.of(1), List.of(0), mix, 4, 50), 4).messages, 1);
            List<String> crowded = capsulesOf(run(job(List.of(3, 1, 2), List.of(0), mix, 4, 50), 4).messages, 1);
            assertEquals(alone, crowded);
        }

        private List<String> capsulesOf(List<Message> ms, int host) {
            List<String> out = new ArrayList<>();
            for (Message m : ms) {
                if (m.tag().operation().endsWith("-capsule") && m.connection().srcHost() == host) {
                    out.add(m.tag().operation() + m.bytes());
                }
            }
            return out;
        }

        @Test
        void stripedInitiatorsRotateOverTheTargetsAndPinnedOnesStay() {
            NvmeofConfig striped = job(List.of(3, 4), List.of(0, 1, 2), IoMix.of(4 * KIB, 1.0), 1, 4);
            assertEquals(List.of(0, 1, 2, 0), targetsOf(run(striped, 5).messages, 3));
            assertEquals(List.of(1, 2, 0, 1), targetsOf(run(striped, 5).messages, 4));
            NvmeofConfig pinned = new NvmeofConfig("p", List.of(3, 4), List.of(0, 1, 2), IoMix.of(4 * KIB, 1.0), 1, 4,
                    NvmeofConfig.UNLIMITED, 0, 0, 4096, MIB, 4096, 4096, 0, NvmeofConfig.Spread.PINNED, 3);
            assertEquals(List.of(1, 1, 1, 1), targetsOf(run(pinned, 5).messages, 4));
        }

        private List<Integer> targetsOf(List<Message> ms, int host) {
            return ms.stream().filter(m -> m.op() == Verb.SEND && m.connection().srcHost() == host)
                    .map(m -> m.connection().dstHost()).toList();
        }
    }

    @Test
    void badConfigurationsAreRefusedWithTheReason() {
        IoMix mix = IoMix.of(4 * KIB, 1.0);
        assertThrows(IllegalArgumentException.class, () -> job(List.of(1), List.of(1), mix, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> job(List.of(1, 1), List.of(0), mix, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> job(List.of(1), List.of(0), mix, 0, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> job(List.of(1), List.of(0), mix, 1, NvmeofConfig.UNLIMITED));
        assertTrue(e.getMessage().contains("ios or duration"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> with(job(List.of(1), List.of(0), mix, 1, 1),
                32 * KIB, MIB, 0, 0, NvmeofConfig.UNLIMITED));
    }
}
