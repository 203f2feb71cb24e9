package org.lossless.workloads.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.lossless.topology.StarTopology;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.OperationStats;
import org.lossless.workloads.traffic.RecordingContext;

/** Replicated writes on the recording context (100 Gb/s = 80 ps per byte per connection, 1 us latency). */
class ReplicationProgramTest {
    static final long RATE = 100_000_000_000L;
    static final long LAT = 1_000_000L;

    static ReplicationConfig cfg(List<Integer> clients, List<Integer> osds, int replicas, long object, int outstanding,
                                 long writes, long osdLatency) {
        return new ReplicationConfig("ceph", clients, osds, replicas, object, outstanding, writes,
                NvmeofConfig.UNLIMITED, 0, 0, osdLatency, 64, 3);
    }

    record Run(ReplicationProgram program, List<Message> messages) {
    }

    static Run run(ReplicationConfig c, int hosts) {
        ReplicationProgram p = new ReplicationProgram(c);
        return new Run(p, new RecordingContext(StarTopology.build(hosts, RATE, LAT), 1024, 11, RATE, LAT)
                .run(List.of(p), Long.MAX_VALUE));
    }

    /** Messages of each write, by the write's number. */
    static Map<Integer, List<Message>> byWrite(List<Message> ms) {
        Map<Integer, List<Message>> out = new TreeMap<>();
        for (Message m : ms) {
            out.computeIfAbsent(m.tag().iteration(), k -> new ArrayList<>()).add(m);
        }
        return out;
    }

    static Message only(List<Message> ms, String op) {
        List<Message> l = ms.stream().filter(m -> m.tag().operation().equals(op)).toList();
        assertEquals(1, l.size(), op);
        return l.get(0);
    }

    @Test
    void oneWriteGoesClientToPrimaryToBothSecondariesAndBackAsComputedByHand() {
        Run r = run(cfg(List.of(3), List.of(0, 1, 2), 3, 1_000_000, 1, 1, 0), 4);
        List<String> ops = r.messages.stream().map(m -> m.tag().operation()).toList();
        assertEquals(List.of("write-data", "replicate", "replicate", "replica-ack", "replica-ack", "ack"), ops);
        Message data = r.messages.get(0);
        int primary = data.connection().dstHost();
        Set<Integer> secondaries = new HashSet<>();
        for (Message m : r.messages.subList(1, 3)) {
            assertEquals(primary, m.connection().srcHost());
            secondaries.add(m.connection().dstHost());
        }
        Set<Integer> all = new HashSet<>(secondaries);
        all.add(primary);
        assertEquals(Set.of(0, 1, 2), all);
        // 1 MB: 80 us + 1 us to the primary; the copies leave together: + 81 us; acks (64 B) + 5,120 ps + 1 us;
        // the client's ack: + 5,120 ps + 1 us
        assertEquals(81_000_000L, data.deliveredPs());
        assertEquals(162_000_000L, r.messages.get(1).deliveredPs());
        assertEquals(163_005_120L, r.messages.get(4).deliveredPs());
        assertEquals(163_005_120L, r.messages.get(5).postPs());
        assertEquals(164_010_240L, r.messages.get(5).deliveredPs());
        OperationStats s = r.program.operationStats().get(0);
        assertEquals(164_010_240L, s.p50Ps());
        assertEquals(1_000_000L, s.bytes());
    }

    @Test
    void theOsdLatencyOfTheSecondariesIsOnThePathAndThePrimarysOverlapsIt() {
        Run r = run(cfg(List.of(3), List.of(0, 1, 2), 3, 1_000_000, 1, 1, 50_000_000L), 4);
        assertEquals(164_010_240L + 50_000_000L, r.program.operationStats().get(0).p50Ps());
    }

    @Test
    void theClientIsAckedOnlyAfterTheSlowerReplicaUnderContention() {
        Run r = run(cfg(List.of(5, 6), List.of(0, 1, 2, 3, 4), 3, 256_000, 4, 60, 0), 7);
        Map<Integer, List<Message>> writes = byWrite(r.messages);
        assertEquals(120, writes.size());
        int unequal = 0;
        for (List<Message> w : writes.values()) {
            Message data = only(w, "write-data");
            Message ack = only(w, "ack");
            List<Message> replicaAcks = w.stream().filter(m -> m.tag().operation().equals("replica-ack")).toList();
            assertEquals(2, replicaAcks.size());
            long slower = Math.max(replicaAcks.get(0).deliveredPs(), replicaAcks.get(1).deliveredPs());
            // the primary acks the moment the slower replica's ack arrives, not before
            assertEquals(slower, ack.postPs());
            assertTrue(ack.deliveredPs() - data.postPs() >= slower - data.postPs());
            unequal += replicaAcks.get(0).deliveredPs() != replicaAcks.get(1).deliveredPs() ? 1 : 0;
        }
        // contention on the primaries' connections makes the two replicas' paths differ
        assertNotEquals(0, unequal);
        assertEquals(120, r.program.completedWrites());
    }

    @Test
    void aPoolOfSizeOneAcksWhenThePrimaryHasTheObject() {
        Run r = run(cfg(List.of(3), List.of(0, 1, 2), 1, 1000, 1, 1, 0), 4);
        assertEquals(List.of("write-data", "ack"), r.messages.stream().map(m -> m.tag().operation()).toList());
    }

    @Test
    void outstandingWritesAreBoundedPerClient() {
        Run r = run(cfg(List.of(6), List.of(0, 1, 2, 3, 4, 5), 3, 100_000, 3, 40, 0), 7);
        List<long[]> events = new ArrayList<>();
        for (List<Message> w : byWrite(r.messages).values()) {
            events.add(new long[] {only(w, "write-data").postPs(), 1});
            events.add(new long[] {only(w, "ack").deliveredPs(), -1});
        }
        events.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        int now = 0;
        int max = 0;
        for (long[] e : events) {
            now += (int) e[1];
            max = Math.max(max, now);
        }
        assertEquals(3, max);
    }

    @Test
    void primariesAreSpreadEvenlyOverTheOsds() {
        Run r = run(cfg(List.of(6), List.of(0, 1, 2, 3, 4, 5), 3, 1000, 8, 3000, 0), 7);
        int[] primary = new int[6];
        for (Message m : r.messages) {
            if (m.tag().operation().equals("write-data")) {
                primary[m.connection().dstHost()]++;
            }
        }
        // binomial(3000, 1/6): 3 sigma = 3 x sqrt(3000 x 1/6 x 5/6) = 61
        for (int n : primary) {
            assertEquals(500, n, 61);
        }
    }

    @Test
    void badConfigurationsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> cfg(List.of(3), List.of(0, 1), 3, 1000, 1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> cfg(List.of(1), List.of(0, 1, 2), 3, 1000, 1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> cfg(List.of(3), List.of(0, 1, 2), 3, 1000, 0, 1, 0));
        assertThrows(IllegalArgumentException.class,
                () -> cfg(List.of(3), List.of(0, 1, 2), 3, 1000, 1, NvmeofConfig.UNLIMITED, 0));
    }
}
