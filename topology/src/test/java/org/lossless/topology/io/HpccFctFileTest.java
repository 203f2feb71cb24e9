package org.lossless.topology.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class HpccFctFileTest {
    @Test
    void addressesAreHostNumbers() {
        // 0x0b000001 + (id / 256) * 0x10000 + (id % 256) * 0x100: 268 = 1 * 256 + 12, 291 = 1 * 256 + 35
        assertEquals(0, HpccFctFile.hostOf("0b000001"));
        assertEquals(268, HpccFctFile.hostOf("0b010c01"));
        assertEquals(291, HpccFctFile.hostOf("0b012301"));
        assertEquals(255, HpccFctFile.hostOf("0b00ff01"));
    }

    @Test
    void readsEachFieldOfALine() {
        List<HpccFctFile.Flow> f = HpccFctFile.parse(List.of("0b010c01 0b010001 10000 100 5223 2000000449 4527 4600",
                ""), "fct.txt");
        assertEquals(List.of(new HpccFctFile.Flow(268, 256, 5223, 2000000449, 4527, 4600)), f);
    }

    @Test
    void aShortLineNamesTheFileAndLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HpccFctFile.parse(List.of("0b000101 0b000201 10000 100 1000 20 200 100", "0b000101 0b000201"),
                        "run/fct.txt"));
        assertTrue(e.getMessage().startsWith("run/fct.txt:2: not an FCT line (2 fields, 8 expected)"), e.getMessage());
    }

    @Test
    void flowsWithTheSameKeyPairInStartOrder() {
        // theirs: two flows 1 -> 2 of 1000 B listed out of start order (starts 20, 10; FCTs 200, 100) and one 3 -> 4;
        // ours: the same two (starts 5, 15: another origin, the same order; FCTs 110, 180) and one 5 -> 6
        List<HpccFctFile.Flow> theirs = List.of(new HpccFctFile.Flow(1, 2, 1000, 20, 200, 100),
                new HpccFctFile.Flow(1, 2, 1000, 10, 100, 100), new HpccFctFile.Flow(3, 4, 64, 30, 50, 40));
        List<HpccFctFile.Flow> ours = List.of(new HpccFctFile.Flow(1, 2, 1000, 15, 180, 100),
                new HpccFctFile.Flow(1, 2, 1000, 5, 110, 100), new HpccFctFile.Flow(5, 6, 64, 1, 40, 40));
        HpccFctFile.Pairing p = HpccFctFile.pair(ours, theirs);
        assertEquals(2, p.matches().size());
        assertEquals(1.1, p.matches().get(0).ratio(), 1e-12); // our first to start (110) with theirs (100)
        assertEquals(0.9, p.matches().get(1).ratio(), 1e-12); // 180 / 200
        assertEquals(1, p.onlyOurs());
        assertEquals(1, p.onlyTheirs());
    }
}
