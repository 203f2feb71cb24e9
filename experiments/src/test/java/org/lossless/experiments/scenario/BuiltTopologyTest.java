package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;
import org.lossless.topology.Topology;

/** {@link TopologyConfig#build()} shares the graph between equal configurations in a row ({@link BuiltTopology}). */
class BuiltTopologyTest {
    private static final LinkConfig LINK = LinkConfig.of(100_000_000_000L, 1_000_000L);

    @Test
    void equalConfigurationsShareOneGraph() {
        Topology first = new TopologyConfig.Star(3, LINK, LINK).build();
        // a configuration made separately with the same keys is equal (a record): the same graph, not a new one
        assertSame(first, new TopologyConfig.Star(3, LINK, LINK).build());
        assertEquals(4, first.nodes().size());   // 3 hosts and the switch
    }

    @Test
    void anotherConfigurationGetsItsOwnGraph() {
        Topology three = new TopologyConfig.Star(3, LINK, LINK).build();
        Topology five = new TopologyConfig.Star(5, LINK, LINK).build();
        assertNotSame(three, five);
        assertEquals(6, five.nodes().size());
        // the entry now holds the 5-host star: the 3-host one is built anew, with the same shape
        Topology again = new TopologyConfig.Star(3, LINK, LINK).build();
        assertNotSame(three, again);
        assertEquals(4, again.nodes().size());
        assertEquals(3, again.hostCount());
        // a fat-tree with k = 4: 16 hosts, 8 edge, 8 aggregation and 4 core switches
        Topology ft = new TopologyConfig.FatTree(4, 1.0, 1.0, LINK, LINK).build();
        assertEquals(36, ft.nodes().size());
        assertEquals(16, ft.hostCount());
        assertSame(ft, new TopologyConfig.FatTree(4, 1.0, 1.0, LINK, LINK).build());
    }
}
