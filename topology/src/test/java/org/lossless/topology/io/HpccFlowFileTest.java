package org.lossless.topology.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.StarSpec;

class HpccFlowFileTest {
    static final Topology STAR = new StarSpec(3, LinkSpec.gbps(100, 1000)).build(); // hosts 0..2, switch 3

    @Test
    void readsTheDeclaredFlows() {
        HpccFlowFile.Read r = HpccFlowFile.parse("2\n0 1 3 100 1000 2.000000000\n1 2 3 200 7 2.000001\n",
                "flow.txt", STAR);
        assertEquals(List.of(new HpccFlow(0, 1, 3, 100, 1000, 2_000_000_000_000L),
                new HpccFlow(1, 2, 3, 200, 7, 2_000_001_000_000L)), r.flows());
        assertTrue(r.warnings().isEmpty());
    }

    @Test
    void warnsLikeWorkloadsMdAsks() {
        String text = "3\n0 1 3 100 10 2.5\n1 2 3 100 10 2.1\n2 0 3 100 10 2.2\n0 2 3 100 10 2.3\nend of file notes";
        HpccFlowFile.Read r = HpccFlowFile.parse(text, "flow.txt", STAR);
        assertEquals(3, r.flows().size());
        String all = String.join("\n", r.warnings());
        assertTrue(all.contains("sorted by start time"), all);
        assertTrue(all.contains("1 flow lines after the declared 3"), all);

        HpccFlowFile.Read shortFile = HpccFlowFile.parse("5\n0 1 3 100 10 2.5\n", "flow.txt", STAR);
        assertEquals(1, shortFile.flows().size());
        assertTrue(shortFile.warnings().get(0).contains("declares 5 flows but holds 1"));

        // HPCC's generator wrote an estimate "10" and then "2" over it, leaving "2\n0\n"
        HpccFlowFile.Read stray = HpccFlowFile.parse("2\n0\n0 1 3 100 10 2.5\n1 0 3 100 10 2.6\n", "flow.txt", STAR);
        assertEquals(2, stray.flows().size());
        assertTrue(stray.warnings().get(0).contains("stray token '0'"), stray.warnings().toString());
    }

    @Test
    void badFlowsAreErrors() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HpccFlowFile.parse("1\n0 3 3 100 10 2.5\n", "flow.txt", STAR));
        assertTrue(e.getMessage().contains("flow.txt line 2: flow 1: dst is node 3, a switch"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> HpccFlowFile.parse("1\n0 1 3 100 10 soon\n", "flow.txt", STAR));
        assertTrue(e.getMessage().contains("start time must be a number of seconds"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> HpccFlowFile.parse("1\n0 0 3 100 10 2\n", "f", null));
        assertThrows(IllegalArgumentException.class, () -> new HpccFlow(0, 1, 8, 100, 10, 0));
    }

    @Test
    void writesSortedWithNanosecondSeconds() {
        List<HpccFlow> flows = List.of(new HpccFlow(2, 0, 3, 100, 500, 2_000_000_002_000L),
                new HpccFlow(0, 1, 3, 200, 1_000_000, 2_000_000_000_000L));
        List<String> warnings = new ArrayList<>();
        String text = HpccFlowFile.format(flows, warnings);
        assertEquals("2\n0 1 3 200 1000000 2.000000000\n2 0 3 100 500 2.000000002\n", text);
        assertTrue(warnings.isEmpty());
        HpccFlowFile.Read back = HpccFlowFile.parse(text, "again.txt", STAR);
        assertEquals(List.of(flows.get(1), flows.get(0)), back.flows());
        HpccFlowFile.format(List.of(flows.get(0).shifted(1)), warnings);
        assertEquals(1, warnings.size());
    }

    @Test
    void startTimesAreExactPicoseconds() {
        // digits and up to 12 decimals: whole picoseconds, by hand
        assertEquals(2_000_000_054_000L, HpccFlowFile.seconds("2.000000054"));
        assertEquals(2_000_000_000_000L, HpccFlowFile.seconds("2"));
        assertEquals(500_000_000_000L, HpccFlowFile.seconds("0.5"));
        assertEquals(1L, HpccFlowFile.seconds("0.000000000001"));
        assertEquals(999_999_999_999_999_999L, HpccFlowFile.seconds("999999.999999999999"));
        // anything else is left to BigDecimal (-1)
        for (String t : new String[] {".5", "2.", "-1.0", "+1.0", "1e-3", "2.0000000000001", "1000000.0", "1.2.3", "1a"}) {
            assertEquals(-1, HpccFlowFile.seconds(t), t);
        }
        // and the file reader gives the same picoseconds either way (BigDecimal rounds 13 decimals half-up)
        HpccFlowFile.Read r = HpccFlowFile.parse("3\n0 1 3 100 10 2.000000054\n0 1 3 100 10 2.0000000540005\n"
                + "0 1 3 100 10 2.1e0\n", "flow.txt", STAR);
        assertEquals(2_000_000_054_000L, r.flows().get(0).startPs());
        assertEquals(2_000_000_054_001L, r.flows().get(1).startPs());
        assertEquals(2_100_000_000_000L, r.flows().get(2).startPs());
    }

    @Test
    void errorMessagesNameTheFlowAndField() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HpccFlowFile.parse("2\n0 1 3 100 10 2.5\n1 0 9 100 10 2.6\n", "flow.txt", STAR));
        assertEquals("flow.txt line 3: flow 2: priority group must be in 0..7, got 9", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> HpccFlowFile.parse("1\n0 1 3 100 ten 2.5\n", "flow.txt", STAR));
        assertEquals("flow.txt line 2: flow 1: size (bytes) must be an integer, got 'ten'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> HpccFlowFile.parse("1\n0 1 3 100 10\n", "flow.txt", STAR));
        assertEquals("flow.txt line 2: flow 1: 5 fields; a flow line holds 6: src dst priority_group dport size_bytes "
                + "start_s", e.getMessage());
    }

    /** Issue 31: an extra column was read as the next flow's source, and a flow over 1 TiB failed only later. */
    @Test
    void aFlowIsOneLineOfSixFieldsAndAtMostOneTebibyte() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HpccFlowFile.parse("2\n0 1 3 100 10 2.5 7\n1 0 3 100 10 2.6\n", "flow.txt", STAR));
        assertEquals("flow.txt line 2: flow 1: 7 fields; a flow line holds 6: src dst priority_group dport size_bytes "
                + "start_s", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> HpccFlowFile.parse("1\n0 1 3 100 1099511627777 2.5\n", "flow.txt", STAR));
        assertEquals("flow.txt line 2: flow 1: size (bytes) must be in 1..1099511627776, got 1099511627777", e.getMessage());
        assertEquals(1L << 40, HpccFlowFile.parse("1\n0 1 3 100 1099511627776 2.5\n", "flow.txt", STAR).flows().get(0)
                .sizeBytes());
        e = assertThrows(IllegalArgumentException.class, () -> HpccFlowFile.parse("hunter2 secret\n", "f", STAR));
        assertEquals("f: is not an HPCC flow file (its first line must be 'the number of flows')", e.getMessage());
    }
}
