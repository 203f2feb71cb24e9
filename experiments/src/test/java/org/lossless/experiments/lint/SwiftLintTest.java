package org.lossless.experiments.lint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.scenario.ScenarioLoader;

/**
 * {@link SwiftLint} on a k=4 fat-tree with 1 us cables and 4 KiB packets. Between pods a path crosses 5 switches and
 * 6 cables: 12 us of propagation both ways, and each way a data frame of 4,158-4,178 B and an ACK of 64-84 B per cable
 * (whatever the exact headers). At 25 Gb/s that is 12 + 7.98..8.02 + 0.12..0.16 = 20.1-20.2 us, above Swift's default
 * target there (10 us + 5 x 1 us = 15 us); at 100 Gb/s 14.0-14.1 us, below it.
 */
class SwiftLintTest {
    private static List<Finding> lint(String rate, String nic) {
        return SwiftLint.of(ScenarioLoader.parse("t.yaml", "name: t\ntopology: {type: fat-tree, k: 4, host_link: {rate: "
                + rate + ", delay: 1us}, fabric_link: {rate: " + rate + ", delay: 1us}}\nnic: " + nic + "\n"
                + "workloads: [{type: flows, flows: [{src: 0, dst: 15, size: 1MB}]}]\n", Path.of("."), List.of()));
    }

    @Test
    void swiftOnA25GFabricWarnsWithThePathsBaseRttAndTarget() {
        List<Finding> f = lint("25Gbps", "{mtu: 4096, cc: swift}");
        assertEquals(1, f.size(), f.toString());
        assertEquals(SwiftLint.CODE, f.get(0).code());
        assertEquals(List.of("nic.swift.base_target", "nic.swift.per_hop"), f.get(0).keyPaths());
        long rtt = f.get(0).values().get(0).value();
        assertTrue(rtt >= 20_100_000 && rtt <= 20_200_000, "base RTT " + rtt);
        assertEquals(15_000_000L, f.get(0).values().get(1).value());
        assertEquals(5L, f.get(0).values().get(2).value());
    }

    @Test
    void quietAt100GWithARaisedTargetOrWithoutSwift() {
        assertEquals(List.of(), lint("100Gbps", "{mtu: 4096, cc: swift}"));
        assertEquals(List.of(), lint("25Gbps", "{mtu: 4096, cc: swift, swift: {base_target: 40us}}"));
        assertEquals(List.of(), lint("25Gbps", "{mtu: 4096, cc: dcqcn}"));
    }
}
