package org.lossless.topology.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.lossless.topology.Failures;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.FatTreeSpec;

class DotExportTest {
    static final Topology K4 = new FatTreeSpec(4, LinkSpec.gbps(100, 1000), LinkSpec.gbps(400, 500)).build();

    static int count(String text, String what) {
        return text.split(java.util.regex.Pattern.quote(what), -1).length - 1;
    }

    @Test
    void oneEdgePerCableOneRankPerTier() {
        String dot = DotExport.toDot(K4);
        assertTrue(dot.startsWith("graph \"fat-tree\" {"), dot);
        assertTrue(dot.trim().endsWith("}"));
        assertEquals(48, count(dot, " -- "));
        assertEquals(4, count(dot, "rank=same"));
        assertEquals(16, count(dot, "shape=box"));
        assertEquals(20, count(dot, "shape=ellipse"));
        assertTrue(dot.contains("\"h0\" -- \"tor0\" [label=\"100G 1us\"];"), dot);
        assertTrue(dot.contains("\"agg0\" -- \"core0\" [label=\"400G 500ns\"];"), dot);
    }

    @Test
    void failuresAreRedAndLabelsOptional() {
        int tor0 = K4.nodeId("tor0");
        String dot = DotExport.toDot(K4, Failures.ofNodes(tor0), false);
        assertFalse(dot.contains("label="));
        assertEquals(1 + 4, count(dot, "color=red")); // the node and its 4 cables
    }

    @Test
    void shortUnits() {
        assertEquals("1.6T", DotExport.shortRate(1_600_000_000_000L));
        assertEquals("40M", DotExport.shortRate(40_000_000L));
        assertEquals("800ps", DotExport.shortTime(800));
        assertEquals("2ms", DotExport.shortTime(2_000_000_000L));
    }
}
