package org.lossless.experiments.lint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.scenario.ScenarioLoader;

/** {@link SprayLint}: spraying warns under go-back-N for RoCEv2 QPs, not under IRN, ECMP or UET alone. */
class SprayLintTest {
    private static List<Finding> lint(String nic, String routing) {
        return SprayLint.of(ScenarioLoader.parse("t.yaml", "name: t\ntopology: {type: leaf-spine, leaves: 2, spines: 2,"
                + " hosts_per_leaf: 2}\nnic: " + nic + "\nrouting: " + routing + "\n"
                + "workloads: [{type: flows, flows: [{src: 0, dst: 3, size: 1MB}]}]\n", Path.of("."), List.of()));
    }

    @Test
    void sprayingUnderGoBackNWarnsWithBothKeys() {
        List<Finding> f = lint("{loss_recovery: go-back-n}", "{mode: spray}");
        assertEquals(1, f.size(), f.toString());
        assertEquals(SprayLint.CODE, f.get(0).code());
        assertEquals(List.of("routing.mode", "nic.loss_recovery"), f.get(0).keyPaths());
    }

    @Test
    void irnEcmpAndUetAloneAreQuiet() {
        assertEquals(List.of(), lint("{loss_recovery: irn}", "{mode: spray}"));
        assertEquals(List.of(), lint("{loss_recovery: go-back-n}", "{mode: ecmp}"));
        assertEquals(List.of(), lint("{transport: uet, uet: {spray: none}}", "{mode: spray}"));
    }
}
