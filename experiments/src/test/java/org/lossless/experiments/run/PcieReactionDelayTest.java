package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.RunResult;

/**
 * A collective on GPU servers whose NICs reach their GPUs over a modelled PCIe link of 500 ns: a slice delivered over
 * the network reaches its GPU on the program's timer 500 ns later, sooner than the clear-to-send delay (773 ns) the
 * program used to declare as its least reaction delay, and every run failed its check ("sooner than the program's
 * declared minimum reaction delay"), with or without --threads. The PCIe latency now bounds the declared delay.
 */
class PcieReactionDelayTest {
    private static final String SCENARIO = "name: p\nseed: 28\n"
            + "topology: {type: rail-optimized, servers: 4, nics_per_server: 4, gpus_per_server: 8, servers_per_unit: 2, "
            + "spines: 2, uplinks_per_spine: 2, pcie: {rate: 256Gbps, latency: 500ns}}\n"
            + "nic: {mtu: 4096}\nworkloads:\n  - {name: w0, type: allgather, size: 8MiB, hosts: {servers: '0-1'}}\n";

    @Test
    void anAllGatherOverAShortPcieLinkRunsAndGivesOneResultOn1And2Threads() {
        RunResult r = ParallelRunTest.sameForAll(SCENARIO, 1, 2);
        assertEquals(1, r.jobs().size(), r.jobs().toString());
        assertTrue(r.jobs().get(0).finished(), r.jobs().toString());
        RunResult sequential = new ScenarioEngine().run(
                org.lossless.experiments.scenario.ScenarioLoader.parse("p.yaml", SCENARIO, java.nio.file.Path.of("."),
                        java.util.List.of()));
        assertTrue(sequential.jobs().get(0).finished(), sequential.jobs().toString());
    }
}
