package org.lossless.workloads.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.MessageSize;
import org.lossless.topology.StarTopology;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.RecordingContext;

/** Checkpoint bursts on the recording context (100 Gb/s = 80 ps per byte per connection, 1 us latency). */
class CheckpointProgramTest {
    static final long RATE = 100_000_000_000L;
    static final long LAT = 1_000_000L;
    static final long MIB = 1L << 20;

    static CheckpointConfig cfg(int inflight, int repeat, long period) {
        return new CheckpointConfig("ckpt", List.of(2, 3), List.of(0, 1), MessageSize.of(5 * MIB / 2),
                MessageSize.of(MIB), inflight, 0, repeat, period, 3);
    }

    record Run(CheckpointProgram program, List<Message> messages) {
    }

    static Run run(CheckpointConfig c) {
        CheckpointProgram p = new CheckpointProgram(c);
        return new Run(p, new RecordingContext(StarTopology.build(4, RATE, LAT), 1024, 3, RATE, LAT)
                .run(List.of(p), Long.MAX_VALUE));
    }

    static String describe(Message m) {
        return m.connection().srcHost() + "->" + m.connection().dstHost() + " " + m.bytes() + " @" + m.postPs();
    }

    @Test
    void everyRankStripesItsChunksOverTheServersAllAtOnce() {
        Run r = run(cfg(CheckpointConfig.ALL, 1, 0));
        assertEquals(List.of("2->0 1048576 @0", "2->1 1048576 @0", "2->0 524288 @0",
                "3->1 1048576 @0", "3->0 1048576 @0", "3->1 524288 @0"),
                r.messages.stream().map(CheckpointProgramTest::describe).toList());
        // connection 2->0 carries 1.5 MiB: 125,829,120 ps, acknowledged 2 us later
        assertEquals(List.of(new JobIteration("ckpt", 0, "checkpoint", 4, 5 * MIB, 0, 127_829_120L, JobIteration.NO_BUSBW)),
                r.program.jobIterations());
        assertEquals(6, r.program.operationStats().get(0).completed());
    }

    @Test
    void periodicCheckpointsNeverOverlap() {
        // each checkpoint takes 127.83 us; period 100 us: the second starts when the first ends, the third
        // when the second ends (255.66 us > 200 us)
        Run r = run(cfg(CheckpointConfig.ALL, 3, 100_000_000L));
        List<JobIteration> its = r.program.jobIterations();
        assertEquals(3, its.size());
        assertEquals(0L, its.get(0).startPs());
        assertEquals(127_829_120L, its.get(1).startPs());
        assertEquals(255_658_240L, its.get(2).startPs());
        assertEquals(383_487_360L, its.get(2).finishPs());
        // a long period leaves gaps: the second checkpoint starts at 1 ms
        Run slow = run(cfg(CheckpointConfig.ALL, 2, 1_000_000_000L));
        assertEquals(1_000_000_000L, slow.program.jobIterations().get(1).startPs());
    }

    @Test
    void aRankWithOneChunkInFlightPostsTheNextWhenTheLastIsAcknowledged() {
        Run r = run(cfg(1, 1, 0));
        List<Message> rank0 = r.messages.stream().filter(m -> m.connection().srcHost() == 2).toList();
        assertEquals(3, rank0.size());
        assertEquals(rank0.get(0).ackedPs(), rank0.get(1).postPs());
        assertEquals(rank0.get(1).ackedPs(), rank0.get(2).postPs());
        // 1 MiB: 83,886,080 ps + 2 us each, then 0.5 MiB
        assertEquals(2 * (83_886_080L + 2_000_000L) + 41_943_040L + 2_000_000L, r.program.jobIterations().get(0).finishPs());
    }

    @Test
    void badConfigurationsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> cfg(CheckpointConfig.ALL, 2, 0));
        assertThrows(IllegalArgumentException.class,
                () -> new CheckpointConfig("c", List.of(0), List.of(0), MessageSize.of(1), MessageSize.of(1), 0, 0,
                        1, 0, 3));
    }
}
