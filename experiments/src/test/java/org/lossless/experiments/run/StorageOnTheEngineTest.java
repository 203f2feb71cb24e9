package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.StarTopology;
import org.lossless.workloads.storage.IoMix;
import org.lossless.workloads.storage.NvmeofConfig;
import org.lossless.workloads.storage.NvmeofProgram;
import org.lossless.workloads.storage.ReplicationConfig;
import org.lossless.workloads.storage.ReplicationProgram;
import org.lossless.workloads.traffic.Message;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.OperationStats;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * Storage programs on the packet engine: a star of 100 Gb/s hosts, 1 us links, MTU 1024 (82 B of headers
 * per data packet), PFC on priority 3, no congestion control unless said.
 */
class StorageOnTheEngineTest {
    static final long RATE = 100_000_000_000L;
    static final long US = 1_000_000L;
    static final long KIB = 1024;
    /** Payload bytes per second a 100 Gb/s link carries at most at MTU 1024: 1024 / 1106 of the line. */
    static final double GOODPUT_BYTES_PER_S = RATE / 8.0 * 1024 / 1106;

    static RunResult run(int hosts, TrafficProgram... programs) {
        List<ProgramFactory> factories = new ArrayList<>();
        for (TrafficProgram p : programs) {
            factories.add(() -> p);
        }
        return new PacketEngine().run(new EngineInput(StarTopology.build(hosts, RATE, US), NicConfig.builder().mtu(1024).ackEvery(1).build(),
                new SwitchSettings(null, null, null, null, null, null, null, null, null, null), new Traffic(factories),
                1_000_000 * US, 1, List.of(), EngineInput.DEFAULT_CONVERGENCE_PS, false));
    }

    static NvmeofConfig nvmeof(List<Integer> initiators, List<Integer> targets, IoMix mix, int qd, long ios) {
        return new NvmeofConfig("nvme", initiators, targets, mix, qd, ios, NvmeofConfig.UNLIMITED, 0, 0,
                NvmeofConfig.DEFAULT_INLINE, NvmeofConfig.DEFAULT_MDTS, NvmeofConfig.DEFAULT_RDMA_OP,
                NvmeofConfig.DEFAULT_RDMA_OP, 0, NvmeofConfig.Spread.STRIPE, 3);
    }

    static List<Integer> range(int from, int to) {
        List<Integer> out = new ArrayList<>();
        for (int h = from; h <= to; h++) {
            out.add(h);
        }
        return out;
    }

    /** Per initiator: the most commands in flight at once (capsule post to capsule ack and completion both in). */
    static Map<Integer, Integer> maxInFlight(List<Message> ms) {
        Map<String, long[]> spans = new LinkedHashMap<>();
        Map<String, Integer> owner = new LinkedHashMap<>();
        for (Message m : ms) {
            String key = m.tag().iteration() + "/" + m.tag().step();
            long[] s = spans.computeIfAbsent(key, k -> new long[] {-1, -1, -1});
            if (m.tag().operation().endsWith("-capsule")) {
                s[0] = m.postPs();
                s[1] = m.ackedPs();
                owner.put(key, m.connection().srcHost());
            } else if (m.tag().operation().endsWith("-completion")) {
                s[2] = m.deliveredPs();
            }
        }
        Map<Integer, List<long[]>> events = new TreeMap<>();
        for (Map.Entry<String, long[]> e : spans.entrySet()) {
            long[] s = e.getValue();
            assertTrue(s[1] >= 0 && s[2] >= 0, "command " + e.getKey() + " completed");
            List<long[]> ev = events.computeIfAbsent(owner.get(e.getKey()), k -> new ArrayList<>());
            ev.add(new long[] {s[0], 1});
            ev.add(new long[] {Math.max(s[1], s[2]), -1});
        }
        Map<Integer, Integer> out = new TreeMap<>();
        events.forEach((host, ev) -> {
            ev.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
            int now = 0;
            int max = 0;
            for (long[] e : ev) {
                now += (int) e[1];
                max = Math.max(max, now);
            }
            out.put(host, max);
        });
        return out;
    }

    @Test
    void thirtyTwoInitiatorsReadingFromOneTargetBurstOutOfItsPortAndCompleteEveryIo() {
        NvmeofProgram p = new NvmeofProgram(nvmeof(range(1, 32), List.of(0), IoMix.of(128 * KIB, 1.0), 4, 8));
        Recorded rec = new Recorded(p);
        RunResult r = run(33, rec);
        assertEquals(256, p.completedIos());
        assertTrue(r.flows().stream().allMatch(FlowResult::finished));
        // the burst: before the first completion reaches a host, the target has queued read data for every
        // command of every queue, 32 x 4 x 128 KiB = 16 MiB, all leaving through its one port
        long firstCompletion = rec.tagged("read-completion").stream().mapToLong(Message::deliveredPs).min().orElseThrow();
        long burst = rec.tagged("read-data").stream().filter(m -> m.postPs() < firstCompletion).mapToLong(Message::bytes)
                .sum();
        assertEquals(32L * 4 * 128 * KIB, burst);
        // that port is the bottleneck and stays busy: the job moves 32 MiB at 98 % or more of the link's goodput
        // (it cannot exceed it); the switch never queues more than two frames toward an initiator
        OperationStats s = p.operationStats().get(0);
        double bytesPerS = s.bytes() / (s.windowPs() / 1e12);
        assertTrue(bytesPerS <= GOODPUT_BYTES_PER_S && bytesPerS >= 0.98 * GOODPUT_BYTES_PER_S,
                "throughput " + bytesPerS / 1e9 + " GB/s");
        // Little's law: 128 commands always outstanding at the target's port, each waits for the 127 ahead:
        // latency = 128 x 128 KiB / goodput = 1.449 ms
        double little = 128 * 128 * KIB / GOODPUT_BYTES_PER_S * 1e12;
        System.out.printf(java.util.Locale.ROOT, "Storage, 32 initiators x QD 4 x 128 KiB reads: %d/256 I/Os, burst %d B,"
                + " throughput %.1f %% of goodput, median latency %.4f ms (Little's law %.4f ms)%n", p.completedIos(),
                burst, 100 * bytesPerS / GOODPUT_BYTES_PER_S, s.p50Ps() / 1e9, little / 1e9);
        assertEquals(1.0, s.p50Ps() / little, 0.01, "median latency " + s.p50Ps() + " ps");
        for (PortResult port : r.ports()) {
            if (!port.node().equals("sw0")) {
                continue;
            }
            if (port.peer().equals("h0")) {
                // the commands' burst into the target: the 32 initiators send their 4 capsules (64 B + 62 B of
                // frame headers) back to back, in lockstep: 128 frames arrive in 4 frame times while the port
                // sends 4, so 124 wait at the peak
                System.out.printf("Storage, capsule burst into the target's port: peak %d B%n", port.maxQueueBytes());
                assertEquals(124 * (64 + 62), port.maxQueueBytes());
            } else {
                // read data passes through: at most the one frame being forwarded (1024 + 62 + 16 B of RETH)
                assertTrue(port.maxQueueBytes() <= 1102, port.toString());
            }
        }
        assertEquals(Map.of(), new TreeMap<>(maxInFlight(rec.posted)).entrySet().stream()
                .filter(e -> e.getValue() != 4).collect(java.util.stream.Collectors.toMap(Map.Entry::getKey,
                        Map.Entry::getValue)));
    }

    @Test
    void aOneMebibyteWriteIsOneCapsuleAndNineRdmaReadsOnTheWire() {
        NvmeofProgram p = new NvmeofProgram(nvmeof(List.of(1), List.of(0), IoMix.of(1024 * KIB, 0.0), 1, 1));
        Recorded rec = new Recorded(p);
        RunResult r = run(2, rec);
        List<String> rows = new ArrayList<>();
        for (FlowResult f : r.flows()) {
            assertTrue(f.finished());
            rows.add(f.label().op() + " h" + f.src() + "->h" + f.dst() + " " + f.sizeBytes() + " " + f.label().operation());
        }
        List<String> expected = new ArrayList<>();
        expected.add("send h1->h0 64 write-capsule");
        for (int i = 0; i < 8; i++) {
            expected.add("read h1->h0 122880 write-data");
        }
        expected.add("read h1->h0 65536 write-data");
        expected.add("send h0->h1 16 write-completion");
        assertEquals(expected, rows);
        Message completion = rec.tagged("write-completion").get(0);
        long lastRead = rec.tagged("write-data").stream().mapToLong(Message::deliveredPs).max().orElseThrow();
        assertEquals(lastRead, completion.postPs(), "the completion goes out when the last READ's data is in");
        // the data crosses the host's link at most at its goodput: 1 MiB / (100 Gb/s x 1024/1106) = 90.6 us
        System.out.printf(java.util.Locale.ROOT, "Storage, 1 MiB write: latency %.1f us%n",
                p.operationStats().get(0).p50Ps() / 1e6);
        assertTrue(p.operationStats().get(0).p50Ps() > 90_600_000L);
    }

    @Test
    void queueDepthBoundsOutstandingCommandsAtEveryInstantUnderContention() {
        Map<Long, Double> sizes = new LinkedHashMap<>();
        sizes.put(4 * KIB, 0.5);
        sizes.put(128 * KIB, 0.3);
        sizes.put(2048 * KIB, 0.2);
        NvmeofProgram p = new NvmeofProgram(nvmeof(range(2, 9), List.of(0, 1), IoMix.of(sizes, 0.6), 4, 25));
        Recorded rec = new Recorded(p);
        run(10, rec);
        assertEquals(200, p.completedIos());
        Map<Integer, Integer> max = maxInFlight(rec.posted);
        assertEquals(8, max.size());
        max.values().forEach(v -> assertEquals(4, v));
    }

    @Test
    void replicationAcksOnlyAfterTheSlowerReplica() {
        // three OSDs, pool size 3: every write goes to all of them; a 20 MB flow into OSD 2 slows its copies
        ReplicationProgram p = new ReplicationProgram(new ReplicationConfig("ceph", List.of(3), List.of(0, 1, 2), 3,
                1_000_000, 2, 8, NvmeofConfig.UNLIMITED, 0, 0, 0, 64, 3));
        Recorded rec = new Recorded(p);
        StaticFlows background = new StaticFlows("bg", List.of(new FlowSpec("bg", 4, 2, 20_000_000, 0, 3)));
        RunResult r = run(5, rec, background.newProgram());
        assertTrue(r.flows().stream().allMatch(FlowResult::finished));
        assertEquals(8, p.completedWrites());
        // client -> primary, then two copies through the primary's one port: at least 3 MB at the link's goodput
        double floorPs = 3 * 1_000_000 / GOODPUT_BYTES_PER_S * 1e12;
        Map<Integer, List<Message>> writes = new TreeMap<>();
        rec.posted.forEach(m -> writes.computeIfAbsent(m.tag().iteration(), k -> new ArrayList<>()).add(m));
        int slowerWasOsd2 = 0;
        for (List<Message> w : writes.values()) {
            Message data = w.stream().filter(m -> m.tag().operation().equals("write-data")).findFirst().orElseThrow();
            Message ack = w.stream().filter(m -> m.tag().operation().equals("ack")).findFirst().orElseThrow();
            List<Message> acks = w.stream().filter(m -> m.tag().operation().equals("replica-ack")).toList();
            assertEquals(2, acks.size());
            Message slower = acks.get(0).deliveredPs() >= acks.get(1).deliveredPs() ? acks.get(0) : acks.get(1);
            assertEquals(slower.deliveredPs(), ack.postPs(), "acked the moment the slower replica's ack is in");
            long latency = ack.deliveredPs() - data.postPs();
            assertTrue(latency >= slower.deliveredPs() - data.postPs());
            assertTrue(latency > floorPs, "latency " + latency + " ps");
            System.out.printf(java.util.Locale.ROOT, "Storage, replication write %d: latency %.0f us%n",
                    data.tag().iteration(), latency / 1e6);
            slowerWasOsd2 += slower.connection().srcHost() == 2 ? 1 : 0;
        }
        // while the background flow runs, OSD 2 is the slower replica whenever it is a secondary
        assertTrue(slowerWasOsd2 > 0);
        assertEquals(Verb.SEND, rec.tagged("replicate").get(0).op());
    }
}
