package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.scenario.ScenarioLoader;

/**
 * UET with receiver credits (RCCC): an incast of 8 x 64 KB into host 0 of a 400 Gb/s star with 3 us cables, two
 * rounds 5 us apart. Round 2 is posted 5 us after round 1's last delivery, while round 1's last ACKs are still on
 * their way (6 us back over two cables). Each QP's packets of round 1 went when it had nothing more to send, and its
 * speculation ended at its first ACK, so nothing told the receiver of the new message and no grant came: with
 * nothing outstanding there was no timeout either, and round 2 never sent a byte (8 of 16 messages in 5 ms). A QP
 * whose last outstanding packet is acknowledged with data left and no credit now speculates again, as a message
 * posted on an idle QP does.
 */
class RcccNextRoundTest {
    private static final String SCENARIO = "name: r\nseed: 21\nstop_time: 5ms\n"
            + "topology: {type: star, hosts: 9, host_link: {rate: 400Gbps, delay: 3us}}\n"
            + "switch: {flow_control: none, buffer_size: 4MB}\n"
            + "nic: {mtu: 4096, transport: uet, uet: {cc: rccc}}\n"
            + "workloads:\n  - {type: incast, name: inc, senders: '1-8', receiver: 0, size: 64KB, repeat: 2, gap: 5us}\n";

    @Test
    void theSecondRoundSpeculatesOnceTheFirstIsAcknowledged() {
        RunResult r = new ScenarioEngine().run(ScenarioLoader.parse("r.yaml", SCENARIO, Path.of("."), List.of()));
        assertEquals(16, r.flows().size());
        long lastAck = 0;
        for (FlowResult f : r.flows().subList(0, 8)) {
            lastAck = Math.max(lastAck, f.senderDonePs());
        }
        long last = 0;
        for (FlowResult f : r.flows()) {
            assertTrue(f.finished(), f.toString());
            last = Math.max(last, f.finishPs());
        }
        // round 2 goes once round 1's last ACK is back: 512 KB through host 0's 400 Gb/s port (10.24 us) and two
        // 3 us cables, with 1 us to spare for the first packet's serialization and the switch
        assertTrue(last <= lastAck + 6_000_000L + 10_240_000L + 1_000_000L, "last delivery at " + last);
    }
}
