package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketType;
import org.lossless.core.random.RandomStreams;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.MessageLabel;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.Flow;
import org.lossless.nic.NicConfig;
import org.lossless.nic.QueuePair;
import org.lossless.nic.dcqcn.DcqcnProfiles;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.StarTopology;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.TrafficContext;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * The packet engine driving traffic programs on a 3-host star (100 Gb/s, 1 us links, MTU 1000, an ACK per
 * packet, store-and-forward switch). By hand: a frame of f bytes takes (f + 20) x 80 ps per hop.
 */
class TrafficProgramTest {
    static final long RATE = 100_000_000_000L;
    static final long US = 1_000_000L;

    /** A program assembled from lambdas; it logs every callback. */
    static final class Scripted implements TrafficProgram {
        final String name;
        final List<String> log = new ArrayList<>();
        TrafficContext ctx;
        Consumer<Scripted> onStart = s -> { };
        BiConsumer<Scripted, Message> delivered = (s, m) -> { };
        BiConsumer<Scripted, Message> acked = (s, m) -> { };
        Consumer<Scripted> timer = s -> { };
        boolean finished = true;
        List<JobIteration> jobs = List.of();

        Scripted(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void start(TrafficContext c) {
            ctx = c;
            onStart.accept(this);
        }

        @Override
        public void onDelivered(Message m, long nowPs) {
            log.add("delivered " + m.id() + " @" + nowPs);
            delivered.accept(this, m);
        }

        @Override
        public void onAcked(Message m, long nowPs) {
            log.add("acked " + m.id() + " @" + nowPs);
            acked.accept(this, m);
        }

        @Override
        public void onTimer(long nowPs) {
            log.add("timer @" + nowPs);
            timer.accept(this);
        }

        @Override
        public boolean finished() {
            return finished;
        }

        @Override
        public List<JobIteration> jobIterations() {
            return jobs;
        }
    }

    static RunResult run(NicConfig nic, TrafficProgram p, PacketEngine.Instrument instrument) {
        EngineInput in = new EngineInput(StarTopology.build(3, RATE, US), nic, SwitchSettings.defaults(),
                new Traffic(List.of(() -> p)), 1_000 * US, 1, List.of(), EngineInput.DEFAULT_CONVERGENCE_PS, false);
        return new PacketEngine().run(in, null, instrument);
    }

    static RunResult run(TrafficProgram p) {
        return run(NicConfig.builder().mtu(1000).ackEvery(1).build(), p, null);
    }

    @Test
    void aTimerAndPostsFromCallbacksDriveTheRun() {
        Scripted p = new Scripted("chain");
        Connection[] c = new Connection[1];
        p.finished = false;
        p.onStart = s -> {
            c[0] = s.ctx.connect(0, 1, ConnectionOptions.of(3));
            s.ctx.wakeAt(10 * US);
        };
        p.timer = s -> s.ctx.post(c[0], 1000, Verb.WRITE, MessageTag.NONE_TAG);
        p.delivered = (s, m) -> {
            if (m.id() == 0) {
                s.ctx.post(c[0], 1000, Verb.WRITE, MessageTag.NONE_TAG, s.ctx.nowPs() + 2 * US);
                s.finished = true;
            }
        };
        RunResult r = run(p);
        // one 1000 B packet: 1098 B on the wire, 87,840 ps per hop, two hops of 1 us: delivered 2,175,680 ps
        // after its post; its ACK (86 B: 6,880 ps per hop) returns 2,013,760 ps later
        assertEquals(List.of("timer @10000000", "delivered 0 @12175680", "acked 0 @14189440",
                "delivered 1 @16351360", "acked 1 @18365120"), p.log);
        assertEquals(14_175_680L, r.flows().get(1).startPs(), "released 2 us after message 0 was delivered");
        assertEquals(18_365_120L, r.simTimePs(), "the run ends at the last acknowledgement");
        assertEquals(List.of(0L, 1L), r.flows().stream().map(FlowResult::flowId).toList());
        assertEquals(new MessageLabel(0, "write", -1, -1, -1, null), r.flows().get(1).label());
    }

    @Test
    void aReadBringsTheDataFromTheResponderAtTheTimeByHand() {
        Scripted p = new Scripted("reader");
        p.onStart = s -> s.ctx.post(s.ctx.connect(0, 1, ConnectionOptions.of(3)), 2500, Verb.READ,
                MessageTag.op("fetch"));
        RunResult r = run(p);
        // request 78 B (98 B wire, 7,840 ps per hop) h0 -> sw0 -> h1: at h1 at 2,015,680
        // response from h1: 1066 B, 1062 B, 566 B (AETH on the first and last): 86,880, 86,560, 46,880 ps;
        // h1 sends them back to back from 2,015,680, the switch forwards each when it has arrived and the
        // port is free: they leave sw0 at 3,102,560, 3,189,440, 3,276,000; the last ends at 3,322,880 and
        // reaches h0 at 4,322,880
        assertEquals(List.of("delivered 0 @4322880", "acked 0 @4322880"), p.log);
        FlowResult f = r.flows().get(0);
        assertEquals(1, f.src(), "the payload comes from the responder");
        assertEquals(0, f.dst());
        assertEquals(4_322_880L, f.finishPs());
        assertEquals(4_322_880L, f.idealFctPs(), "ideal = request one way + response, alone in the network");
        assertEquals(new MessageLabel(0, "read", -1, -1, -1, "fetch"), f.label());
        assertEquals(4_322_880L, r.simTimePs(), "a READ is complete when its data is in");
        PortResult responder = r.ports().stream().filter(x -> x.node().equals("h1")).findFirst().orElseThrow();
        assertEquals(1066 + 1062 + 566, responder.txBytes(), "the responder sends the data and no ACK");
    }

    @Test
    void sendIsAWriteWithoutReth() {
        Scripted p = new Scripted("sender");
        p.onStart = s -> s.ctx.post(s.ctx.connect(0, 1, ConnectionOptions.of(3)), 1000, Verb.SEND, MessageTag.NONE_TAG);
        RunResult r = run(p);
        // 1062 B frame, 1082 B wire: 86,560 ps per hop
        assertEquals(2 * 86_560L + 2 * US, r.flows().get(0).finishPs());
        assertEquals(r.flows().get(0).finishPs(), r.flows().get(0).idealFctPs());
    }

    @Nested
    class InOrder {
        @Test
        void messagesOnOnePersistentConnectionCompleteInPostOrder() {
            Scripted p = new Scripted("mix");
            p.onStart = s -> {
                Connection c = s.ctx.connect(0, 1, ConnectionOptions.of(3));
                for (long size : new long[] {30_000, 500, 7_000, 1, 12_000}) {
                    s.ctx.post(c, size, Verb.WRITE, MessageTag.NONE_TAG);
                }
            };
            RunResult r = run(p);
            List<String> delivered = p.log.stream().filter(x -> x.startsWith("delivered")).map(x -> x.split(" @")[0]).toList();
            List<String> acked = p.log.stream().filter(x -> x.startsWith("acked")).map(x -> x.split(" @")[0]).toList();
            assertEquals(List.of("delivered 0", "delivered 1", "delivered 2", "delivered 3", "delivered 4"), delivered);
            assertEquals(List.of("acked 0", "acked 1", "acked 2", "acked 3", "acked 4"), acked);
            // one QP, sent back to back: message k+1's last packet leaves right after message k's
            for (int i = 1; i < 5; i++) {
                assertTrue(r.flows().get(i).finishPs() > r.flows().get(i - 1).finishPs());
            }
        }

        @Test
        void aSmallMessageOnAFastQpWaitsForTheLargeOneBeforeIt() {
            // qps 2: message 0 (20 packets) is 10 packets on each QP; message 1 (1 packet) goes on QP 0. QP 1 is
            // slowed by four CNPs at time 0 (paper2015 halves its rate each time), so message 1 is in long before
            // message 0's second half: the program hears of it only after message 0.
            NicConfig nic = NicConfig.builder().mtu(1000).ackEvery(1).build().withDcqcn(DcqcnProfiles.paper2015(RATE));
            Scripted p = new Scripted("two-qps");
            p.onStart = s -> {
                Connection c = s.ctx.connect(0, 1, ConnectionOptions.of(3).withQps(2));
                s.ctx.post(c, 20_000, Verb.WRITE, MessageTag.NONE_TAG);
                s.ctx.post(c, 1_000, Verb.WRITE, MessageTag.NONE_TAG);
            };
            List<Flow> parts = new ArrayList<>();
            RunResult r = run(nic, p, (sim, network, flows) -> {
                parts.addAll(flows);
                sim.schedule(new org.lossless.core.kernel.SimEvent() {
                    private static final long serialVersionUID = 1L;

                    @Override
                    protected void fire() {
                        QueuePair slow = flows.get(1).queuePair();
                        for (int i = 0; i < 4; i++) {
                            Packet cnp = new Packet();
                            cnp.type = PacketType.CNP;
                            cnp.flowId = slow.id();
                            network.nic(0).receive(cnp, 0);
                        }
                    }
                }, 0);
            });
            assertEquals(3, parts.size(), "message 0 on two QPs, message 1 on QP 0");
            assertTrue(parts.get(2).finishPs() < parts.get(1).finishPs(),
                    "message 1's only part is in before message 0's part on the slow QP");
            assertEquals(List.of("delivered 0", "delivered 1", "acked 0", "acked 1"),
                    p.log.stream().map(x -> x.split(" @")[0]).toList());
            assertEquals(r.flows().get(0).finishPs(), r.flows().get(1).finishPs(),
                    "message 1 is reported with message 0, when the receiver can use it");
        }
    }

    @Test
    void jobIterationsReachTheRunResultAndStreamsAreNamedPerProgram() {
        Scripted p = new Scripted("job");
        long[] draw = new long[1];
        p.onStart = s -> {
            draw[0] = s.ctx.stream("sizes").nextLong();
            s.ctx.post(s.ctx.connect(0, 2, ConnectionOptions.of(3)), 1000, Verb.WRITE, MessageTag.NONE_TAG);
        };
        p.jobs = List.of(new JobIteration("job", 0, "allreduce", 2, 1000, 0, 5, 1.0));
        RunResult r = run(p);
        assertEquals(p.jobs, r.jobs());
        assertEquals(new RandomStreams(1).stream("workload.job.sizes").nextLong(), draw[0]);
    }

    @Test
    void badPostsAreRefused() {
        Scripted p = new Scripted("bad");
        p.onStart = s -> {
            Connection c = s.ctx.connect(0, 1, ConnectionOptions.of(3));
            s.ctx.post(c, 1000, Verb.WRITE, MessageTag.NONE_TAG, 5 * US);
            s.ctx.post(c, 1000, Verb.WRITE, MessageTag.NONE_TAG, 4 * US);
        };
        assertThrows(IllegalArgumentException.class, () -> run(p));
        Scripted q = new Scripted("cc");
        q.onStart = s -> s.ctx.connect(0, 1, new ConnectionOptions(3, 1, "bbr", ConnectionOptions.DSCP_FROM_PRIORITY));
        assertThrows(IllegalArgumentException.class, () -> run(q));
        // an explicit DSCP is modelled now (the switches classify by it: TrafficClassesTest); an out-of-range one
        // cannot even be built
        assertThrows(IllegalArgumentException.class, () -> new ConnectionOptions(3, 1, null, 64));
    }
}
