package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.StarTopology;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.TrafficContext;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * RDMA READs lose packets and recover: host 0 reads 2 MB from each of four hosts at once on priority 1, which
 * PFC does not protect, through a switch of 300 KB, without congestion control. The responses overflow the
 * port to host 0; the requester's NACKs and the responders' timeouts must still deliver every byte, and each
 * responder sends exactly its packets plus the ones it sent again.
 */
class ReadRecoveryTest {
    static final long RATE = 40_000_000_000L;
    static final long US = 1_000_000L;

    @Test
    void aLossyReadIncastCompletesThroughGoBackN() {
        TrafficProgram reads = new TrafficProgram() {
            private int delivered;

            @Override
            public String name() {
                return "reads";
            }

            @Override
            public void start(TrafficContext ctx) {
                for (int h = 1; h <= 4; h++) {
                    Connection c = ctx.connect(0, h, ConnectionOptions.of(1));
                    ctx.post(c, 2_000_000, Verb.READ, MessageTag.NONE_TAG);
                }
            }

            @Override
            public void onDelivered(Message m, long nowPs) {
                delivered++;
            }

            @Override
            public boolean finished() {
                return true;
            }
        };
        SwitchSettings small = new SwitchSettings(null, 300_000L, null, null, null, null, null, null, null, null);
        RunResult r = new PacketEngine().run(new EngineInput(StarTopology.build(5, RATE, US), NicConfig.builder().mtu(1024).ackEvery(1).build(),
                small, new Traffic(List.of(() -> reads)), 1_000_000 * US, 1, List.of(),
                EngineInput.DEFAULT_CONVERGENCE_PS, false));
        assertTrue(r.dropPackets() > 0, "the responses overflow the switch");
        long packets = (2_000_000 + 1023) / 1024;
        long retransmits = 0;
        for (FlowResult f : r.flows()) {
            assertTrue(f.finished(), "read " + f.flowId() + " delivered");
            assertEquals(0, f.dst());
            retransmits += f.retransmits();
            PortResult responder = r.ports().stream()
                    .filter(p -> p.node().equals("h" + f.src()) && p.priority() == 1).findFirst().orElseThrow();
            assertEquals(packets + f.retransmits(), responder.txPackets(), "responder h" + f.src() + " sends only data");
        }
        assertTrue(retransmits > 0);
        assertTrue(r.simTimePs() < 1_000_000 * US, "ended when the reads were in, not at stop_time");
    }
}
