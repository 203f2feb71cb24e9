package org.lossless.workloads.traffic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.random.Xoshiro256StarStar;
import org.lossless.nic.Flow;
import org.lossless.nic.FlowTable;
import org.lossless.nic.HostNic;
import org.lossless.nic.Verb;
import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;

/**
 * A post goes to nic-cc from the workloads' side: split over the connection's QPs into flows of the run's table, the
 * engine asked first (without the size) and told after. Part sizes by hand: 10,140 B at a 1,024 B MTU is 10 packets;
 * over 4 QPs 3, 3, 2 and 2 packets, the last one short: 3,072, 3,072, 2,048 and 10,140 - 8,192 = 1,948 B.
 */
class NicPostingContextTest {
    private static final Topology STAR = StarTopology.build(4, 100_000_000_000L, 1_000_000L);

    /** Records the engine's side: what it admitted and what it was told. */
    private static final class Engine extends NicPostingContext {
        final FlowTable flows = new FlowTable();
        final List<String> calls = new ArrayList<>();
        final List<Message> posted = new ArrayList<>();
        boolean refuse;

        @Override
        protected void admit(Connection c, long atPs) {
            calls.add("admit " + c.id() + " at " + atPs + ", table " + flows.size());
            if (refuse) {
                throw new IllegalArgumentException("refused");
            }
        }

        @Override
        protected FlowTable flowTable() {
            return flows;
        }

        @Override
        protected void posted(Message m, int firstPart, int parts) {
            calls.add("posted " + m.id() + ": parts " + firstPart + ".." + (firstPart + parts - 1));
            posted.add(m);
        }

        @Override
        protected long nextMessageId() {
            return posted.size();
        }

        @Override
        protected String poster() {
            return "w";
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
            return 1024;
        }

        @Override
        public Connection connect(int src, int dst, ConnectionOptions options) {
            return new Connection(7, src, dst, options);
        }

        @Override
        public void wakeAt(long timePs) {
        }

        @Override
        public void cancelTimer() {
        }

        @Override
        public Xoshiro256StarStar stream(String name) {
            throw new AssertionError();
        }
    }

    @Nested
    class APost {
        @Test
        void becomesOneFlowPerQpPartInTheTableAfterTheEngineAdmitsIt() {
            Engine e = new Engine();
            Connection c = e.connect(1, 2, ConnectionOptions.of(3).withQps(4));
            Message m = e.post(c, 10_140, Verb.WRITE, null, 5_000);
            assertSame(m, e.posted.get(0));
            assertEquals(List.of("admit 7 at 5000, table 0", "posted 0: parts 0..3"), e.calls);
            assertEquals(4, e.flows.size());
            long[] sizes = new long[4];
            for (int j = 0; j < 4; j++) {
                Flow f = e.flows.get(j);
                sizes[j] = f.sizeBytes;
                assertEquals(j, f.id);
                assertEquals("w", f.workload);
                assertEquals(1, f.src);
                assertEquals(2, f.dst);
                assertEquals(5_000, f.startPs);
                assertEquals(3, f.priority);
                assertEquals(Verb.WRITE, f.verb);
                assertEquals(HostNic.udpSourcePort(7, j), f.udpSrcPort);
            }
            assertArrayEquals(new long[] {3072, 3072, 2048, 1948}, sizes);
        }

        @Test
        void aReadSendsItsDataFromTheResponderAndTheNextPostContinuesTheTable() {
            Engine e = new Engine();
            Connection c = e.connect(1, 2, ConnectionOptions.of(3));
            e.post(c, 100, Verb.WRITE, null, 0);
            e.post(c, 2_000, Verb.READ, null, 0);
            assertEquals("posted 1: parts 1..1", e.calls.get(3));
            Flow read = e.flows.get(1);
            assertEquals(2, read.src);
            assertEquals(1, read.dst);
            assertEquals(2_000, read.sizeBytes);
        }

        @Test
        void refusedByTheEngineLeavesNoFlowAndNoMessage() {
            Engine e = new Engine();
            e.refuse = true;
            Connection c = e.connect(1, 2, ConnectionOptions.of(3).withQps(2));
            assertThrows(IllegalArgumentException.class, () -> e.post(c, 4_096, Verb.WRITE, null, 0));
            assertEquals(0, e.flows.size());
            assertEquals(List.of(), e.posted);
        }

        @Test
        void ofNoBytesIsRefusedBeforeTheEngineIsAsked() {
            Engine e = new Engine();
            Connection c = e.connect(1, 2, ConnectionOptions.of(3));
            assertEquals("message size must be > 0 bytes, got 0", assertThrows(IllegalArgumentException.class,
                    () -> e.post(c, 0, Verb.WRITE, null, 0)).getMessage());
            assertEquals(List.of(), e.calls);
        }
    }
}
