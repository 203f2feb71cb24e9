package org.lossless.verbs.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.verbs.measure.BwResult;
import org.lossless.verbs.measure.BwSample;
import org.lossless.verbs.measure.LatSample;
import org.lossless.verbs.measure.Measurement;

class PerftestParserTest {
    private static final double MIB = 8.0 * 1024 * 1024; // bits per MiB

    @Nested
    class Fixtures {
        @Test
        void allSizesGbitsFromNvidiaDocs() {
            Measurement m = ParseHelper.fixture("perftest_ib_write_bw_roce_all_sizes_gbits_nvidia_docs.txt");
            assertEquals(1, m.flows().size());
            BwResult r = m.flows().get(0);
            assertEquals("RDMA_Write BW Test", r.test());
            assertEquals("client", r.role());
            assertEquals("Gb/sec", r.unit());
            assertEquals(23, r.samples().size());
            assertEquals(1024, r.headerInt("Mtu"));
            assertEquals(5, r.headerInt("GID index"));
            assertEquals("mlx5_0", r.header().get("Device"));
            assertEquals("Ethernet", r.header().get("Link type"));
            BwSample s = r.samples().get(15); // 65536 B
            assertEquals(65536, s.sizeBytes());
            assertEquals(5000, s.iterations());
            assertEquals(92.39e9, s.peakBps(), 1);
            assertEquals(92.38e9, s.averageBps(), 1);
            assertEquals(0.176196, s.msgRateMpps(), 1e-9);
            assertEquals(92.39e9, r.goodputBps(), 1, "an -a sweep reports its largest size");
            assertTrue(r.peakMeasured());
            assertFalse(r.bidirectional());
            assertTrue(m.errors().isEmpty());
            // independent cross-check: BW = MsgRate x size x 8 where BW is printed with enough digits
            for (BwSample x : r.samples()) {
                if (x.averageBps() > 10e9) {
                    assertEquals(1, x.msgRateBps() / x.averageBps(), 0.001, "row " + x.sizeBytes());
                }
            }
        }

        @Test
        void durationModePostListFromIssue273() {
            BwResult r = ParseHelper.fixture("perftest_ib_write_bw_roce_postlist_duration_gbits_issue273.txt").flows().get(0);
            assertEquals("RDMA_Write Post List BW Test", r.test());
            assertFalse(r.peakMeasured(), "duration mode prints BW peak 0.00: not measured");
            BwSample s = r.samples().get(0);
            assertNull(s.peakBps());
            assertEquals(0.48e9, s.averageBps(), 1);
            assertEquals(224958464L, s.iterations());
            assertEquals("128", r.header().get("Post List"));
            assertEquals(4096, r.headerInt("Mtu"));
            assertEquals("OFF", r.header().get("rdma_cm QPs"), "tab before the colon");
            assertEquals(1, s.msgRateBps() / s.averageBps(), 0.01);
        }

        @Test
        void missingDeviceIsAnErrorOfTheRunNotOfTheParser() {
            Measurement m = ParseHelper.fixture("perftest_error_no_device_debian12.txt");
            assertTrue(m.flows().isEmpty());
            assertEquals(3, m.errors().size(), m.errors().toString());
            assertTrue(m.errors().get(2).endsWith("Unable to find the Infiniband/RoCE device"), m.errors().toString());
        }

        @Test
        void helpListsTheOptionsOfTheInstalledVersion() {
            Measurement bw = ParseHelper.fixture("perftest_help_ib_write_bw_debian12.txt");
            assertEquals("ib_write_bw", bw.toolHelp().get(0).tool());
            List<String> o = bw.toolHelp().get(0).options();
            for (String opt : List.of("tclass", "rate_limit", "rate_limit_type", "out_json", "report_gbits", "q", "qp", "x",
                    "gid-index", "D", "duration", "b", "bidirectional", "run_infinitely")) {
                assertTrue(o.contains(opt), opt + " in " + o);
            }
            List<String> lat = ParseHelper.fixture("perftest_help_ib_write_lat_debian12.txt").toolHelp().get(0).options();
            assertTrue(lat.contains("tclass"));
            assertFalse(lat.contains("rate_limit"), "latency tests have no rate limiter");
            assertFalse(lat.contains("b"), "latency tests are not bidirectional");
        }
    }

    @Nested
    class Variants {
        private static final String OLD_MB = """
                 WARNING: BW peak won't be measured in this run.
                ---------------------------------------------------------------------------------------
                                    RDMA_Write BW Test
                 Dual-port       : OFF\t\tDevice         : mlx5_1
                 Number of qps   : 4\t\tTransport type : IB
                 Mtu             : 4096[B]
                 Lock-free       : OFF
                ---------------------------------------------------------------------------------------
                 #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]
                Conflicting CPU frequency values detected: 2200.000000 != 1040.353000. CPU Frequency is not max.
                Conflicting CPU frequency values detected: 2200.000000 != 1200.000000. CPU Frequency is not max.
                 65536      1000           0.00               11180.72\t\t   0.178892
                \tcounters/port_xmit_data=183500800
                \thw_counters/out_of_buffer=0
                ---------------------------------------------------------------------------------------
                """;

        @Test
        void oldMbUnitWarningsAndCounterLines() {
            Measurement m = ParseHelper.text("old.txt", OLD_MB);
            BwResult r = m.flows().get(0);
            assertEquals("MB/sec", r.unit());
            BwSample s = r.samples().get(0);
            assertEquals(11180.72 * MIB, s.averageBps(), 1, "MB/sec means 2^20 bytes per second");
            assertNull(s.peakBps());
            assertEquals(183500800L, s.counters().get("counters/port_xmit_data"));
            assertEquals(0L, s.counters().get("hw_counters/out_of_buffer"));
            assertEquals(4, r.headerInt("Number of qps"));
            assertEquals("OFF", r.header().get("Lock-free"), "unknown header keys are kept");
            assertEquals(1, s.msgRateBps() / s.averageBps(), 0.001, "MsgRate x size agrees with MB = MiB");
            assertTrue(m.warnings().isEmpty(), m.warnings().toString());
        }

        @Test
        void newMibUnitIsTheSameUnit() {
            BwResult r = ParseHelper.text("new.txt", OLD_MB.replace("MB/sec", "MiB/sec")).flows().get(0);
            assertEquals("MiB/sec", r.unit());
            assertEquals(11180.72 * MIB, r.goodputBps(), 1);
        }

        @Test
        void sixDecimalRowsBelowATenthOfAGigabit() {
            String t = """
                     #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]
                     2          5000           0.042350            0.042185            2.636533
                    """;
            BwSample s = ParseHelper.text("ext.txt", t).flows().get(0).samples().get(0);
            assertEquals(0.042185e9, s.averageBps(), 1);
            assertEquals(0.042350e9, s.peakBps(), 1);
            assertEquals(1, s.msgRateBps() / s.averageBps(), 0.001);
        }

        @Test
        void columnsInAnotherOrderAreReadByName() {
            String t = """
                     #bytes   MsgRate[Mpps]   BW average[Gb/sec]   #iterations   BW peak[Gb/sec]
                     65536    0.176196        92.38                5000          92.39
                    """;
            BwSample s = ParseHelper.text("order.txt", t).flows().get(0).samples().get(0);
            assertEquals(92.38e9, s.averageBps(), 1);
            assertEquals(92.39e9, s.peakBps(), 1);
            assertEquals(5000, s.iterations());
            assertEquals(0.176196, s.msgRateMpps(), 1e-9);
        }

        @Test
        void qosTableWithServiceLevel() {
            String t = """
                     #bytes    #sl      #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]
                     65536    3           5000           92.39            92.38                  0.176196
                    """;
            BwSample s = ParseHelper.text("qos.txt", t).flows().get(0).samples().get(0);
            assertEquals(3, s.sl());
            assertEquals(92.38e9, s.averageBps(), 1);
        }

        @Test
        void runInfinitelyRowsAreAveraged() {
            String t = """
                     #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]
                     65536      1000000        0.00               90.00                0.171661
                     65536      1000000        0.00               92.00                0.175476
                     65536      1000000        0.00               94.00                0.179291
                    """;
            BwResult r = ParseHelper.text("inf.txt", t).flows().get(0);
            assertEquals(3, r.samples().size());
            assertEquals(92.0e9, r.goodputBps(), 1);
            assertFalse(r.peakMeasured());
        }

        @Test
        void bidirectionalBanner() {
            String t = """
                                        RDMA_Write Bidirectional BW Test
                     #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]
                     65536      5000           196.05             196.04               0.373917
                    """;
            BwResult r = ParseHelper.text("bidir.txt", t).flows().get(0);
            assertTrue(r.bidirectional());
            assertEquals("RDMA_Write Bidirectional BW Test", r.test());
        }

        @Test
        void serverSideHasATableButNoRow() {
            String t = """
                    ************************************
                    * Waiting for client to connect... *
                    ************************************
                    ---------------------------------------------------------------------------------------
                                        RDMA_Write BW Test
                     Dual-port       : OFF          Device         : mlx5_0
                    ---------------------------------------------------------------------------------------
                     #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]
                    ---------------------------------------------------------------------------------------
                    """;
            Measurement m = ParseHelper.text("server.txt", t);
            assertEquals("server", m.flows().get(0).role());
            assertTrue(m.flows().get(0).samples().isEmpty());
            assertNull(m.flows().get(0).goodputBps());
            assertTrue(m.warnings().isEmpty(), m.warnings().toString());
        }

        @Test
        void latencyWithAWarningLineInside() {
            String t = """
                                        RDMA_Read Latency Test
                     #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]    t_stdev[usec]   99% percentile[usec]   99.9% percentile[usec]
                    Conflicting CPU frequency values detected: 2200.000000 != 1040.353000. CPU Frequency is not max.
                     2       1000          6.88           16.81        7.04              7.06         0.31      7.38        16.81
                    """;
            Measurement m = ParseHelper.text("lat.txt", t);
            LatSample s = m.latency().get(0).samples().get(0);
            assertEquals(2, s.sizeBytes());
            assertEquals(6.88, s.tMinUs());
            assertEquals(7.04, s.tTypicalUs());
            assertEquals(7.06, s.tAvgUs());
            assertEquals(7.38, s.p99Us());
            assertEquals(16.81, s.p999Us());
            assertNull(s.tpsAverage());
        }

        @Test
        void latencyInDurationMode() {
            String t = """
                     #bytes        #iterations       t_avg[usec]    tps average
                     2             1000000            1.23          812345.67
                    """;
            LatSample s = ParseHelper.text("latd.txt", t).latency().get(0).samples().get(0);
            assertEquals(1.23, s.tAvgUs());
            assertEquals(812345.67, s.tpsAverage());
            assertNull(s.tTypicalUs());
        }

        @Test
        void truncatedLastRowIsAWarning() {
            String t = """
                     #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]
                     4096       5000           92.13              92.06                2.809574
                     8192       5000           92.35
                    """;
            Measurement m = ParseHelper.text("cut.txt", t);
            assertEquals(1, m.flows().get(0).samples().size());
            assertTrue(m.warnings().get(0).startsWith("cut.txt:3: truncated last row"), m.warnings().toString());
        }

        @Test
        void aShortRowInTheMiddleIsAnErrorNamingTheLine() {
            String t = """
                     #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]
                     4096       5000           92.13
                     8192       5000           92.35              92.31                1.408535
                    """;
            ParseException e = assertThrows(ParseException.class, () -> ParseHelper.text("mid.txt", t));
            assertEquals("mid.txt:2: expected 5 columns (#bytes, #iterations, BW peak[Gb/sec], BW average[Gb/sec],"
                    + " MsgRate[Mpps]), found 3", e.getMessage());
        }

        @Test
        void aNonNumberInARowIsAnError() {
            String t = """
                     #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]
                     4096       5000           abc                92.06                2.809574
                    """;
            ParseException e = assertThrows(ParseException.class, () -> ParseHelper.text("nan.txt", t));
            assertEquals("nan.txt:2: column 'BW peak[Gb/sec]' is not a number: 'abc'", e.getMessage());
        }

        @Test
        void cyclesInsteadOfMicrosecondsIsRefused() {
            String t = """
                     #bytes #iterations    t_min[cycles]    t_max[cycles]  t_typical[cycles]
                     2       1000          16000           40000        17000
                    """;
            ParseException e = assertThrows(ParseException.class, () -> ParseHelper.text("cyc.txt", t));
            assertTrue(e.getMessage().startsWith("cyc.txt:1: latency column 't_min[cycles]'"), e.getMessage());
        }

        @Test
        void rateLimitErrorIsReported() {
            Measurement m = ParseHelper.text("rl.txt", " Failed: Unknown rate limit value\n");
            assertEquals(List.of("rl.txt:1: Failed: Unknown rate limit value"), m.errors());
        }

        @Test
        void aBareNumberIsTheOutputOption() {
            Measurement m = ParseHelper.text("bw.txt", "92.381234\n");
            assertEquals(92.381234, m.values().get(0).value());
            assertEquals("unknown", m.values().get(0).meaning());
        }
    }

    @Nested
    class OutJson {
        @Test
        void oldUnquotedFormat() {
            String t = """
                    {
                    test_info: {
                    test: RDMA_Write_BW_Test,
                    Dual_port: OFF,
                    Device: "mlx5_0",
                    Number_of_qps: 1,
                    TX_depth : 128,
                    Mtu: 1024,
                    Link_type: Ethernet,
                    GID_index: 3,
                    },
                    results: {
                    MsgSize: 65536,
                    n_iterations: 5000,
                    BW_peak: 92.39,
                    BW_average: 92.38,
                    MsgRate: 0.176196,
                    },
                    }
                    """;
            Measurement m = ParseHelper.text("old.json", t);
            BwResult r = m.flows().get(0);
            assertEquals("Gb/sec", r.unit(), "92.38 agrees with MsgRate x size only in Gb/s");
            assertEquals(92.38e9, r.goodputBps(), 1);
            assertEquals("mlx5_0", r.header().get("Device"));
            assertEquals("128", r.header().get("TX_depth"));
            assertEquals("RDMA_Write_BW_Test", r.test());
        }

        @Test
        void newQuotedFormatInMib() {
            String t = """
                    {
                    "test_info": {
                    "test": "RDMA_Write_BW_Test",
                    "Device": "mlx5_0",
                    "Mtu": 4096
                    },
                    "results": {
                    "MsgSize": 65536,
                    "n_iterations": 5000,
                    "BW_peak": 11690.12,
                    "BW_average": 11688.99,
                    "MsgRate": 0.187024
                    }
                    }
                    """;
            BwResult r = ParseHelper.text("new.json", t).flows().get(0);
            assertEquals("MiB/sec", r.unit());
            assertEquals(11688.99 * MIB, r.goodputBps(), 1);
        }

        @Test
        void latencyReport() {
            String t = """
                    {
                    "test_info": {
                    "test": "RDMA_Write_Latency_Test"
                    },
                    "results": {
                    "MsgSize": 64,
                    "n_iterations": 1000,
                    "t_min": 1.60,
                    "t_max": 5.20,
                    "t_typical": 1.71,
                    "t_avg": 1.74,
                    "t_stdev": 0.11,
                    "percentile_99": 2.05,
                    "percentile_99.9": 5.20
                    }
                    }
                    """;
            LatSample s = ParseHelper.text("lat.json", t).latency().get(0).samples().get(0);
            assertEquals(1.71, s.tTypicalUs());
            assertEquals(5.20, s.p999Us());
        }

        @Test
        void cutShortIsAnError() {
            ParseException e = assertThrows(ParseException.class, () -> ParseHelper.text("cut.json", "{\ntest_info: {\ntest: X,\n"));
            assertTrue(e.getMessage().startsWith("cut.json:3: perftest JSON report without a results section"), e.getMessage());
        }
    }
}
