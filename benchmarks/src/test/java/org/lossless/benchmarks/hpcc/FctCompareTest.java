package org.lossless.benchmarks.hpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.topology.io.HpccFctFile;

class FctCompareTest {
    @Test
    void reportsTheRatiosOfPairedFlowsAndEachSidesSlowdowns() {
        // HPCC: two flows 1 -> 2 of 1000 B (starts 20, 10 ns: listed out of order, FCTs 200, 100) and one 3 -> 4
        List<HpccFctFile.Flow> hpcc = HpccFctFile.parse(List.of(
                "0b000101 0b000201 10000 100 1000 20 200 100",
                "0b000101 0b000201 10000 100 1000 10 100 100",
                "0b000301 0b000401 10000 100 64 30 50 40"), "fct.txt");
        // Lossless, times in ps: the same two 1 -> 2 flows (starts 5, 15 ns; FCTs 110, 180 ns), one 5 -> 6, and an
        // unfinished one (no sender_done_ps): skipped
        List<HpccFctFile.Flow> ours = FctCompare.readLossless(List.of(
                "flow_id,src,dst,size_bytes,start_ps,sender_done_ps,sender_ideal_fct_ps",
                "0,1,2,1000,5000,115000,100000",
                "1,1,2,1000,15000,195000,100000",
                "2,5,6,64,1000,41000,40000",
                "3,1,2,1000,16000,,100000"));
        assertEquals(3, ours.size());
        String r = FctCompare.report(HpccFctFile.pair(ours, hpcc));
        assertTrue(r.startsWith("2 flows compared; finished in Lossless only: 1, in HPCC only: 1"), r);
        // ratios 110 / 100 and 180 / 200: nearest rank p5 = p25 = p50 = 0.9, p75 = p95 = 1.1
        assertTrue(r.contains("| all | 1000-1000 | 2 | 0.900 | 0.900 | 0.900 | 1.100 | 1.100 |"), r);
        // slowdowns: Lossless 1.1, 1.8; HPCC 1.0, 2.0
        assertTrue(r.contains("Lossless 1.100 / 1.800 / 1.800 / 1.800, HPCC 1.000 / 2.000 / 2.000 / 2.000"), r);
        // fct_analysis.py: element floor(2 p) = 1 for p50, p95, p99
        assertTrue(r.contains("Lossless 1.800 / 1.800 / 1.800, HPCC 2.000 / 2.000 / 2.000, Lossless over HPCC 0.900"
                + " / 0.900 / 0.900"), r);
    }
}
