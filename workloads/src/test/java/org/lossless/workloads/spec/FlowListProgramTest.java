package org.lossless.workloads.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.net.MessageSize;
import org.lossless.core.random.Xoshiro256StarStar;
import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;
import org.lossless.workloads.flows.FlowsProgram;
import org.lossless.workloads.replay.DagProgram;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.PostingContext;
import org.lossless.workloads.traffic.TrafficProgram;

/** A flow list's records reach the posted messages as they were read, through the workload's own program. */
class FlowListProgramTest {
    private static final Topology STAR = StarTopology.build(4, 100_000_000_000L, 1_000_000L);

    /** Keeps what is submitted, in order; numbers the messages from 0. */
    private static final class Submitted extends PostingContext {
        final List<Message> messages = new ArrayList<>();
        private int connections;

        @Override
        protected long nextMessageId() {
            return messages.size();
        }

        @Override
        protected String poster() {
            return "w";
        }

        @Override
        protected void submit(Message m) {
            messages.add(m);
        }

        @Override
        public long nowPs() {
            return 0;
        }

        @Override
        public Topology topology() {
            return STAR;
        }

        @Override
        public long hostRateBps(int host) {
            return 100_000_000_000L;
        }

        @Override
        public int mtu() {
            return 1000;
        }

        @Override
        public Connection connect(int src, int dst, ConnectionOptions options) {
            return new Connection(connections++, src, dst, options);
        }

        @Override
        public void wakeAt(long timePs) {
            throw new AssertionError("a flow list has no timer");
        }

        @Override
        public void cancelTimer() {
        }

        @Override
        public Xoshiro256StarStar stream(String name) {
            throw new AssertionError("a flow list draws nothing");
        }

        List<Message> start(TrafficProgram p) {
            p.start(this);
            return messages;
        }
    }

    private static final WorkloadConfig.FlowSpec A = new WorkloadConfig.FlowSpec(0, 3, MessageSize.of(1_500), 0, 3,
            2, "c", 26);
    private static final WorkloadConfig.FlowSpec B = new WorkloadConfig.FlowSpec(0, 3, MessageSize.of(700),
            2_000_000, 3, 2, "c", 26);
    private static final WorkloadConfig.FlowSpec C = new WorkloadConfig.FlowSpec(1, 2, MessageSize.of(64), 0, 5);

    @Nested
    class AFlowsWorkload {
        @Test
        void postsEachFlowAsListedOnItsConnection() {
            List<Message> m = new Submitted().start(new WorkloadConfig.Flows("w", List.of(A, B, C)).program());
            assertEquals(List.of(1_500L, 700L, 64L), m.stream().map(Message::bytes).toList());
            assertEquals(List.of(0L, 2_000_000L, 0L), m.stream().map(Message::postPs).toList());
            assertEquals(List.of(0L, 1L, 2L), m.stream().map(Message::id).toList());
            // A and B share connection c (2 QPs, DSCP 26); C has one of its own with the class selector of 5
            assertSame(m.get(0).connection(), m.get(1).connection());
            assertEquals(List.of(26, 26, 40), m.stream().map(x -> x.connection().options().resolvedDscp()).toList());
            assertEquals(2, m.get(0).connection().options().qps());
            assertEquals(List.of("w", "w", "w"), m.stream().map(Message::workload).toList());
        }

        @Test
        void hasItsRecordsAsItsListedFlowsNotCopies() {
            List<WorkloadConfig.FlowSpec> flows = List.of(A, B, C);
            WorkloadConfig.Flows w = new WorkloadConfig.Flows("w", flows);
            assertSame(w.flows(), w.listedFlows());
            assertInstanceOf(FlowsProgram.class, w.program());
        }

        @Test
        void withDependenciesIsAGraphWithNoListedFlows() {
            WorkloadConfig.FlowSpec after = new WorkloadConfig.FlowSpec(1, 2, MessageSize.of(64), 0, 5, 1, null,
                    List.of(0), 0);
            WorkloadConfig.Flows w = new WorkloadConfig.Flows("w", List.of(C, after));
            assertTrue(w.listedFlows().isEmpty());
            assertInstanceOf(DagProgram.class, w.program());
        }
    }

    @Test
    void anHpccFlowsWorkloadPostsItsFlowsAsListed() {
        WorkloadConfig.HpccFlows h = new WorkloadConfig.HpccFlows("h", java.nio.file.Path.of("/f.txt"), 0,
                List.of(C, new WorkloadConfig.FlowSpec(2, 1, MessageSize.of(10_000), 5, 3)), List.of(), null);
        List<Message> m = new Submitted().start(h.program());
        assertEquals(List.of(64L, 10_000L), m.stream().map(Message::bytes).toList());
        assertSame(h.flows(), h.listedFlows());
    }

    @Nested
    class APostingContext {
        @Test
        void submitsTheMessageItReturns() {
            Submitted ctx = new Submitted();
            Connection c = ctx.connect(0, 1, ConnectionOptions.of(3));
            Message m = ctx.post(c, 4_096, org.lossless.nic.Verb.WRITE, null, 0);
            assertSame(m, ctx.messages.get(0));
            assertEquals(4_096, m.bytes());
            assertEquals(0, m.id());
            assertEquals(1, ctx.post(c, 1, org.lossless.nic.Verb.WRITE, null, 0).id());
        }

        @Test
        void refusesAnEmptyMessageBeforeTheEngineSeesIt() {
            Submitted ctx = new Submitted();
            Connection c = ctx.connect(0, 1, ConnectionOptions.of(3));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ctx.post(c, 0, org.lossless.nic.Verb.WRITE, null, 0));
            assertEquals("message size must be > 0 bytes, got 0", e.getMessage());
            assertTrue(ctx.messages.isEmpty());
        }

        @Test
        void holdsASizeItWasGivenAsItIs() {
            Submitted ctx = new Submitted();
            Connection c = ctx.connect(0, 1, ConnectionOptions.of(3));
            MessageSize size = MessageSize.of(4_096);
            assertSame(size, ctx.post(c, size, org.lossless.nic.Verb.WRITE, null, 0).size());
            assertSame(size, ctx.post(c, size, org.lossless.nic.Verb.WRITE, null).size());
            assertEquals(List.of(0L, 1L), ctx.messages.stream().map(Message::id).toList());
        }
    }
}
