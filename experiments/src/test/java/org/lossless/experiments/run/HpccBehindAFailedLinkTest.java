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
 * HPCC on go-back-N across a fabric link that fails for good at 50 us (k=4 fat-tree, 200 Gb/s, routes converge
 * 10 us later): two 1 MiB flows to host 13 lost the ACKs of a whole window in the failure. Their senders, HPCC's
 * window full of packets the receiver already had, resent that window at every timeout and got no answer, since a
 * duplicate was acknowledged only as a message's last packet: they never finished (20 ms of a 20 ms run, 285 and 342
 * retransmissions). The window's last packet carries AckReq, and a duplicate with AckReq is now acknowledged.
 */
class HpccBehindAFailedLinkTest {
    private static final String SCENARIO = "name: h\nseed: 33\nstop_time: 20ms\n"
            + "topology: {type: fat-tree, k: 4, host_link: {rate: 200Gbps, delay: 1us}, "
            + "fabric_link: {rate: 200Gbps, delay: 500ns}}\n"
            + "nic: {mtu: 4096, cc: hpcc, loss_recovery: go-back-n, rto: 100us}\n"
            + "routing: {convergence: 10us}\n"
            + "workloads:\n  - {type: flows, flows: [{src: 0, dst: 12, size: 1MiB}, {src: 0, dst: 13, size: 1MiB}, "
            + "{src: 1, dst: 13, size: 1MiB}, {src: 1, dst: 14, size: 1MiB}, {src: 2, dst: 14, size: 1MiB}, "
            + "{src: 2, dst: 15, size: 1MiB}, {src: 3, dst: 15, size: 1MiB}, {src: 3, dst: 12, size: 1MiB}]}\n"
            + "failures:\n  - {link: [agg0, core0], at: 50us}\n";

    @Test
    void everyFlowFinishesWithinAFewTimeoutsOfTheFailure() {
        RunResult r = new ScenarioEngine().run(ScenarioLoader.parse("h.yaml", SCENARIO, Path.of("."), List.of()));
        assertTrue(r.dropPackets() > 0, "the failure dropped frames");
        assertEquals(8, r.flows().size());
        // each receiver takes 2 MiB at 200 Gb/s (84 us of line time); the failure at 50 us, then at most two
        // timeouts of 100 us before the senders are back to sending new data
        long bound = 50_000_000L + 2 * 100_000_000L + 84_000_000L + 20_000_000L;
        for (FlowResult f : r.flows()) {
            assertTrue(f.finished() && f.finishPs() <= bound, f.toString());
        }
    }
}
