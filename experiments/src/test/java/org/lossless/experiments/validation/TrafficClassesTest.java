package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.PortCounters;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.run.PacketNetwork;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.lint.Finding;
import org.lossless.experiments.lint.QosMapLint;
import org.lossless.experiments.results.FlowExport;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.nic.Flow;
import org.lossless.workloads.traffic.Message;

/**
 * Traffic classes end to end, from scenario keys: the NIC marks a DSCP per workload, the switch maps it to a
 * traffic class, a priority group (buffer accounting, PFC) and a queue (scheduling).
 */
class TrafficClassesTest {
    private static final long US = 1_000_000L;

    private static Scenario scenario(String yaml) {
        return ScenarioLoader.parse("t.yaml", yaml, Path.of("."), List.of());
    }

    private static RunResult run(Scenario s, PacketEngine.Instrument instrument) {
        return new PacketEngine().run(ScenarioEngine.input(s), null, instrument);
    }

    private static PortResult row(RunResult r, String node, int port, int priority) {
        return r.ports().stream().filter(p -> p.node().equals(node) && p.port() == port && p.priority() == priority)
                .findFirst().orElse(new PortResult(node, port, "", priority, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    }

    /**
     * A storage job on a lossy class and a training job on a lossless class share the port to h2 of a 3-host
     * star (100 Gb/s, 1 us) with DWRR 1 : 3. The storage sender h0 sends on NIC priority 0 marked DSCP 10, the
     * training sender h1 on priority 3 marked DSCP 26; the switch maps DSCP 10 to traffic class 1 (queue 1, no
     * PFC) and DSCP 26 to class 3 (queue 3, PFC). Queue 0 gets weight 3: a switch that classified by the NIC's
     * priority would put the storage job there and give it half the link, not a quarter. No congestion control:
     * both senders offer line rate, so both queues stay backlogged; the training sender is held by PFC (its PG pauses at 200 KB), the
     * storage queue grows (75 Gb/s, about 6 MB by the end, far below its 32 MB buffer's lossy limit: no drop).
     *
     * <p>Hand expectation: all data frames in the window are full (1024 B payload, 1086 B frame, 1106 B on the
     * wire), so DWRR byte shares are frame shares, 1/4 and 3/4 of the link; goodput 100 Gb/s x 1024/1106 = 92.59
     * Gb/s of payload, 23.15 and 69.44 Gb/s. Window 100 us to 600 us.
     */
    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS) // one run, two tests of it
    class LossyAndLosslessShareAPortWithDwrr {
        static final String YAML = """
                name: classes
                stop_time: 650us
                topology: {type: star, hosts: 3, host_link: {rate: 100Gbps, delay: 1us}}
                switch:
                  pfc: {enabled: true, priorities: [3], static_th: 200KB}
                  ecn: {enabled: false}
                  qos_map:
                    dscp_to_tc: {10: 1, 26: 3, 48: 6}
                  scheduling: {strict: [6, 7], dwrr: {0: 3, 1: 1, 3: 3}}
                nic: {mtu: 1024, cc: none}
                workloads:
                  - type: flows
                    name: storage
                    flows: [{src: 0, dst: 2, size: 1GB, priority: 0, dscp: 10}]
                  - type: flows
                    name: training
                    flows: [{src: 1, dst: 2, size: 1GB, priority: 3, dscp: 26}]
                """;
        static final long FROM = 100 * US;
        static final long TO = 600 * US;

        /** Bytes sent per queue on the switch's port to h2, and payload received per flow, in the window. */
        final long[] queueBytes = new long[PortCounters.PRIORITIES];
        final long[] payload = new long[2];
        final RunResult r = run(scenario(YAML), new PacketEngine.Instrument() {
            @Override
            public void attach(Scheduler sim, PacketNetwork net, List<Flow> flows) {
                PortCounters c = net.switchAt(net.topology().nodeId("sw0")).port(2).counters();
                sim.schedule(new SimEvent() {
                    private static final long serialVersionUID = 1L;
                    private int sign = -1;

                    @Override
                    protected void fire() {
                        for (int q = 0; q < queueBytes.length; q++) {
                            queueBytes[q] += sign * c.txBytes(q);
                        }
                        for (int f = 0; f < 2; f++) {
                            payload[f] += sign * flows.get(f).receivedBytes();
                        }
                        if (sign < 0) {
                            sign = 1;
                            sim.schedule(this, TO);
                        }
                    }
                }, FROM);
            }
        });

        @Test
        void theyGetTheConfiguredShares() {
            long total = queueBytes[1] + queueBytes[3];
            double storage = (double) queueBytes[1] / total;
            double link = total * 8.0 * 1e12 / (TO - FROM);
            System.out.printf("DWRR 1:3, lossy storage vs lossless training: queue 1 %.4f, queue 3 %.4f of %.2f Gb/s "
                    + "of frames; goodput %.3f / %.3f Gb/s%n", storage, 1 - storage, link / 1e9,
                    payload[0] * 8e12 / (TO - FROM) / 1e9, payload[1] * 8e12 / (TO - FROM) / 1e9);
            assertEquals(0.25, storage, 0.005, "storage's share of the port");
            assertEquals(0.75, 1 - storage, 0.005, "training's share of the port");
            double goodput = 100e9 * 1024 / 1106;
            assertEquals(0.25 * goodput, payload[0] * 8e12 / (TO - FROM), 0.01 * 0.25 * goodput);
            assertEquals(0.75 * goodput, payload[1] * 8e12 / (TO - FROM), 0.01 * 0.75 * goodput);
            assertEquals(0, queueBytes[0], "nothing is queued by the NIC's priority 0");
        }

        @Test
        void pfcHoldsOnlyTheLosslessSenderAndNothingIsDropped() {
            assertEquals(0, r.dropPackets());
            assertTrue(row(r, "sw0", 1, 3).pauseTx() > 0, "the switch pauses h1 (training, lossless)");
            long toStorage = 0;
            for (int p = 0; p < 8; p++) {
                toStorage += row(r, "sw0", 0, p).pauseTx();
            }
            assertEquals(0, toStorage, "no PAUSE ever goes to h0 (storage, lossy)");
        }
    }

    /**
     * NIC and switch disagreeing on the PFC priority, and what it costs. Two senders on NIC priority 3 into h2 of a
     * 3-host star (100 Gb/s, 1 MB buffer, no congestion control), 2 MB each, PFC on priorities 3 and 4. Marked DSCP
     * 26 (traffic class 3) the switch pauses priority 3, which the NICs obey: no drop. Marked DSCP 34 (class 4)
     * the switch accounts them in PG 4 and pauses priority 4, which stops nothing on a NIC sending on priority 3:
     * the PG overflows its headroom (lossless drops). The lint names the hop beforehand.
     */
    @Nested
    class NicAndSwitchDisagree {
        static String yaml(int dscp) {
            return """
                    name: mismatch
                    stop_time: 1ms
                    topology: {type: star, hosts: 3, host_link: {rate: 100Gbps, delay: 1us}}
                    switch:
                      buffer_size: 1MB
                      pfc: {enabled: true, priorities: [3, 4]}
                    nic: {cc: none}
                    workloads:
                      - type: flows
                        flows:
                          - {src: 0, dst: 2, size: 2MB, priority: 3, dscp: %d}
                          - {src: 1, dst: 2, size: 2MB, priority: 3, dscp: %d}
                    """.formatted(dscp, dscp);
        }

        @Test
        void agreeingTheyAreLossless() {
            Scenario s = scenario(yaml(26));
            assertEquals(List.of(), Finding.messages(QosMapLint.of(s)));
            RunResult r = run(s, null);
            assertEquals(0, r.dropPackets());
            assertTrue(row(r, "sw0", 0, 3).pauseTx() > 0);
        }

        @Test
        void disagreeingTheLintNamesTheHopAndTheRunDropsLosslessTraffic() {
            Scenario s = scenario(yaml(34));
            List<String> w = Finding.messages(QosMapLint.of(s));
            assertEquals(1, w.size(), w.toString());
            assertTrue(w.get(0).startsWith("QoS mapping: workloads[0].flows[0], workloads[0].flows[1] (priority 3, DSCP 34): hop NIC "
                    + "-> switch (h0 -> sw0, h1 -> sw0): NIC and switch disagree on the PFC priority"), w.get(0));
            RunResult r = run(s, null);
            System.out.println("NIC priority 3, switch class 4: " + r.dropPackets() + " frames dropped, PAUSE frames "
                    + "for priority 4: " + row(r, "sw0", 0, 4).pauseTx());
            assertTrue(r.dropPackets() > 0, "the NICs never stop: headroom overflows");
            assertTrue(row(r, "sw0", 0, 4).pauseTx() > 0, "the switch did pause priority 4");
            assertEquals(0, row(r, "sw0", 0, 3).pauseTx());
        }
    }

    /**
     * Jobs that are not flow lists mark every packet with their {@code dscp}: the messages of an NVMe-oF job
     * (capsules from the initiator, RDMA WRITEs and completions from the target), of an incast and of a
     * {@code depends_on} flow graph all travel on connections marked as the job says (recorded without a network,
     * as {@code lossless export flows} does).
     */
    @Test
    void everyMessageOfAJobCarriesItsDscp() {
        Scenario s = scenario("""
                name: marks
                topology: {type: star, hosts: 4, host_link: {rate: 100Gbps, delay: 1us}}
                workloads:
                  - {type: nvmeof, name: nvme, initiators: [1], targets: [0], ios: 3, block_size: 8KiB, read_fraction: 1,
                     priority: 0, dscp: 10}
                  - {type: incast, name: burst, receiver: 3, senders: [1, 2], size: 10KB, dscp: 46}
                  - type: flows
                    name: graph
                    flows:
                      - {src: 1, dst: 2, size: 4KB, dscp: 26}
                      - {src: 2, dst: 1, size: 4KB, dscp: 26, depends_on: [0]}
                """);
        List<Message> messages = FlowExport.record(ScenarioEngine.input(s));
        java.util.Map<String, java.util.Set<String>> marks = new java.util.TreeMap<>();
        for (Message m : messages) {
            marks.computeIfAbsent(m.workload(), k -> new java.util.TreeSet<>()).add(m.connection().srcHost() + ":"
                    + m.connection().options().priority() + "/" + m.connection().options().resolvedDscp());
        }
        // nvme: reads = capsule (h1) + RDMA WRITE and completion (h0), on one connection opened by the initiator
        assertEquals(java.util.Map.of("nvme", java.util.Set.of("1:0/10", "0:0/10"), "burst",
                java.util.Set.of("1:3/46", "2:3/46"), "graph", java.util.Set.of("1:3/26", "2:3/26")), marks);
        assertEquals(3 * 3 + 2 + 2, messages.size(), "3 reads of 3 messages, 2 incast messages, 2 flows");
    }

    /**
     * A job's DSCP decides its class in the switches, not its NIC priority: an incast (2 senders x 2 MB into h2 of a
     * 3-host star, 1 MB buffer, no congestion control, PFC on 3 and 4) on NIC priority 3 marked DSCP 34 lands on
     * traffic class 4, so the switch pauses priority 4, which stops nothing: lossless drops, and the lint names the
     * job and the hop beforehand. Marked 26 (class 3): no finding, no drop. The same as {@link NicAndSwitchDisagree}
     * with flows, for a job the workloads module generates.
     */
    @Nested
    class AnIncastJobOnTheWrongClass {
        static String yaml(int dscp) {
            return """
                    name: incast-class
                    stop_time: 1ms
                    topology: {type: star, hosts: 3, host_link: {rate: 100Gbps, delay: 1us}}
                    switch:
                      buffer_size: 1MB
                      pfc: {enabled: true, priorities: [3, 4]}
                    nic: {cc: none}
                    workloads:
                      - {type: incast, receiver: 2, senders: [0, 1], size: 2MB, priority: 3, dscp: %d}
                    """.formatted(dscp);
        }

        @Test
        void markedForItsPriorityItIsLossless() {
            Scenario s = scenario(yaml(26));
            assertEquals(List.of(), Finding.messages(QosMapLint.of(s)));
            RunResult r = run(s, null);
            assertEquals(0, r.dropPackets());
            assertTrue(row(r, "sw0", 0, 3).pauseTx() > 0);
        }

        @Test
        void markedForAnotherClassTheLintNamesTheJobAndTheRunDrops() {
            Scenario s = scenario(yaml(34));
            List<String> w = Finding.messages(QosMapLint.of(s));
            assertEquals(1, w.size(), w.toString());
            assertTrue(w.get(0).startsWith("QoS mapping: workloads[0] (priority 3, DSCP 34): hop NIC -> switch (h0 -> sw0): NIC and "
                    + "switch disagree on the PFC priority"), w.get(0));
            RunResult r = run(s, null);
            System.out.println("incast job, NIC priority 3, switch class 4: " + r.dropPackets() + " frames dropped");
            assertTrue(r.dropPackets() > 0, "the NICs never stop: headroom overflows");
            assertTrue(row(r, "sw0", 0, 4).pauseTx() > 0, "the switch did pause priority 4");
            assertEquals(0, row(r, "sw0", 0, 3).pauseTx());
        }
    }
}
