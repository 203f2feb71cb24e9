package org.lossless.workloads.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.MessageSize;
import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;
import org.lossless.workloads.collective.Algorithm;
import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.collective.CollectiveProgram;
import org.lossless.workloads.collective.GpuServers;
import org.lossless.workloads.collective.Protocol;
import org.lossless.workloads.collective.RingOrder;
import org.lossless.workloads.collective.TunerMode;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.RecordingContext;

class DagProgramTest {
    private static final long RATE = 100_000_000_000L;
    private static final long LAT = 1_000_000L;

    private static List<Message> record(Topology t, org.lossless.workloads.traffic.TrafficProgram p) {
        return new RecordingContext(t, 1000, 1, RATE, LAT).run(List.of(p), Long.MAX_VALUE);
    }

    /** The graph of recorded messages (ids are dense from 0): delay = post - last dependency delivered. */
    static List<DagMessage> graphOf(List<Message> recorded) {
        List<DagMessage> out = new ArrayList<>();
        for (Message m : recorded) {
            long[] deps = m.tag().dependsOn();
            int[] at = new int[deps.length];
            long last = -1;
            for (int k = 0; k < deps.length; k++) {
                at[k] = (int) deps[k];
                last = Math.max(last, recorded.get(at[k]).deliveredPs());
            }
            out.add(new DagMessage(m.connection().srcHost(), m.connection().dstHost(), m.size(), last < 0 ? m.postPs() : 0,
                    m.connection().options().priority(), 1, "c" + m.connection().id(), at,
                    last < 0 ? 0 : m.postPs() - last));
        }
        return out;
    }

    @Test
    void aReplayedRingAllReduceSendsEveryMessageAtTheSameTime() {
        Topology star = StarTopology.build(4, RATE, LAT);
        CollectiveJob job = new CollectiveJob("ar", Collective.ALLREDUCE, Algorithm.RING, Protocol.SIMPLE,
                IntStream.range(0, 4).boxed().toList(), 3 << 20, 2, 2, 0, 10_000_000, ConnectionOptions.of(3), -1, -1, -1,
                RingOrder.RAIL, true, 0, null, GpuServers.ONE_PER_HOST, TunerMode.SIMULATOR);
        CollectiveProgram p = new CollectiveProgram(job);
        List<Message> original = record(star, p);
        List<DagMessage> graph = graphOf(original);
        graph.forEach(d -> assertTrue(d.delayPs() >= 0));
        List<Message> replay = record(star, new DagProgram("replay", graph));
        assertEquals(original.size(), replay.size());
        for (int i = 0; i < original.size(); i++) {
            assertEquals(original.get(i).postPs(), replay.get(i).postPs(), "message " + i);
            assertEquals(original.get(i).deliveredPs(), replay.get(i).deliveredPs());
            assertEquals(original.get(i).bytes(), replay.get(i).bytes());
        }
        long lastDelivery = replay.stream().mapToLong(Message::deliveredPs).max().orElseThrow();
        // the job ends one step latency (14 us, ring Simple one GPU per host) after its last delivery
        assertEquals(p.jobIterations().get(1).finishPs(), lastDelivery + 14_000_000L);
    }

    @Test
    void dependenciesMustPointBackwardsAndAConnectionKeepsItsHosts() {
        assertThrows(IllegalArgumentException.class, () -> new DagProgram("x",
                List.of(new DagMessage(0, 1, MessageSize.of(10), 0, 3, 1, null, new int[] {0}, 0))));
        assertThrows(IllegalArgumentException.class, () -> new DagProgram("x", List.of(
                new DagMessage(0, 1, MessageSize.of(10), 0, 3, 1, "a", null, 0), new DagMessage(0, 2,
                        MessageSize.of(10), 0, 3, 1, "a", null, 0))));
    }

    @Test
    void aDependentMessageWaitsForDeliveryPlusItsDelay() {
        // 0 -> 1 (10,000 B: 800 ns + 1 us), then 1 -> 2 posted 3 us after that delivery
        List<Message> ms = record(StarTopology.build(3, RATE, LAT), new DagProgram("x", List.of(
                new DagMessage(0, 1, MessageSize.of(10_000), 0, 3, 1, null, null, 0),
                new DagMessage(1, 2, MessageSize.of(10_000), 0, 3, 1, null, new int[] {0}, 3_000_000))));
        assertEquals(1_800_000, ms.get(0).deliveredPs());
        assertEquals(4_800_000, ms.get(1).postPs());
        assertEquals(ms.get(0).id(), ms.get(1).tag().dependsOn()[0]);
    }
}
