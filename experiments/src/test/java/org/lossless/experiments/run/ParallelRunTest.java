package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import java.nio.file.Path;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.LeafSpineSpec;
import org.lossless.topology.types.RingSpec;

/**
 * Packet runs on the partitioned engine give the same results whatever the number of threads (and so of
 * partitions): every field of the result but the wall and CPU time, compared as text.
 */
class ParallelRunTest {
    private static final long US = 1_000_000L;

    /** Everything a run reports that must not depend on the threads (not its wall time, CPU or heap). */
    static String fingerprint(RunResult r) {
        return String.join("\n", "end " + r.simTimePs(), "events " + r.events(), "flows " + r.flows(),
                "ports " + r.ports(), "drops " + r.dropPackets() + " " + r.dropBytes(), "pauses " + r.pauseFrames()
                        + " " + r.pausedPs(), "deadlock " + r.deadlock() + " " + r.deadlockCycle(),
                "ecn " + r.ecnMarked() + " cnp " + r.cnpSent(), "graph " + r.pauseGraph().edges(), "jobs " + r.jobs(),
                "stopped " + r.stoppedBy());
    }

    static RunResult run(EngineInput in, int threads) {
        return new PacketEngine(null, new PacketEngine.Parallelism(threads, null, null)).run(in);
    }

    /** Runs {@code in} with each thread count and checks one result; returns it. */
    static RunResult sameForAll(EngineInput in, int... threads) {
        RunResult first = run(in, threads[0]);
        String expected = fingerprint(first);
        for (int i = 1; i < threads.length; i++) {
            assertEquals(expected, fingerprint(run(in, threads[i])), threads[i] + " threads");
        }
        return first;
    }

    @Nested
    class Incast {
        /** Leaf-spine 2x2, 4 hosts a leaf: the hosts of leaf0 and three of leaf1 send 2 MB to host 7 (leaf1). */
        EngineInput input() {
            Topology t = new LeafSpineSpec(2, 2, 4, LinkSpec.gbps(100, 1000), LinkSpec.gbps(100, 1000)).build();
            List<FlowSpec> flows = new ArrayList<>();
            for (int h = 0; h < 7; h++) {
                flows.add(new FlowSpec("incast", h, 7, 1_000_000, 0, 3));
            }
            // 2 MB of shared buffer: the incast fills it and leaf1 pauses the spines, which pause leaf0
            SwitchSettings small = new SwitchSettings(null, 2_000_000L, null, null, null, null, null, null, null, null);
            return new EngineInput(t, NicConfig.builder().mtu(1024).ackEvery(1).build(), small, flows, 100_000 * US, 3);
        }

        @Test
        void pausesCrossPartitionsAndTheResultIsTheSameOn1To4Threads() {
            assertEquals(4, RunPartitions.of(input(), 4, null).partitions(), "two leaves with their hosts, two spines");
            RunResult r = sameForAll(input(), 1, 2, 4);
            assertTrue(r.flows().stream().allMatch(FlowResult::finished));
            assertTrue(r.pauseFrames() > 0, "an incast of 7 onto one 100G port pauses");
        }

        /**
         * Against the sequential kernel, which breaks same-instant ties in scheduling order: the same physics, so the
         * incast ends within 1 % (7 MB through one 100 Gb/s port: the drain time is fixed by the bottleneck).
         */
        @Test
        void endsWhenTheSequentialKernelDoes() {
            RunResult seq = new PacketEngine().run(input());
            RunResult par = run(input(), 2);
            System.out.println("incast: sequential ends " + seq.simTimePs() + " ps, partitioned " + par.simTimePs()
                    + " ps; pauses " + seq.pauseFrames() + " / " + par.pauseFrames());
            assertEquals(seq.simTimePs(), par.simTimePs(), 0.01 * seq.simTimePs());
        }
    }

    static RunResult yaml(String text, int threads) {
        Scenario s = ScenarioLoader.parse("t.yaml", text, Path.of("."), List.of());
        return new ScenarioEngine(new PacketEngine.Parallelism(threads, null, null)).run(s);
    }

    static RunResult sameForAll(String text, int... threads) {
        RunResult first = yaml(text, threads[0]);
        String expected = fingerprint(first);
        for (int i = 1; i < threads.length; i++) {
            assertEquals(expected, fingerprint(yaml(text, threads[i])), threads[i] + " threads");
        }
        return first;
    }

    @Nested
    class Scenarios {
        static final String FAT = "topology: {type: fat-tree, k: 4}\n";

        @Test
        void dcqcnPermutationOnAK4FatTree() {
            RunResult r = sameForAll("name: p\n" + FAT + "nic: {mtu: 1024, cc: dcqcn}\nworkloads:\n"
                    + "  - {type: permutation, size: 300KB}\n", 1, 2, 4, 8);
            assertTrue(r.flows().stream().allMatch(FlowResult::finished));
        }

        /**
         * Packets sprayed over every path on go-back-N: reordering makes senders go back and resend packets that their
         * receiver then acknowledges anyway, sometimes after the message's last acknowledgement (the sender had gone
         * back past it). A message's retransmissions are those counted until its last acknowledgement, in its sender's
         * own events; read between windows after the partitions ran on, they differed between 1 and 2 threads.
         */
        @Test
        void sprayedGoBackNCountsTheSameRetransmissionsOn1To4Threads() {
            RunResult r = sameForAll("name: g\nseed: 3\n" + FAT + "nic: {mtu: 4096}\nrouting: {mode: spray}\n"
                    + "workloads:\n  - {type: permutation, size: 700KB}\n", 1, 2, 4);
            assertTrue(r.flows().stream().mapToLong(FlowResult::retransmits).sum() > 0, "reordering makes resends");
        }

        /**
         * An incast of three rounds 5 us apart: a round's last delivery arms the next round 5 us later, so the program
         * declares that delay and the partitions run on past deliveries; with {@code gap: 0} every delivery may end a
         * window at its instant. Both give one result on 1, 2 and 4 threads; the gap gives fewer windows.
         */
        @Test
        void anIncastsGapLetsThePartitionsRunOnPastADelivery() {
            String incast = "name: i\n" + FAT + "nic: {mtu: 1024}\nworkloads:\n"
                    + "  - {type: incast, receiver: 0, senders: \"4-15\", size: 100KB, repeat: 3, gap: %s}\n";
            List<org.lossless.core.kernel.ParallelStats> gap = new ArrayList<>();
            List<org.lossless.core.kernel.ParallelStats> none = new ArrayList<>();
            RunResult r = sameForAll(incast.formatted("5us"), 1, 2, 4);
            assertEquals(3, r.jobs().size(), r.jobs().toString());
            sameForAll(incast.formatted("0us"), 1, 2);
            new ScenarioEngine(new PacketEngine.Parallelism(2, null, null, gap::add))
                    .run(ScenarioLoader.parse("t.yaml", incast.formatted("5us"), Path.of("."), List.of()));
            new ScenarioEngine(new PacketEngine.Parallelism(2, null, null, none::add))
                    .run(ScenarioLoader.parse("t.yaml", incast.formatted("0us"), Path.of("."), List.of()));
            System.out.println("incast: windows " + none.get(0).windows() + " with gap 0, " + gap.get(0).windows()
                    + " with 5 us");
            assertTrue(gap.get(0).windows() < none.get(0).windows(), gap.get(0).windows() + " windows with the gap, "
                    + none.get(0).windows() + " without");
        }

        @Test
        void hpccIncastWhoseTelemetryCrossesPartitions() {
            RunResult r = sameForAll("name: h\n" + FAT + "nic: {mtu: 1024, cc: hpcc}\nworkloads:\n"
                    + "  - {type: incast, receiver: 0, senders: \"4-15\", size: 200KB}\n", 1, 2, 4);
            assertTrue(r.flows().stream().allMatch(FlowResult::finished));
        }

        @Test
        void aRingAllReduceWhoseStepsWaitOnOtherPods() {
            RunResult r = sameForAll("name: a\n" + FAT + "nic: {mtu: 1024}\nworkloads:\n"
                    + "  - {type: allreduce, name: ar, size: 1MiB, hosts: \"0-15\", channels: 1, algorithm: ring}\n",
                    1, 2, 4);
            assertEquals(1, r.jobs().size(), r.jobs().toString());
        }

        /**
         * The same ring: a sender acts on a clear-to-send {@code cts_delay} (773 ns) after it arrived, so the job
         * declares that reaction delay and its completions let the partitions run on; with {@code cts_delay: 0} it
         * declares none and every completion ends a window at its instant. Both give one result on 1 and 2 threads.
         */
        @Test
        void theRingEndsFewerWindowsWithItsClearToSendDelay() {
            String ring = "name: a\n" + FAT + "nic: {mtu: 1024}\nworkloads:\n"
                    + "  - {type: allreduce, name: ar, size: 1MiB, hosts: \"0-15\", channels: 1, algorithm: ring%s}\n";
            sameForAll(ring.formatted(", cts_delay: 0"), 1, 2);
            List<org.lossless.core.kernel.ParallelStats> delayed = new ArrayList<>();
            List<org.lossless.core.kernel.ParallelStats> instant = new ArrayList<>();
            Scenario s = ScenarioLoader.parse("t.yaml", ring.formatted(""), Path.of("."), List.of());
            new ScenarioEngine(new PacketEngine.Parallelism(2, null, null, delayed::add)).run(s);
            s = ScenarioLoader.parse("t.yaml", ring.formatted(", cts_delay: 0"), Path.of("."), List.of());
            new ScenarioEngine(new PacketEngine.Parallelism(2, null, null, instant::add)).run(s);
            long with = delayed.get(0).windows();
            long without = instant.get(0).windows();
            System.out.println("ring all-reduce: windows " + without + " with cts_delay 0, " + with + " with 773 ns");
            assertTrue(with < without, with + " windows with the delay, " + without + " without");
        }
    }

    /**
     * The lookahead: two switches, two hosts each (1 us host links), joined by one 100 Gb/s link whose delay plus the
     * smallest frame's line time (84 B: 6,720 ps) is {@code switchLinkPs}; each host sends 300 KB to a host on the
     * other switch, so frames, ACKs and pauses cross the cut both ways.
     */
    static EngineInput twoSwitches(long switchLinkPs) {
        Topology.Builder b = Topology.builder("two-switches");
        int s0 = b.addSwitch("s0", 1);
        int s1 = b.addSwitch("s1", 1);
        for (int i = 0; i < 4; i++) {
            int h = b.addHost("h" + i);
            b.connect(h, i < 2 ? s0 : s1, 100_000_000_000L, 1_000_000);
        }
        b.connect(s0, s1, 100_000_000_000L, switchLinkPs - 6_720);
        Topology t = b.build();
        List<FlowSpec> flows = List.of(new FlowSpec("x", 0, 2, 300_000, 0, 3), new FlowSpec("x", 1, 3, 300_000, 0, 3),
                new FlowSpec("x", 2, 1, 300_000, 0, 3), new FlowSpec("x", 3, 0, 300_000, 0, 3));
        SwitchSettings small = new SwitchSettings(null, 200_000L, null, null, null, null, null, null, null, null);
        return new EngineInput(t, NicConfig.builder().mtu(1024).ackEvery(1).build(), small, flows, 100_000 * US, 5);
    }

    @Nested
    class Lookahead {
        @Test
        void aCutLinkOfTheSmallestAllowedDelayGivesWindowsOfExactlyIt() {
            RunPartitions cut = RunPartitions.of(twoSwitches(100_000), 2, null);
            assertEquals(2, cut.partitions());
            assertEquals(100_000, cut.lookaheadPs(), "93,280 ps of delay + 6,720 ps for 84 B at 100 Gb/s");
            RunResult r = sameForAll(twoSwitches(100_000), 1, 2);
            assertTrue(r.flows().stream().allMatch(FlowResult::finished));
        }

        /**
         * HPCC's wire format has no preamble or gap and a 43-byte PAUSE frame (14 + 20 + 9), so a 50 Gb/s cut link of
         * 500 ns allows 500,000 + 43 x 8 x 20 = 506,880 ps, not the 513,440 ps of an 84-byte RoCEv2 frame (a 60-byte
         * HPCC ACK, 9,600 ps, would arrive inside such a window: the run used to stop with an internal error).
         */
        @Test
        void theLookaheadCountsTheSmallestFrameOfTheRunsWireFormat() {
            Topology.Builder b = Topology.builder("hpcc-wire");
            int s0 = b.addSwitch("s0", 1);
            int s1 = b.addSwitch("s1", 1);
            for (int i = 0; i < 4; i++) {
                b.connect(b.addHost("h" + i), i < 2 ? s0 : s1, 100_000_000_000L, 1_000_000);
            }
            b.connect(s0, s1, 50_000_000_000L, 500_000);
            List<FlowSpec> flows = List.of(new FlowSpec("x", 0, 2, 200_000, 0, 3), new FlowSpec("x", 1, 3, 200_000, 1_000_000, 3),
                    new FlowSpec("x", 3, 0, 100_000, 0, 3));
            NicConfig hpcc = NicConfig.builder().mtu(1000).wire(org.lossless.core.net.WireFormat.HPCC2019).build();
            EngineInput in = new EngineInput(b.build(), hpcc, SwitchSettings.defaults(), flows, 100_000 * US, 1);
            assertEquals(506_880, RunPartitions.of(in, 2, null).lookaheadPs());
            RunResult r = sameForAll(in, 1, 2);
            assertTrue(r.flows().stream().allMatch(FlowResult::finished));
        }

        @Test
        void aLinkOnePicosecondShorterIsNotCutAndTheRunSaysWhy() {
            RunPartitions cut = RunPartitions.of(twoSwitches(99_999), 2, null);
            assertEquals(1, cut.partitions());
            assertTrue(cut.note().contains("never cut"), cut.note());
            List<String> notes = new ArrayList<>();
            RunResult r = new PacketEngine(null, new PacketEngine.Parallelism(2, null, notes::add)).run(twoSwitches(99_999));
            assertEquals(1, notes.size(), notes.toString());
            assertEquals(fingerprint(run(twoSwitches(99_999), 1)), fingerprint(r));
        }
    }

    /**
     * READs across partitions: a WRITE then a READ on one connection from host 0 (leaf0) to host 7 (leaf1), and a READ
     * the other way (the responses complete the READs at their requesters; the WRITE's own ACK completes it first on
     * this lossless fabric: the READ response's implied acknowledgement of it, announced too, happens only after a loss).
     */
    @Nested
    class Reads {
        /** Host 0 WRITEs 200 KB to host 7, then READs 100 KB from it on the same QP; host 5 READs 150 KB from host 2. */
        EngineInput input(long ackDelayPs) {
            org.lossless.workloads.traffic.TrafficProgram rw = new org.lossless.workloads.traffic.TrafficProgram() {
                @Override
                public String name() {
                    return "rw";
                }

                @Override
                public void start(org.lossless.workloads.traffic.TrafficContext ctx) {
                    var c = ctx.connect(0, 7, org.lossless.workloads.traffic.ConnectionOptions.of(3));
                    ctx.post(c, 200_000, org.lossless.nic.Verb.WRITE, org.lossless.workloads.traffic.MessageTag.NONE_TAG);
                    ctx.post(c, 100_000, org.lossless.nic.Verb.READ, org.lossless.workloads.traffic.MessageTag.NONE_TAG);
                    var back = ctx.connect(5, 2, org.lossless.workloads.traffic.ConnectionOptions.of(3));
                    ctx.post(back, 150_000, org.lossless.nic.Verb.READ, org.lossless.workloads.traffic.MessageTag.NONE_TAG);
                }

                @Override
                public boolean finished() {
                    return true;
                }
            };
            Topology t = new LeafSpineSpec(2, 2, 4, LinkSpec.gbps(100, 1000), LinkSpec.gbps(100, 1000)).build();
            NicConfig nic = NicConfig.builder().mtu(1024).ackEvery(1).ackDelayPs(ackDelayPs).build();
            return new EngineInput(t, nic, SwitchSettings.defaults(), new Traffic(List.of(() -> rw)), 100_000 * US, 1,
                    List.of(), EngineInput.DEFAULT_CONVERGENCE_PS, false);
        }

        @Test
        void writesAndReadsGiveOneResultOn1To4Threads() {
            RunResult r = sameForAll(input(0), 1, 2, 4);
            assertEquals(3, r.flows().size());
            assertTrue(r.flows().stream().allMatch(FlowResult::finished), r.flows().toString());
        }

        /**
         * With host 7's ACKs 5 us late, the first response of the READ reaches host 0 before the WRITE's ACK and
         * acknowledges the WRITE with its request: a completion at a response's first packet, which a parallel run must
         * have seen coming (else the engine fails the run).
         */
        @Test
        void aReadsFirstResponseThatAcknowledgesTheWriteBeforeItGivesOneResult() {
            RunResult r = sameForAll(input(5 * US), 1, 2, 4);
            FlowResult write = r.flows().stream().filter(f -> f.sizeBytes() == 200_000).findFirst().orElseThrow();
            // its own ACK leaves host 7 5 us after the last byte and takes 4 links of 1 us back: at least 9 us
            long ackedAfterDelivery = write.senderDonePs() - write.finishPs();
            System.out.println("READ after WRITE, ACKs 5 us late: the WRITE acknowledged " + ackedAfterDelivery
                    + " ps after delivery");
            assertTrue(ackedAfterDelivery > 0 && ackedAfterDelivery < 5 * US,
                    "acknowledged " + ackedAfterDelivery + " ps after delivery, by the READ's response");
        }
    }

    @Nested
    class Deadlock {
        @Test
        void theRingDeadlocksWithTheSameCycleOn1To4Threads() {
            Topology ring = new RingSpec(5, 1, LinkSpec.gbps(100, 1000), LinkSpec.gbps(100, 1000)).build();
            List<FlowSpec> specs = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                specs.add(new FlowSpec("cbd", i, (i + 2) % 5, 20_000_000, 0, 3));
            }
            SwitchSettings small = new SwitchSettings(null, 2_000_000L, null, null, null, null, null, null, null, null);
            RunResult r = sameForAll(new EngineInput(ring, NicConfig.builder().mtu(1024).ackEvery(1).build(), small, specs, 5_000 * US, 1), 1, 2, 4);
            assertTrue(r.deadlock());
            assertEquals(5, r.deadlockCycle().size());
        }
    }

    @Nested
    class Failure {
        @Test
        void aLinkFailureWithRouteConvergenceGivesOneResultOn1To4Threads() {
            Topology t = new LeafSpineSpec(2, 2, 4, LinkSpec.gbps(100, 1000), LinkSpec.gbps(100, 1000)).build();
            List<FlowSpec> flows = new ArrayList<>();
            for (int h = 0; h < 4; h++) {
                flows.add(new FlowSpec("cross", h, 4 + h, 2_000_000, 0, 3));
                flows.add(new FlowSpec("cross", 4 + h, h, 2_000_000, 0, 3));
            }
            EngineInput in = new EngineInput(t, NicConfig.builder().mtu(1024).ackEvery(1).build(), SwitchSettings.defaults(), flows,
                    1_000_000 * US, 7, List.of(new FailureSpec("leaf0", "spine0", 60 * US, -1)), 20 * US, false);
            RunResult r = sameForAll(in, 1, 2, 4);
            assertTrue(r.dropPackets() > 0);
            assertTrue(r.flows().stream().allMatch(FlowResult::finished));
        }
    }
}
