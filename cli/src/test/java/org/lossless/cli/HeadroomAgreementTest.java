package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lossless.experiments.run.EngineInput;
import org.lossless.experiments.lint.Finding;
import org.lossless.experiments.lint.HeadroomLint;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.switchmodel.mmu.SharedBufferMmu;

/**
 * One port, three places that size its headroom: {@code lossless headroom --model run}, the warning of run and
 * check ({@link HeadroomLint}) and the MMU a run builds with {@code headroom: auto}. They must give the same
 * bytes. Port: 100 Gb/s, 2 m, nic.mtu 1000 (frame 1078 B), byte cells; by hand (SONiC formula, MAC/PHY 819.2 B,
 * cable 2 x 2 m x 100 Gb/s / 1.98e8 m/s / 8 = 252.5 B, plus the 1078 B frame that crosses the threshold):
 * 1078 + 1078 + 252.5 + 819.2 + response bytes + 1078, rounded up to 1 KiB. Response auto = 394 quanta x 64 B =
 * 25,216 B -> 29,521.7 -> 29,696 B; 1 us = 12,500 B -> 16,805.7 -> 17,408 B. With 96 B cells the 1078 B frame takes
 * 12 cells = 1152 B: occupancy 1152/1078, so (1078 + 252.5 + 819.2 + 25,216) x 1152 / 1078 + 1078 + 1152 (the
 * crossing frame in whole cells) = 31,474.7 -> 31,744 B. (Each 1 KiB less before the crossing frame was counted.)
 */
class HeadroomAgreementTest {
    private static final String SCENARIO = """
            name: agree
            topology: {type: star, hosts: 3, host_link: {rate: 100Gbps, length: 2m}}
            switch: {cell_size: %s, pfc: {headroom: %s}, ecn: {enabled: false}}
            nic: {mtu: 1000, cc: none, pfc_response_time: %s}
            workloads: [{type: flows, flows: [{src: 1, dst: 0, size: 1KB}]}]
            """;

    @ParameterizedTest(name = "response {0}, cell {1}: {2} B")
    @CsvSource({"auto, 1, 29696", "1us, 1, 17408", "auto, 96, 31744"})
    void commandWarningAndRunAgree(String response, int cell, long need) {
        HeadroomCommandTest.Run cmd = HeadroomCommandTest.run(new HeadroomCommand(), "--rate", "100Gbps", "--cable", "2m",
                "--nic-mtu", "1000", "--cell-size", Integer.toString(cell), "--response-time", response, "--model", "run");
        assertEquals(0, cmd.code(), cmd.err());
        assertTrue(cmd.out().contains("xoff: " + need + " B"), cmd.out());

        Scenario small = ScenarioLoader.parse("a.yaml", SCENARIO.formatted(cell, "4KB", response), Path.of("."), List.of());
        List<String> warning = Finding.messages(HeadroomLint.of(small));
        assertEquals(1, warning.size());
        assertTrue(warning.get(0).contains("need " + need + " B (100Gbps, 2m)"), warning.get(0));

        Scenario auto = ScenarioLoader.parse("a.yaml", SCENARIO.formatted(cell, "auto", response), Path.of("."), List.of());
        EngineInput in = ScenarioEngine.input(auto);
        long[] configured = new long[3];
        new PacketEngine().run(in, null, (sim, net, flows) -> {
            SharedBufferMmu mmu = (SharedBufferMmu) net.switchAt(in.topology().nodeId("sw0")).mmu();
            for (int port = 0; port < 3; port++) {
                configured[port] = mmu.config().pgProfile(port, 3).headroomBytes();
            }
        });
        for (long c : configured) {
            assertEquals(need, c, "the run's headroom: auto");
        }
    }
}
