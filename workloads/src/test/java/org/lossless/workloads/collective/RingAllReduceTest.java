package org.lossless.workloads.collective;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.Message;

class RingAllReduceTest {
    @Test
    void smallRingIsAChainOfTwoNMinusOneStepsEachPayingWireAndStepLatency() {
        // 4 ranks, 64 KiB: 16 KiB per rank and step, one non-empty slice per step
        CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 4).size(64 << 10).build());
        List<Message> all = Jobs.record(4, p);
        List<Message> data = Jobs.data(all);
        assertEquals(4 * 6, data.size());
        assertEquals(4 * 6, all.size() - data.size(), "one clear-to-send per data message");
        for (Message m : data) {
            assertEquals(16 << 10, m.bytes());
            assertEquals((m.connection().srcHost() + 1) % 4, m.connection().dstHost());
        }
        // first send waits for the first clear-to-send (64 B + 1 us) and the sender's clear-to-send delay; then 6 hops of (16 KiB + 1 us) and
        // 5 step latencies between them, and the last receive's step latency
        long cts = Jobs.ser(64) + Jobs.LAT + Jobs.CTS_DELAY;
        long expected = cts + 6 * (Jobs.ser(16 << 10) + Jobs.LAT) + 6 * 5 * Jobs.US;
        JobIteration it = p.jobIterations().get(0);
        assertEquals(expected, it.durationPs());
        assertEquals(1.5, it.busbwFactor(), 1e-12);
    }

    @Test
    void theSenderActsOnAClearToSendItsDelayAfterItArrivesWhereItWaitsForTheSlot() {
        // the same ring: only the first send waits for its slot (every later slot is granted while its sender
        // still waits for the data), so the delay appears once: 0 gives the chain of the test above without it
        long chain = Jobs.ser(64) + Jobs.LAT + 6 * (Jobs.ser(16 << 10) + Jobs.LAT) + 6 * 5 * Jobs.US;
        for (long delay : new long[] {0, 3 * Jobs.US}) {
            CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 4).size(64 << 10).ctsDelay(delay)
                    .build());
            Jobs.record(4, p);
            assertEquals(chain + delay, p.jobIterations().get(0).durationPs(), "cts_delay " + delay);
        }
    }

    @Test
    void itsMinimumReactionDelayIsTheLeastOfTheClearToSendDelayAndTheNetworkStep() {
        assertEquals(773_000, new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 4).build()).minReactionDelayPs());
        assertEquals(0, new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 4).ctsDelay(0).build()).minReactionDelayPs());
        assertEquals(0, new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 4).latencies(0, 0, 0).build())
                .minReactionDelayPs(), "step_latency 0");
        assertEquals(400_000, new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 4).latencies(0, 400_000, 0).build())
                .minReactionDelayPs());
        // step_latency auto: NCCL's least network step, ring LL's 2.7 us, whatever the tuner picks later
        assertEquals(2_700_000, new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 4).latencies(-1, -1, -1)
                .ctsDelay(4 * Jobs.US).build()).minReactionDelayPs());
    }

    @Test
    void everyStepWaitsForThePreviousStepFromThePredecessorAndForItsClearToSend() {
        CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 4).size(64 << 10).build());
        List<Message> all = Jobs.record(4, p);
        Map<Long, Message> byId = new HashMap<>();
        all.forEach(m -> byId.put(m.id(), m));
        for (Message m : Jobs.data(all)) {
            long[] deps = m.tag().dependsOn();
            int src = m.connection().srcHost();
            int step = m.tag().step();
            Message cts = byId.get(deps[deps.length - 1]);
            assertEquals("cts", cts.tag().operation());
            assertEquals(src, cts.connection().dstHost());
            if (step == 0) {
                assertEquals(1, deps.length);
            } else {
                assertEquals(2, deps.length);
                Message in = byId.get(deps[0]);
                assertEquals(step - 1, in.tag().step());
                assertEquals(src, in.connection().dstHost());
                assertTrue(m.postPs() >= in.deliveredPs() + 5 * Jobs.US);
            }
        }
    }

    @Test
    void bytesPerNeighbourAreTwoNMinusOneOverNOfTheBufferAcrossLoopsAndSlices() {
        // 20 MiB over 4 ranks: loops of 4 x 2 MiB -> 8 + 8 + 4 MiB; 2 slices per chunk
        CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 4).size(20 << 20).build());
        List<Message> data = Jobs.data(Jobs.record(4, p));
        long[] perPair = new long[4];
        for (Message m : data) {
            perPair[m.connection().srcHost()] += m.bytes();
        }
        long expect = 2L * 3 * (20 << 20) / 4;
        assertArrayEquals(new long[] {expect, expect, expect, expect}, perPair);
        // 3 loops x 6 steps x 2 slices per rank; full loops carry 1 MiB slices, the last 512 KiB
        assertEquals(4 * 3 * 6 * 2, data.size());
        assertEquals(4 * 2 * 6 * 2, data.stream().filter(m -> m.bytes() == 1 << 20).count());
        assertEquals(4 * 6 * 2, data.stream().filter(m -> m.bytes() == 512 << 10).count());
    }

    @Test
    void aConnectionNeverHasMoreThanFourSlicesBetweenClearToSendAndConsumption() {
        CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 2).size(64 << 20).build());
        List<Message> all = Jobs.record(2, p);
        // per direction: cts messages are the slot grants; data k needs grant k
        for (int src = 0; src < 2; src++) {
            int s = src;
            List<Message> d = Jobs.data(all).stream().filter(m -> m.connection().srcHost() == s).toList();
            List<Message> g = all.stream().filter(m -> "cts".equals(m.tag().operation()) && m.connection().dstHost() == s)
                    .toList();
            assertEquals(d.size(), g.size());
            for (int k = 0; k < d.size(); k++) {
                assertTrue(d.get(k).postPs() >= g.get(k).deliveredPs());
                if (k >= 4) {
                    // grant k is sent only after data k-4 was delivered (and consumed)
                    assertTrue(g.get(k).postPs() >= d.get(k - 4).deliveredPs());
                }
            }
        }
    }

    @Test
    void channelsSplitTheBufferOverTheirOwnConnections() {
        CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 4).size(8 << 20).channels(4).build());
        List<Message> data = Jobs.data(Jobs.record(4, p));
        Map<Integer, Long> perChannel = new HashMap<>();
        for (Message m : data) {
            perChannel.merge(m.tag().channel(), m.bytes(), Long::sum);
            assertEquals(m.tag().channel(), m.connection().id() / 2 / 4, "lanes are created channel by channel");
        }
        assertEquals(4, perChannel.size());
        perChannel.values().forEach(v -> assertEquals(4 * 6 * (2L << 20) / 4, v));
    }

    @Test
    void iterationsFollowEachOtherAfterTheGap() {
        CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 4).size(64 << 10)
                .iterations(3, 50 * Jobs.US).latencies(3 * Jobs.US, 5 * Jobs.US, 0).build());
        Jobs.record(4, p);
        List<JobIteration> rows = p.jobIterations();
        assertEquals(3, rows.size());
        assertTrue(p.finished());
        for (int i = 1; i < 3; i++) {
            assertEquals(rows.get(i - 1).finishPs() + 50 * Jobs.US, rows.get(i).startPs());
            assertEquals(rows.get(0).durationPs(), rows.get(i).durationPs());
        }
        long cts = Jobs.ser(64) + Jobs.LAT + Jobs.CTS_DELAY;
        assertEquals(3 * Jobs.US + cts + 6 * (Jobs.ser(16 << 10) + Jobs.LAT) + 6 * 5 * Jobs.US, rows.get(0).durationPs());
    }
}
