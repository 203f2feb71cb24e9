package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.Scheduler;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.Flow;
import org.lossless.nic.NicConfig;
import org.lossless.nic.Verb;
import org.lossless.nic.dcqcn.DcqcnProfiles;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.MessageTag;

/**
 * The run's flow table lets go of each nic-cc flow (QP part) once it is finished at the receiver and acknowledged at
 * the sender; its counters go to the message log, so {@code flows.csv} is the same as when every flow is kept.
 */
class FlowReleaseTest {
    /** An instrument that only looks at the flow table (a live view), letting the run release flows. */
    static final class Watcher implements PacketEngine.Instrument {
        List<Flow> flows;
        final boolean keep;

        Watcher(boolean keep) {
            this.keep = keep;
        }

        @Override
        public void attach(Scheduler sim, PacketNetwork network, List<Flow> flows) {
            this.flows = flows;
        }

        @Override
        public boolean keepsFlows() {
            return keep;
        }

        long held() {
            return flows.stream().filter(Objects::nonNull).count();
        }
    }

    @Test
    void afterTheRunNoWriteFlowIsHeldAndTheCountOfPartsIsByHand() {
        TrafficProgramTest.Scripted p = new TrafficProgramTest.Scripted("writes");
        p.onStart = s -> {
            Connection c = s.ctx.connect(0, 1, ConnectionOptions.of(3).withQps(2));
            s.ctx.post(c, 30_000, Verb.WRITE, MessageTag.NONE_TAG); // 30 packets: both QPs, 2 parts
            s.ctx.post(c, 500, Verb.WRITE, MessageTag.NONE_TAG); // 1 packet: 1 part
            s.ctx.post(s.ctx.connect(2, 1, ConnectionOptions.of(3)), 7_000, Verb.SEND, MessageTag.NONE_TAG); // 1 part
        };
        Watcher w = new Watcher(false);
        RunResult r = TrafficProgramTest.run(NicConfig.builder().mtu(1000).ackEvery(1).build(), p, w);
        assertEquals(4, w.flows.size(), "2 + 1 + 1 parts were posted");
        assertEquals(0, w.held(), "every part finished and was acknowledged: none is held");
        assertEquals(List.of(30_000L, 500L, 7_000L), r.flows().stream().map(FlowResult::bytesDelivered).toList());
    }

    @Test
    void aFlowCutByTheStopTimeStaysHeldAndCountsWhatArrived() {
        TrafficProgramTest.Scripted p = new TrafficProgramTest.Scripted("long");
        // the run stops at 1000 us; 12 MB released at 200 us need about 1050 us of serialization at 100 Gb/s alone
        p.onStart = s -> {
            Connection c = s.ctx.connect(0, 1, ConnectionOptions.of(3));
            s.ctx.post(c, 1_000, Verb.WRITE, MessageTag.NONE_TAG);
            s.ctx.post(c, 12_000_000, Verb.WRITE, MessageTag.NONE_TAG, 200 * TrafficProgramTest.US);
        };
        Watcher w = new Watcher(false);
        RunResult r = TrafficProgramTest.run(NicConfig.builder().mtu(1000).ackEvery(1).build(), p, w);
        assertEquals(1, w.held(), "the unfinished message's flow is held to the end");
        assertEquals(null, w.flows.get(0), "the finished one was let go");
        FlowResult cut = r.flows().get(1);
        assertTrue(cut.bytesDelivered() > 0 && cut.bytesDelivered() < 12_000_000L, "what arrived: " + cut.bytesDelivered());
    }

    @Test
    void releasingGivesTheSameRowsAsKeepingUnderCongestion() {
        // incast of two senders with DCQCN, several QPs per message, a READ among them: CNPs are counted per part
        NicConfig nic = NicConfig.builder().mtu(1000).ackEvery(1).build()
                .withDcqcn(DcqcnProfiles.paper2015(TrafficProgramTest.RATE));
        List<List<FlowResult>> rows = new ArrayList<>();
        List<Long> held = new ArrayList<>();
        for (boolean keep : new boolean[] {true, false}) {
            TrafficProgramTest.Scripted p = new TrafficProgramTest.Scripted("incast");
            p.onStart = s -> {
                Connection a = s.ctx.connect(0, 2, ConnectionOptions.of(3).withQps(2));
                Connection b = s.ctx.connect(1, 2, ConnectionOptions.of(3).withQps(3));
                for (int i = 0; i < 4; i++) {
                    s.ctx.post(a, 200_000, Verb.WRITE, MessageTag.NONE_TAG);
                    s.ctx.post(b, 150_000, Verb.WRITE, MessageTag.NONE_TAG);
                }
                s.ctx.post(s.ctx.connect(2, 0, ConnectionOptions.of(3)), 50_000, Verb.READ, MessageTag.NONE_TAG);
            };
            Watcher w = new Watcher(keep);
            rows.add(TrafficProgramTest.run(nic, p, w).flows());
            held.add(w.held());
        }
        assertEquals(9, rows.get(0).size());
        assertTrue(rows.get(0).stream().mapToLong(FlowResult::cnps).sum() > 0, "the incast draws CNPs");
        assertEquals(new ArrayList<>(rows.get(0)), new ArrayList<>(rows.get(1)));
        assertEquals(4 * 2 + 4 * 3 + 1, held.get(0), "kept: every part");
        assertEquals(0, held.get(1), "released: every part, the READ's too (its responder saw it acknowledged)");
    }
}
