package org.lossless.experiments.lint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.LosslessDrop;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;

/**
 * A buffer that cannot hold what every port may need at once: a shared headroom pool smaller than the headrooms of
 * the lossless groups that draw on it. Star of 9 hosts, 100 Gb/s, 2 m, nic.mtu 1000 (frame 1078 B): each port's
 * headroom (auto) by hand is 1078 x 3 + cable 252.5 + MAC/PHY 819.2 + the NICs' response 25,216 = 29,521.7 B -> 29 KiB
 * = 29,696 B; the 9 ports' lossless groups (priority 3) together 9 x 29,696 = 267,264 B. A pool of 60 KB is
 * 207,264 B short.
 */
class HeadroomPoolLintTest {
    private static final long NEED = 9 * 29_696L;
    private static final String SCENARIO = """
            name: shp
            topology: {type: star, hosts: 9, host_link: {rate: 100Gbps, length: 2m}}
            switch:
              pools:
                - {name: ingress_lossless_pool, type: ingress, size: 1MB, headroom_pool: %s}
                - {name: egress_pool, type: egress, size: 2MB}
            nic: {mtu: 1000, cc: none}
            workloads:
              - {type: incast, receiver: 0, size: 500KB}
            """;

    static Scenario scenario(String headroomPool) {
        return ScenarioLoader.parse("shp.yaml", SCENARIO.formatted(headroomPool), Path.of("."), List.of());
    }

    @Nested
    class Warning {
        @Test
        void namesTheSwitchItsPortsAndTheShortfall() {
            assertEquals(267_264, NEED);
            assertEquals(List.of("the shared headroom pool cannot hold what the lossless priority groups of its ports "
                    + "may need at once (each up to its headroom, switch.pfc.headroom) on 1 switch: switch.pools "
                    + "ingress_lossless_pool: headroom_pool 60000 B: sw0:0-8 need 267264 B, shortfall 207264 B; lossless "
                    + "drops are possible when these ports pause together: raise headroom_pool to the need"),
                    Finding.messages(HeadroomPoolLint.of(scenario("60KB"))));
            assertTrue(Finding.messages(HeadroomPoolLint.of(scenario("267263"))).get(0).contains("need 267264 B, shortfall 1 B"));
        }

        @Test
        void silentWhenThePoolHoldsEveryGroupOrThereIsNone() {
            assertEquals(List.of(), Finding.messages(HeadroomPoolLint.of(scenario(Long.toString(NEED)))));
            assertEquals(List.of(), Finding.messages(HeadroomPoolLint.of(scenario("0"))));
        }

        /** Ports grouped per switch and need: leaves (2 hosts + 1 spine port) and the spine (2 leaf ports). */
        @Test
        void groupsSwitchesByNeed() {
            // every link 100 Gb/s, 2 m: every port 29,696 B; a leaf has 3 ports (89,088 B), the spine 2 (59,392 B)
            String yaml = SCENARIO.formatted("50KB").replace("{type: star, hosts: 9, host_link: {rate: 100Gbps, length: 2m}}",
                    "{type: leaf-spine, leaves: 2, spines: 1, hosts_per_leaf: 2, host_link: {rate: 100Gbps, length: 2m},"
                            + " fabric_link: {rate: 100Gbps, length: 2m}}").replace("receiver: 0", "receiver: 3");
            Scenario s = ScenarioLoader.parse("ls.yaml", yaml, Path.of("."), List.of());
            String w = Finding.messages(HeadroomPoolLint.of(s)).get(0);
            assertTrue(w.contains("on 3 switches: switch.pools ingress_lossless_pool: headroom_pool 50000 B: "
                    + "leaf0:0-2, leaf1:0-2 need 89088 B, shortfall 39088 B; spine0:0-1 need 59392 B, shortfall 9392 B;"), w);
        }
    }

    /** What the warning warns of, run: an 8-to-1 incast pauses the 8 senders' ports together. */
    @Nested
    class Run {
        static RunResult run(String headroomPool) {
            return new PacketEngine().run(ScenarioEngine.input(scenario(headroomPool)));
        }

        @Test
        void aShortPoolDropsWithEveryGroupUnderItsOwnHeadroom() {
            RunResult r = run("60KB");
            assertTrue(r.losslessDropPackets() > 0, "the pool runs dry when the senders' ports pause together");
            assertEquals(r.dropPackets(), r.losslessDropPackets(), "every drop is a lossless drop");
            for (LosslessDrop d : r.losslessDrops()) {
                assertEquals(d.packets(), d.poolDryPackets(), d.where() + ": the pool, not the group's headroom, ran out");
                assertEquals(29_696, d.headroomBytes());
                assertTrue(d.peakBytes() < 29_696, d.where() + " peak " + d.peakBytes());
            }
            assertEquals(List.of(), r.flows().stream().filter(f -> !f.finished()).toList(), "go-back-N recovers");
            System.out.printf("shared headroom pool 60 KB (need 267,264 B): %d lossless drops at %d ports%n",
                    r.losslessDropPackets(), r.losslessDrops().size());
        }

        @Test
        void aPoolThatHoldsTheNeedDoesNotDrop() {
            RunResult r = run(Long.toString(NEED));
            assertTrue(r.pauseFrames() > 0);
            assertEquals(0, r.dropPackets());
            assertEquals(List.of(), r.losslessDrops());
        }
    }
}
