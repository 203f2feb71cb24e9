package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.scenario.ScenarioLoader;

/**
 * IRN with packets sprayed over every path: a NACK asks a QP that has sent all its data to resend a packet, the QP
 * joins its NIC's list of QPs with something to send, and a later acknowledgement (cumulative or selective) shows the
 * packet arrived after all (it was only reordered) before the NIC came to the QP. The NIC must then take the QP off its list
 * rather than build a packet past its last message (which failed the run with an index out of bounds: found by a
 * sweep of scenarios on 1, 2 and 4 threads, benchmarks/README.md, "Step 32"; the sequential engine failed alike).
 */
class SackTakesBackARetransmissionTest {
    @Test
    void aSprayedIrnRunWithAPermutationBesideAnAllReduceFinishes() {
        String text = "name: s\nseed: 11\n"
                + "topology: {type: fat-tree, k: 4, host_link: {rate: 100Gbps, delay: 1us}, "
                + "fabric_link: {rate: 100Gbps, delay: 1us}}\n"
                + "nic: {mtu: 1024, cc: dcqcn, loss_recovery: irn}\nrouting: {mode: spray}\nworkloads:\n"
                + "  - {type: permutation, hosts: '0-15', size: 1MB}\n"
                + "  - {type: allreduce, hosts: '0-15', size: 2MB, algorithm: ring}\n";
        RunResult r = new ScenarioEngine().run(ScenarioLoader.parse("s.yaml", text, Path.of("."), List.of()));
        assertTrue(r.flows().stream().allMatch(FlowResult::finished), "every message delivered");
        assertTrue(r.flows().stream().anyMatch(f -> f.retransmits() > 0), "spraying reorders, and IRN resends");
    }
}
