package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.lossless.experiments.results.ResultFiles;
import org.lossless.experiments.run.EngineInput;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.NicConfig;
import org.lossless.nic.dcqcn.DcqcnParams;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.StarTopology;

/**
 * Loss recovery and the per-flow counters of {@code flows.csv}, through the packet engine as
 * {@code lossless run} uses it.
 */
class LossRecoveryTest {
    static final long RATE = 40_000_000_000L;
    static final long US = 1_000_000L;
    static final int MTU = 1024;
    static final int SENDERS = 4;
    static final long SIZE = 2_000_000;

    static RunResult incast(NicConfig nic, SwitchSettings sw, int priority) {
        List<FlowSpec> flows = new ArrayList<>();
        for (int s = 1; s <= SENDERS; s++) {
            flows.add(new FlowSpec("incast", s, 0, SIZE, 0, priority));
        }
        return new PacketEngine().run(new EngineInput(StarTopology.build(SENDERS + 1, RATE, US), nic, sw, flows,
                1_000 * 1_000 * US, 1));
    }

    static PortResult port(RunResult r, String node, String peer, int priority) {
        return r.ports().stream().filter(p -> p.node().equals(node) && p.peer().equals(peer) && p.priority() == priority)
                .findFirst().orElseThrow(() -> new AssertionError("no traffic " + node + " -> " + peer + " prio " + priority));
    }

    /**
     * A 4-to-1 incast of 2 MB per sender on priority 1 while PFC protects only priority 3 (the default),
     * through a switch of 300 KB of buffer, without congestion control: the receiver's port drops, and
     * go-back-N (a NACK per gap, the retransmission timeout for a lost tail) must still deliver
     * every byte exactly once. (One run, shared by the tests of this class.)
     */
    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class GoBackNOnALossyPriority {
        static final int LOSSY = 1;
        final RunResult r = incast(NicConfig.builder().mtu(MTU).ackEvery(1).build(), new SwitchSettings(null, 300_000L, null, null, null,
                null, null, null, null, null), LOSSY);
        final long packets = (SIZE + MTU - 1) / MTU;

        @Test
        void everyFlowCompletesAndCountsItsRetransmissions() {
            PortResult bottleneck = port(r, "sw0", "h0", LOSSY);
            assertTrue(bottleneck.drops() > 0, "the incast must overflow the buffer: " + bottleneck);
            assertEquals(bottleneck.drops(), r.dropPackets(), "drops only at the receiver's port");
            long retransmits = 0;
            for (FlowResult f : r.flows()) {
                assertTrue(f.finished(), "flow " + f.flowId() + " unfinished");
                retransmits += f.retransmits();
            }
            // every dropped packet was sent again, and go-back-N resends what followed it too
            assertTrue(retransmits >= bottleneck.drops(), retransmits + " retransmits < " + bottleneck.drops() + " drops");
            System.out.printf("go-back-N: %d drops, %d retransmits, slowest flow %.3f ms (ideal %.3f ms)%n",
                    bottleneck.drops(), retransmits, r.flows().stream().mapToLong(FlowResult::fctPs).max().orElseThrow() / 1e9,
                    r.flows().get(0).idealFctPs() / 1e9);
        }

        @Test
        void packetsAreConservedHopByHop() {
            long sent = 0;
            for (FlowResult f : r.flows()) {
                // a sender carries one flow and nothing else on its priority (ACKs travel the other way)
                PortResult host = port(r, "h" + f.src(), "sw0", LOSSY);
                assertEquals(packets + f.retransmits(), host.txPackets(), "flow " + f.flowId());
                sent += host.txPackets();
            }
            PortResult bottleneck = port(r, "sw0", "h0", LOSSY);
            assertEquals(sent - bottleneck.drops(), bottleneck.txPackets());
        }

        @Test
        void flowsCsvCarriesTheRetransmissions() {
            List<String> rows = ResultFiles.flowsCsv(r.flows()).lines().toList();
            assertTrue(rows.get(0).contains(",slowdown,retransmits,cnps,"), rows.get(0));
            long total = 0;
            for (FlowResult f : r.flows()) {
                String[] cells = rows.get(1 + (int) f.flowId()).split(",", -1);
                assertEquals(Long.toString(f.retransmits()), cells[11]);
                assertEquals("0", cells[12], "no congestion control, no CNP");
                total += Long.parseLong(cells[11]);
            }
            assertTrue(total > 0);
        }
    }

    /**
     * The same incast, lossless (priority 3) with DCQCN {@code paper2015} and RED 5 KB / 200 KB / 1 %:
     * every flow's QP receives CNPs, and they are the CNPs the receiver sent, but for those still on
     * the wire when the last flow finishes and the run stops: at most one per flow, since a QP's
     * notification point waits 50 us between CNPs and a CNP crosses the star in about 2 us.
     */
    @Test
    void cnpsReceivedPerFlowAddUpToTheCnpsSent() {
        RunResult r = incast(NicConfig.builder().mtu(MTU).ackEvery(1).build().withDcqcn(DcqcnParams.profile("paper2015", RATE)),
                Fabric40G.paperSwitch(), 3);
        long received = 0;
        List<String> rows = ResultFiles.flowsCsv(r.flows()).lines().toList();
        for (FlowResult f : r.flows()) {
            assertTrue(f.finished());
            assertTrue(f.cnps() > 0, "flow " + f.flowId() + " received no CNP");
            assertEquals(0, f.retransmits(), "lossless: no retransmission");
            assertEquals(Long.toString(f.cnps()), rows.get(1 + (int) f.flowId()).split(",", -1)[12]);
            received += f.cnps();
        }
        assertEquals(0, r.dropPackets());
        long inFlight = r.cnpSent() - received;
        assertTrue(inFlight >= 0 && inFlight <= SENDERS, r.cnpSent() + " sent, " + received + " received");
    }
}
