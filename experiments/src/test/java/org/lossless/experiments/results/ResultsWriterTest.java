package org.lossless.experiments.results;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.core.stats.Percentiles;
import org.lossless.experiments.metrics.Completion;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.MessageLabel;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.scenario.ResolvedYaml;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultsWriterTest {
    static final Scenario SCENARIO = ScenarioLoader.parse("t.yaml", """
            name: two-to-one
            seed: 5
            topology: {type: star, hosts: 3}
            workloads:
              - type: flows
                name: w
                flows: [{src: 1, dst: 0, size: 1MB}, {src: 2, dst: 0, size: 1MB}, {src: 2, dst: 1, size: 4KB}]
            """, Path.of("/"), List.of());

    // fct 160 us over an ideal of 83.9 us (with 12 retransmitted packets and 3 CNPs); fct 200 us over the
    // same ideal; one unfinished flow, cut at 1 ms: 995 us so far over 1.35 us = 737.037037 (censored)
    static final RunResult RESULT = new RunResult(1_000_000_000L, 12_345, 1.23456, List.of(
            new FlowResult(0, "w", 1, 0, 3, 1_000_000, 0, 160_000_000, 83_900_000, 12, 3),
            new FlowResult(1, "w", 2, 0, 3, 1_000_000, 1_000_000, 201_000_000, 83_900_000),
            new FlowResult(2, "w", 2, 1, 3, 4_000, 5_000_000, -1, 1_350_000)),
            List.of(new PortResult("sw0", 0, "h0", 3, 100_000_000_000L, 2_100_000, 2_000, 0, 17, 4, 0, 250_000, 96_000),
                    new PortResult("h1", 0, "sw0", 3, 100_000_000_000L, 1_050_000, 1_000, 0, 0, 0, 2, 125_000, 0)),
            0, 0, 4, 250_000, false, 17, 9);

    @Nested
    class Csv {
        @Test
        void flowsCsvExactText() {
            // 160/83.9 = 1.907032181..., 200/83.9 = 2.383790226...
            assertEquals("""
                    flow_id,workload,src,dst,priority,size_bytes,start_ps,finish_ps,fct_ps,ideal_fct_ps,slowdown,retransmits,cnps,connection,op,iteration,step,channel,operation,bytes_delivered,sender_done_ps,receiver_ideal_fct_ps,sender_ideal_fct_ps,retransmitted_bytes,kind
                    0,w,1,0,3,1000000,0,160000000,160000000,83900000,1.907032,12,3,,,,,,,1000000,,83900000,83900000,0,data
                    1,w,2,0,3,1000000,1000000,201000000,200000000,83900000,2.383790,0,0,,,,,,,1000000,,83900000,83900000,0,data
                    2,w,2,1,3,4000,5000000,,,1350000,,0,0,,,,,,,0,,1350000,1350000,0,data
                    """, ResultFiles.flowsCsv(RESULT.flows()));
        }

        @Test
        void theCompletionChoosesFctIdealAndSlowdown() {
            // flow 0: receiver at 160 us (ideal 83.9 us), sender at 165 us (ideal 85 us): 165/85 = 1.941176...;
            // flow 1: delivered at 201 us, its last ACK not back: no sender FCT
            List<FlowResult> flows = List.of(
                    new FlowResult(0, "w", 1, 0, 3, 1_000_000, 0, 160_000_000, 83_900_000, 0, 0, MessageLabel.NONE,
                            1_000_000, 165_000_000, 85_000_000),
                    new FlowResult(1, "w", 2, 0, 3, 1_000_000, 1_000_000, 201_000_000, 83_900_000, 0, 0,
                            MessageLabel.NONE, 1_000_000, -1, 85_000_000));
            assertEquals("""
                    0,w,1,0,3,1000000,0,160000000,165000000,85000000,1.941176,0,0,,,,,,,1000000,165000000,83900000,85000000,0,data
                    1,w,2,0,3,1000000,1000000,201000000,,85000000,,0,0,,,,,,,1000000,,83900000,85000000,0,data
                    """, ResultFiles.flowsCsv(flows, Completion.SENDER).lines().skip(1)
                    .map(l -> l + "\n").reduce("", String::concat));
            assertEquals("""
                    0,w,1,0,3,1000000,0,160000000,160000000,83900000,1.907032,0,0,,,,,,,1000000,165000000,83900000,85000000,0,data
                    1,w,2,0,3,1000000,1000000,201000000,200000000,83900000,2.383790,0,0,,,,,,,1000000,,83900000,85000000,0,data
                    """, ResultFiles.flowsCsv(flows, Completion.RECEIVER).lines().skip(1)
                    .map(l -> l + "\n").reduce("", String::concat));
        }

        @Test
        void portsCsvExactText() {
            assertEquals("""
                    node,port,peer,priority,rate_bps,tx_bytes,tx_packets,drops,ecn_marked,pause_tx,pause_rx,paused_ps,max_queue_bytes
                    sw0,0,h0,3,100000000000,2100000,2000,0,17,4,0,250000,96000
                    h1,0,sw0,3,100000000000,1050000,1000,0,0,0,2,125000,0
                    """, ResultFiles.portsCsv(RESULT.ports()));
        }

        @Test
        void fieldsWithCommasAreQuoted() {
            String csv = ResultFiles.flowsCsv(List.of(new FlowResult(0, "a,\"b\"", 0, 1, 0, 1, 0, 2, 1)));
            assertEquals("0,\"a,\"\"b\"\"\",0,1,0,1,0,2,2,1,2.000000,0,0,,,,,,,1,,1,1,0,data\n", csv.lines().skip(1).findFirst().orElseThrow() + "\n");
        }

        @Test
        void jobsCsvIsTheHeaderWhileThereAreNoJobs() {
            assertEquals(ResultFiles.JOBS_HEADER + "\n", ResultFiles.jobsCsv(RESULT));
            assertTrue(ResultFiles.JOBS_HEADER.startsWith(
                    "job,iteration,type,hosts,size_bytes,start_ps,finish_ps,duration_ps,algbw_GBps,busbw_GBps,"));
        }
    }

    @Nested
    class SummaryJson {
        @Test
        void exactText() {
            // the answers first (jobs, then each workload, then the whole run: its data messages, its control
            // messages apart, the mix of both), the fabric, the simulator's cost last
            assertEquals("""
                    {
                      "name" : "two-to-one",
                      "seed" : 5,
                      "engine" : "packet",
                      "version" : "%s",
                      "stopped_by" : "stop_time",
                      "sim_time_ps" : 1000000000,
                      "jobs" : [ ],
                      "workloads" : {
                        "w" : {
                          "flows" : {
                            "total" : 3,
                            "data" : 3,
                            "control" : 0,
                            "completed" : 2,
                            "unfinished" : 1,
                            "bytes_delivered" : 2000000,
                            "retransmits" : 12,
                            "retransmitted_bytes" : 0
                          },
                          "fct_slowdown" : {
                            "p50" : 1.907032,
                            "p95" : 2.383790,
                            "p99" : 2.383790,
                            "max" : 2.383790,
                            "completion" : "receiver",
                            "messages" : "data"
                          },
                          "fct_slowdown_censored" : {
                            "p50" : 2.383790,
                            "p95" : 737.037037,
                            "p99" : 737.037037,
                            "max" : 737.037037,
                            "completion" : "receiver",
                            "messages" : "data"
                          }
                        }
                      },
                      "flows" : {
                        "total" : 3,
                        "data" : 3,
                        "control" : 0,
                        "completed" : 2,
                        "unfinished" : 1,
                        "bytes_delivered" : 2000000,
                        "retransmits" : 12,
                        "retransmitted_bytes" : 0
                      },
                      "fct_slowdown" : {
                        "p50" : 1.907032,
                        "p95" : 2.383790,
                        "p99" : 2.383790,
                        "max" : 2.383790,
                        "completion" : "receiver",
                        "messages" : "data"
                      },
                      "fct_slowdown_censored" : {
                        "p50" : 2.383790,
                        "p95" : 737.037037,
                        "p99" : 737.037037,
                        "max" : 737.037037,
                        "completion" : "receiver",
                        "messages" : "data"
                      },
                      "control" : {
                        "messages" : 0,
                        "completed" : 0,
                        "latency_ps" : {
                          "p50" : null,
                          "p99" : null
                        },
                        "slowdown" : {
                          "p50" : null,
                          "p99" : null
                        },
                        "completion" : "receiver"
                      },
                      "fct_slowdown_all" : {
                        "p50" : 1.907032,
                        "p95" : 2.383790,
                        "p99" : 2.383790,
                        "max" : 2.383790,
                        "completion" : "receiver",
                        "messages" : "all"
                      },
                      "drops" : {
                        "packets" : 0,
                        "bytes" : 0,
                        "lossless" : {
                          "packets" : 0,
                          "bytes" : 0
                        }
                      },
                      "pfc" : {
                        "pause_frames" : 4,
                        "paused_ps" : 250000,
                        "deadlock" : false
                      },
                      "ecn" : {
                        "marked_packets" : 17
                      },
                      "cnp" : {
                        "sent" : 9
                      },
                      "events" : 12345,
                      "wall_seconds" : 1.235,
                      "cpu_seconds" : null,
                      "events_per_second" : 10000,
                      "peak_heap_bytes" : null
                    }
                    """.formatted(Version.current()), Summary.json(SCENARIO, RESULT));
        }

        @Test
        void noFinishedFlowGivesNullPercentiles() {
            RunResult r = new RunResult(1, 1, 0, List.of(RESULT.flows().get(2)), List.of(), 0, 0, 0, 0, false, 0, 0);
            String json = Summary.json(SCENARIO, r);
            assertTrue(json.contains("\"p50\" : null,"), json);
            assertTrue(json.contains("\"completed\" : 0,"), json);
        }

        @Test
        void versionComesFromTheBuild() {
            assertTrue(Version.current().matches("\\d+\\.\\d+\\.\\d+.*"), Version.current());
        }
    }

    @Nested
    class Percentiles_ {
        @Test
        void nearestRank() {
            double[] ten = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
            assertEquals(5, Percentiles.nearestRank(ten, 50));   // rank ceil(5.0) = 5
            assertEquals(10, Percentiles.nearestRank(ten, 95));  // rank ceil(9.5) = 10
            assertEquals(1, Percentiles.nearestRank(ten, 10));   // rank 1
            assertEquals(2, Percentiles.nearestRank(ten, 10.5)); // rank ceil(1.05) = 2
            double[] hundred = new double[100];
            for (int i = 0; i < 100; i++) {
                hundred[i] = i + 1;
            }
            assertEquals(95, Percentiles.nearestRank(hundred, 95));
            assertEquals(99, Percentiles.nearestRank(hundred, 99));
            assertEquals(100, Percentiles.nearestRank(hundred, 100));
            assertEquals(7, Percentiles.nearestRank(new double[] {7}, 50));
            assertThrows(IllegalArgumentException.class, () -> Percentiles.nearestRank(new double[0], 50));
            assertThrows(IllegalArgumentException.class, () -> Percentiles.nearestRank(ten, 0));
        }
    }

    @Nested
    class Directory {
        @TempDir
        Path tmp;

        @Test
        void writesAllFilesAndNoTemporaryIsLeft() throws IOException {
            Path out = tmp.resolve("results/two-to-one-5");
            ResultsWriter.write(out, SCENARIO, RESULT);
            // metrics.flows: data (the default) writes flows_summary.csv, here its header alone (plain flows only)
            assertEquals(List.of(ResultMarker.FILE, "defaults.yaml", "fabric.json", "flows.csv", "flows_summary.csv",
                    "jobs.csv", "ports.csv", "scenario.resolved.yaml", "summary.json", "warnings.json"), list(out));
            assertEquals(StepSummary.HEADER + "\n", Files.readString(out.resolve("flows_summary.csv")));
            assertEquals(new ResultMarker("run", Version.current(), java.util.Set.of("defaults.yaml", "fabric.json",
                    "flows.csv", "flows_summary.csv", "jobs.csv", "ports.csv", "scenario.resolved.yaml", "summary.json",
                    "warnings.json")),
                    ResultMarker.read(out));
            assertEquals(List.of("two-to-one-5"), list(out.getParent()));
            assertEquals(ResultFiles.flowsCsv(RESULT.flows()), Files.readString(out.resolve("flows.csv")));
            assertEquals(ResolvedYaml.write(SCENARIO), Files.readString(out.resolve("scenario.resolved.yaml")));
            assertEquals(SCENARIO, ScenarioLoader.parse("r", Files.readString(out.resolve("scenario.resolved.yaml")),
                    Path.of("/"), List.of()));
        }

        @Test
        void sameResultSameBytes() throws IOException {
            ResultsWriter.write(tmp.resolve("a"), SCENARIO, RESULT);
            ResultsWriter.write(tmp.resolve("b"), SCENARIO, RESULT);
            for (String f : List.of("flows.csv", "ports.csv", "jobs.csv", "summary.json", "scenario.resolved.yaml")) {
                assertEquals(-1L, Files.mismatch(tmp.resolve("a").resolve(f), tmp.resolve("b").resolve(f)), f);
            }
        }

        @Test
        void aFailedWriterLeavesNothing() {
            Path out = tmp.resolve("run");
            assertThrows(IOException.class, () -> AtomicDirectory.write(out, dir -> {
                Files.writeString(dir.resolve("half.csv"), "x");
                throw new IOException("disk full");
            }));
            assertEquals(List.of(), list(tmp));
        }

        @Test
        void anExistingTargetIsReplacedOnlyOnSuccess() throws IOException {
            Path out = tmp.resolve("run");
            Files.createDirectories(out);
            Files.writeString(out.resolve("old.txt"), "old");
            assertThrows(IllegalStateException.class, () -> AtomicDirectory.write(out, dir -> {
                throw new IllegalStateException("boom");
            }));
            assertEquals(List.of("old.txt"), list(out));
            assertEquals(List.of("run"), list(tmp));

            // a user's folder is not Lossless's to replace
            assertThrows(OutputRefusedException.class, () -> ResultsWriter.write(out, SCENARIO, RESULT));
            assertEquals("old", Files.readString(out.resolve("old.txt")));
            Files.delete(out.resolve("old.txt"));
            ResultsWriter.write(out, SCENARIO, RESULT);
            Files.writeString(out.resolve("flows.csv"), "stale");
            ResultsWriter.write(out, SCENARIO, RESULT);
            assertEquals(ResultFiles.flowsCsv(RESULT.flows()), Files.readString(out.resolve("flows.csv")));
            assertEquals(List.of("run"), list(tmp));
        }

        @Test
        void aFileInTheWayIsAnError() throws IOException {
            Path out = Files.writeString(tmp.resolve("run"), "not a directory");
            assertThrows(OutputRefusedException.class, () -> ResultsWriter.write(out, SCENARIO, RESULT));
            assertEquals("not a directory", Files.readString(out));
        }

        private List<String> list(Path dir) {
            try (Stream<Path> s = Files.list(dir)) {
                return s.map(p -> p.getFileName().toString()).sorted().toList();
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        }
    }
}
