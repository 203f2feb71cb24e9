package org.lossless.verbs.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.lossless.verbs.Fixtures;
import org.lossless.verbs.measure.CollectiveResult;
import org.lossless.verbs.measure.CollectiveRow;
import org.lossless.verbs.measure.Measurement;

class NcclTestsParserTest {
    @Test
    void allReduce24RanksFixture() {
        CollectiveResult r = ParseHelper.fixture("nccl_tests_all_reduce_24ranks_a800_kubeflow.txt").collectives().get(0);
        assertEquals(24, r.ranks());
        assertEquals("1", r.settings().get("nThread"));
        assertEquals("536870912", r.settings().get("minBytes"));
        assertEquals("50", r.settings().get("warmup iters"));
        assertEquals("50", r.settings().get("iters"));
        assertEquals(3, r.rows().size());
        CollectiveRow row = r.rows().get(0);
        assertEquals(536870912L, row.sizeBytes());
        assertEquals(134217728L, row.count());
        assertEquals("float", row.type());
        assertEquals("sum", row.redop());
        assertEquals(-1, row.root());
        assertEquals(24942, row.outOfPlace().timeUs());
        assertEquals(21.52, row.outOfPlace().algbwGBps());
        assertEquals(41.26, row.outOfPlace().busbwGBps());
        assertEquals(0L, row.outOfPlace().wrong());
        assertEquals(24966, row.inPlace().timeUs());
        assertEquals(41.6967, r.avgBusbwGBps());
        assertEquals("0 OK", r.outOfBounds());
        // nccl-tests' definitions, computed independently: algbw = S/t, busbw = algbw x 2(n-1)/n
        assertEquals(2.0 * 23 / 24, r.busbwFactor(), 0.002);
        for (CollectiveRow x : r.rows()) {
            assertEquals(x.sizeBytes() / (x.outOfPlace().timeUs() * 1e-6) / 1e9, x.outOfPlace().algbwGBps(), 0.01);
        }
    }

    @Test
    void allGather16RanksFixture() {
        CollectiveResult r = ParseHelper.fixture("nccl_tests_all_gather_16ranks_gke_a3plus.txt").collectives().get(0);
        assertNull(r.ranks(), "the fixture does not list its ranks");
        assertEquals(11, r.rows().size());
        assertEquals("none", r.rows().get(0).redop());
        assertEquals(122.14, r.rows().get(10).outOfPlace().busbwGBps());
        assertEquals(120.19, r.rows().get(10).inPlace().busbwGBps());
        assertEquals(11706, r.rows().get(9).inPlace().timeUs());
        assertEquals(15.0 / 16, r.busbwFactor(), 0.01);
        assertEquals(22.449, r.avgBusbwGBps());
    }

    @Test
    void mpiRankPrefixesAreRemoved() {
        StringBuilder sb = new StringBuilder();
        for (String l : Fixtures.text("nccl_tests_all_reduce_24ranks_a800_kubeflow.txt").split("\n")) {
            sb.append("[1,0]<stdout>:").append(l).append('\n');
        }
        sb.append("[1,3]<stderr>:some warning\n");
        CollectiveResult r = ParseHelper.text("mpi.txt", sb.toString()).collectives().get(0);
        assertEquals(3, r.rows().size());
        assertEquals(24, r.ranks());
        assertEquals(41.26, r.rows().get(0).outOfPlace().busbwGBps());
    }

    @Test
    void ranksFromPrefixesWhenNotListed() {
        String t = """
                [1,0]<stdout>:#                                                       out-of-place                       in-place
                [1,0]<stdout>:#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
                [1,0]<stdout>:     1048576        262144     float     sum      -1    100.0   10.49   15.73      0    101.0   10.38   15.57      0
                [1,3]<stdout>:# Avg bus bandwidth    : 15.65
                """;
        CollectiveResult r = ParseHelper.text("p.txt", t).collectives().get(0);
        assertEquals(4, r.ranks());
        assertEquals(1.5, r.busbwFactor(), 0.001);
    }

    @Test
    void olderVersionErrorColumnWithoutRoot() {
        String t = """
                #                                                 out-of-place                    in-place
                #       size         count    type   redop     time   algbw   busbw  error     time   algbw   busbw  error
                #        (B)    (elements)                     (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
                     8388608       2097152   float     sum    850.1    9.87   17.27  1e-06    849.6    9.87   17.28  1e-06
                # Out of bounds values : 0 OK
                # Avg bus bandwidth    : 17.27
                """;
        CollectiveRow row = ParseHelper.text("old.txt", t).collectives().get(0).rows().get(0);
        assertNull(row.root());
        assertEquals(17.27, row.outOfPlace().busbwGBps());
        assertEquals(17.28, row.inPlace().busbwGBps());
        assertNull(row.outOfPlace().wrong(), "older versions print a max error, not a count");
        assertEquals("1e-06", row.outOfPlace().extra().get("error"));
    }

    @Test
    void derivedToolInPlaceFirstOneHalfNoTypeColumns() {
        String t = """
                #                                        in-place                          out-of-place
                #       size         count     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong
                     1048576        262144    50.00   20.97   36.70     N/A
                     2097152        524288    80.00   26.21   45.87     N/A
                """;
        Measurement m = ParseHelper.text("mscclpp.txt", t);
        CollectiveRow row = m.collectives().get(0).rows().get(1);
        assertNull(row.outOfPlace());
        assertEquals(80.00, row.inPlace().timeUs());
        assertNull(row.inPlace().wrong(), "N/A is not 0");
        assertNull(row.type());
        assertTrue(m.warnings().stream().anyMatch(w -> w.contains("no '# Avg bus bandwidth'")), m.warnings().toString());
    }

    @Test
    void rcclTrailingColumnsAndIterationStatistics() {
        String t = """
                #                                                              out-of-place                                           in-place
                #       size         count      type   redop    root     time   algbw   busbw #wrong   i_p99     time   algbw   busbw #wrong   i_p99  algo proto nchannels
                     1048576        262144     float     sum      -1    100.0   10.49   18.35      0   120.0    101.0   10.38   18.17      0   121.0  RING  LL128  16
                """;
        CollectiveRow row = ParseHelper.text("rccl.txt", t).collectives().get(0).rows().get(0);
        assertEquals("120.0", row.outOfPlace().extra().get("i_p99"));
        assertEquals("RING", row.extra().get("algo"));
        assertEquals("16", row.extra().get("nchannels"));
        assertEquals(18.17, row.inPlace().busbwGBps());
    }

    @Test
    void truncatedLastRowIsAWarningAndRowBeforeHeaderAnError() {
        String t = """
                #       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
                     1048576        262144     float     sum      -1    100.0   10.49   18.35      0    101.0   10.38   18.17      0
                     2097152        524288     float     sum      -1    180.0
                """;
        Measurement m = ParseHelper.text("cut.txt", t);
        assertEquals(1, m.collectives().get(0).rows().size());
        assertTrue(m.warnings().contains("cut.txt:3: truncated last row ignored (output cut short?)"), m.warnings().toString());
        ParseException e = assertThrows(ParseException.class, () -> ParseHelper.text("early.txt",
                "# nThread 1 nGpus 1 minBytes 8 maxBytes 8 step: 2(factor) warmup iters: 5 iters: 20\n     8   2  float  sum  -1  1.0  0.0  0.0  0\n"));
        assertEquals("early.txt:2: a data row before the nccl-tests column header (#  size  count ...)", e.getMessage());
    }
}
