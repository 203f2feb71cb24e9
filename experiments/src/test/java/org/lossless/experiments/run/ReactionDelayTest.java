package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.ParallelStats;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.NicConfig;
import org.lossless.nic.Verb;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.LeafSpineSpec;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.workloads.traffic.TrafficContext;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * A program's declared minimum reaction delay ({@link TrafficProgram#minReactionDelayPs()}): a parallel run lets the
 * partitions run on past a completion for that long instead of stopping them all at it. Leaf-spine 2x2, 4 hosts a leaf,
 * 1 us links (a lookahead of 1 us + 84 B): eight relays, each a chain of 40 hops of 4 KB that alternate between the
 * leaves (so every step depends on a completion in the other partition), each hop posted 5 us (plus 137 ns times the
 * relay's number, so that their completions do not line up) after the previous one's last byte arrived. The behaviour is the same whatever the program declares; only the windows differ.
 */
class ReactionDelayTest {
    private static final long US = 1_000_000L;
    private static final long STEP_PS = 5 * US;
    private static final int HOPS = 40;
    private static final int RELAYS = 8;

    /** Relays hop by hop: hop i goes from {@code path[i % 8]} to {@code path[(i + 1) % 8]}, {@code postAfter} ps after hop i-1 arrived. */
    static final class Relay implements TrafficProgram {
        private final String name;
        private final int[] path;
        private final long postAfter;
        private final long declared;
        private Connection[] hop;
        private TrafficContext ctx;
        private int sent;

        Relay(String name, int[] path, long postAfter, long declared) {
            this.name = name;
            this.path = path;
            this.postAfter = postAfter;
            this.declared = declared;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public long minReactionDelayPs() {
            return declared;
        }

        @Override
        public void start(TrafficContext context) {
            ctx = context;
            hop = new Connection[path.length];
            for (int i = 0; i < path.length; i++) {
                hop[i] = ctx.connect(path[i], path[(i + 1) % path.length], ConnectionOptions.of(3));
            }
            next(0);
        }

        private void next(long atPs) {
            ctx.post(hop[sent % path.length], 4096, Verb.WRITE, MessageTag.NONE_TAG, atPs);
            sent++;
        }

        @Override
        public void onDelivered(Message m, long nowPs) {
            if (sent < HOPS) {
                next(nowPs + postAfter);
            }
        }

        @Override
        public boolean finished() {
            return sent == HOPS;
        }
    }

    static EngineInput input(long postAfter, long declared) {
        Topology t = new LeafSpineSpec(2, 2, 4, LinkSpec.gbps(100, 1000), LinkSpec.gbps(100, 1000)).build();
        int[] ring = {0, 4, 1, 5, 2, 6, 3, 7};
        List<ProgramFactory> relays = new ArrayList<>();
        for (int r = 0; r < RELAYS; r++) {
            int[] path = new int[ring.length];
            for (int i = 0; i < ring.length; i++) {
                path[i] = ring[(i + r) % ring.length];
            }
            String name = "relay" + r;
            long after = postAfter + r * 137_000L;
            relays.add(() -> new Relay(name, path, after, declared));
        }
        Traffic traffic = new Traffic(relays);
        return new EngineInput(t, NicConfig.builder().mtu(1024).ackEvery(1).build(), SwitchSettings.defaults(), traffic,
                100_000 * US, 1, List.of(), EngineInput.DEFAULT_CONVERGENCE_PS, false);
    }

    static RunResult run(EngineInput in, int threads, List<ParallelStats> stats) {
        return new PacketEngine(null, new PacketEngine.Parallelism(threads, null, null, stats::add)).run(in);
    }

    @Nested
    class Declared {
        @Test
        void theResultIsTheSameOn1To4ThreadsAndAsWithoutTheDeclarationInFewerWindows() {
            List<ParallelStats> declared = new ArrayList<>();
            List<ParallelStats> undeclared = new ArrayList<>();
            String expected = ParallelRunTest.fingerprint(run(input(STEP_PS, 0), 2, undeclared));
            RunResult r = null;
            for (int threads : new int[] {1, 2, 4}) {
                r = run(input(STEP_PS, STEP_PS), threads, declared);
                assertEquals(expected, ParallelRunTest.fingerprint(r), threads + " threads");
            }
            assertEquals(RELAYS * HOPS, r.flows().size());
            assertTrue(r.flows().stream().allMatch(FlowResult::finished));
            assertEquals(4, declared.get(1).partitions(), "two leaves with their hosts and two spines, each its own "
                    + "partition: 2 threads cut up to 8, the fabric has 4 units");
            long with = declared.get(1).windows();
            long without = undeclared.get(0).windows();
            System.out.println("relay: windows " + without + " undeclared, " + with + " declared (4 partitions)");
            // undeclared, every hop's delivery and its last ACK end a window at their instant (80 hops: 160 instants);
            // declared, neither does (the release 5 us later still does: a global event)
            assertTrue(with < without, with + " windows declared, " + without + " undeclared");
        }

        @Test
        void aRunThatEndsOnAReactionEndsAtTheLastAckWhateverTheThreads() {
            List<ParallelStats> stats = new ArrayList<>();
            RunResult seq = new PacketEngine().run(input(STEP_PS, STEP_PS));
            RunResult par = run(input(STEP_PS, STEP_PS), 2, stats);
            long lastAck = par.flows().stream().mapToLong(FlowResult::senderDonePs).max().orElseThrow();
            assertTrue(par.simTimePs() >= lastAck, par.simTimePs() + " ps < " + lastAck);
            assertEquals(seq.simTimePs(), par.simTimePs(), 0.01 * seq.simTimePs());
        }
    }

    /** Every host of the leaf-spine sends three 64 KB messages to the host four on (the other leaf), all posted at 0. */
    static final class Spray implements TrafficProgram {
        private final long declared;

        Spray(long declared) {
            this.declared = declared;
        }

        @Override
        public String name() {
            return "spray";
        }

        @Override
        public long minReactionDelayPs() {
            return declared;
        }

        @Override
        public void start(TrafficContext ctx) {
            for (int h = 0; h < 8; h++) {
                Connection c = ctx.connect(h, (h + 4) % 8, ConnectionOptions.of(3));
                for (int i = 0; i < 3; i++) {
                    ctx.post(c, 65_536, Verb.WRITE, MessageTag.NONE_TAG, i * 2 * US);
                }
            }
        }

        @Override
        public boolean finished() {
            return true;
        }
    }

    static EngineInput spray(long declared) {
        Topology t = new LeafSpineSpec(2, 2, 4, LinkSpec.gbps(100, 1000), LinkSpec.gbps(100, 1000)).build();
        return new EngineInput(t, NicConfig.builder().mtu(1024).ackEvery(1).build(), SwitchSettings.defaults(),
                new Traffic(List.of(() -> new Spray(declared))), 100_000 * US, 1, List.of(),
                EngineInput.DEFAULT_CONVERGENCE_PS, false);
    }

    @Nested
    class NeverReacts {
        @Test
        void completionsStopThePartitionsOnlyWhereTheRunMayEndAndTheResultIsTheSame() {
            List<ParallelStats> never = new ArrayList<>();
            List<ParallelStats> zero = new ArrayList<>();
            String expected = ParallelRunTest.fingerprint(run(spray(0), 2, zero));
            RunResult r = null;
            for (int threads : new int[] {1, 2, 4}) {
                r = run(spray(TrafficProgram.NEVER_REACTS), threads, never);
                assertEquals(expected, ParallelRunTest.fingerprint(r), threads + " threads");
            }
            assertEquals(24, r.flows().size());
            assertTrue(r.flows().stream().allMatch(FlowResult::finished));
            long with = never.get(1).windows();
            long without = zero.get(0).windows();
            System.out.println("spray: windows " + without + " reacting at once, " + with + " never reacting (2 partitions)");
            // 24 deliveries and 24 last ACKs end a window each when the program may react; only the last few may
            // end the run
            assertTrue(with < without, with + " windows never reacting, " + without + " reacting at once");
        }

        @Test
        void aProgramThatDeclaredItNeverReactsAndPostsFailsTheRun() {
            RuntimeException e = assertThrows(RuntimeException.class,
                    () -> run(input(STEP_PS, TrafficProgram.NEVER_REACTS), 2, new ArrayList<>()));
            String all = "";
            for (Throwable t = e; t != null; t = t.getCause()) {
                all += t.getMessage() + "\n";
            }
            assertTrue(all.contains("though the program declared that it never reacts to one"), all);
        }
    }

    @Test
    void aProgramThatReactsSoonerThanItDeclaredFailsTheRun() {
        RuntimeException e = assertThrows(RuntimeException.class,
                () -> run(input(STEP_PS / 2, STEP_PS), 2, new ArrayList<>()));
        String all = "";
        for (Throwable t = e; t != null; t = t.getCause()) {
            all += t.getMessage() + "\n";
        }
        assertTrue(all.contains("sooner than the program's declared minimum reaction delay of 5000000 ps"), all);
    }
}
