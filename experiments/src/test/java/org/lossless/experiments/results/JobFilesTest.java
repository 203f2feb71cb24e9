package org.lossless.experiments.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.JobIdeal;
import org.lossless.experiments.metrics.MessageLabel;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.OperationStats;

/** {@code jobs.csv} and {@code summary.json} {@code jobs} from the programs' job iterations, by hand. */
class JobFilesTest {
    static final double RING8 = 2.0 * 7 / 8;
    // job "ar": 1 GB all-reduce on 8 ranks (ring, Simple), iterations of 10, 20 and 40 ms (algbw 100, 50, 25 GB/s);
    // iteration 3 unfinished. Job "io": one iteration of 2 MB in 1 ms.
    static final List<JobIteration> JOBS = List.of(
            new JobIteration("ar", 0, "allreduce", 8, 1_000_000_000L, 0, 10_000_000_000L, RING8, "ring", "simple"),
            new JobIteration("ar", 1, "allreduce", 8, 1_000_000_000L, 10_000_000_000L, 30_000_000_000L, RING8, "ring",
                    "simple"),
            new JobIteration("io", 0, "nvmeof", 2, 2_000_000L, 5_000_000_000L, 6_000_000_000L, JobIteration.NO_BUSBW),
            new JobIteration("ar", 2, "allreduce", 8, 1_000_000_000L, 30_000_000_000L, 70_000_000_000L, RING8, "ring",
                    "simple"),
            new JobIteration("ar", 3, "allreduce", 8, 1_000_000_000L, 70_000_000_000L, -1, RING8, "ring", "simple"));
    // job "io": 1,000 reads of 2 KB (p50 10 us, p99 40 us, p99.9 90 us); writes issued 3, none completed
    static final List<OperationStats> OPS = List.of(
            new OperationStats("io", 0, "read", 1000, 1000, 2_000_000L, 1_000_000_000L, 10_000_000L, 40_000_000L,
                    90_000_000L, 95_000_000L, 12_345_678L),
            new OperationStats("io", 0, "write", 3, 0, 0, 1_000_000_000L, -1, -1, -1, -1, -1));
    // alone: every "ar" iteration 5 ms (algbw 200 GB/s, busbw 350), port-bound; "io" in 0.5 ms, its 1,000
    // reads at p50 5 us and p99 8 us (IOPS 2,000,000), its 3 writes at p50 1 us, p99 2 us (IOPS 6,000)
    static final List<JobIdeal> IDEALS = List.of(
            new JobIdeal("ar", List.of(
                    new JobIteration("ar", 0, "allreduce", 8, 1_000_000_000L, 0, 5_000_000_000L, RING8),
                    new JobIteration("ar", 1, "allreduce", 8, 1_000_000_000L, 5_000_000_000L, 10_000_000_000L, RING8),
                    new JobIteration("ar", 2, "allreduce", 8, 1_000_000_000L, 10_000_000_000L, 15_000_000_000L, RING8),
                    new JobIteration("ar", 3, "allreduce", 8, 1_000_000_000L, 15_000_000_000L, 20_000_000_000L, RING8)),
                    List.of(), List.of("port", "port", "port", "port")),
            new JobIdeal("io", List.of(new JobIteration("io", 0, "nvmeof", 2, 2_000_000L, 0, 500_000_000L,
                    JobIteration.NO_BUSBW)), List.of(
                    new OperationStats("io", 0, "read", 1000, 1000, 2_000_000L, 500_000_000L, 5_000_000L, 8_000_000L,
                            9_000_000L, 9_500_000L, 5_500_000L),
                    new OperationStats("io", 0, "write", 3, 3, 12_288L, 500_000_000L, 1_000_000L, 2_000_000L, 2_000_000L,
                            2_000_000L, 1_333_333L)), List.of("chain")));
    static final RunResult RESULT = new RunResult(1, 1, 0.0, List.of(), List.of(), 0, 0, 0, 0, false, 0, 0,
            List.of(), null, null, JOBS, OPS, -1, -1, IDEALS);

    @Test
    void jobsCsvHasOneRowPerIteration() {
        assertEquals("""
                job,iteration,type,hosts,size_bytes,start_ps,finish_ps,duration_ps,algbw_GBps,busbw_GBps,ios,\
                read_ios,read_iops,read_GBps,read_p50_ps,read_p99_ps,read_p999_ps,\
                write_ios,write_iops,write_GBps,write_p50_ps,write_p99_ps,write_p999_ps,\
                ideal_duration_ps,ideal_algbw_GBps,ideal_busbw_GBps,read_ideal_iops,read_ideal_p50_ps,read_ideal_p99_ps,\
                write_ideal_iops,write_ideal_p50_ps,write_ideal_p99_ps,algorithm,protocol,\
                compute_ps,exposed_tp_ps,exposed_pp_ps,exposed_dp_ps,exposed_ep_ps,exposed_other_ps,bubble_ps,checkpoint_ps,\
                tp_busbw_GBps,pp_busbw_GBps,dp_busbw_GBps,ep_busbw_GBps,critical_path
                ar,0,allreduce,8,1000000000,0,10000000000,10000000000,100.000000,175.000000,,,,,,,,,,,,,\
                ,5000000000,200.000000,350.000000,,,,,,,ring,simple,,,,,,,,,,,,,
                ar,1,allreduce,8,1000000000,10000000000,30000000000,20000000000,50.000000,87.500000,,,,,,,,,,,,,\
                ,5000000000,200.000000,350.000000,,,,,,,ring,simple,,,,,,,,,,,,,
                io,0,nvmeof,2,2000000,5000000000,6000000000,1000000000,2.000000,,1000,\
                1000,1000000.000,2.000000,10000000,40000000,90000000,\
                0,0.000,0.000000,,,,\
                500000000,4.000000,,2000000.000,5000000,8000000,6000.000,1000000,2000000,,,,,,,,,,,,,,,
                ar,2,allreduce,8,1000000000,30000000000,70000000000,40000000000,25.000000,43.750000,,,,,,,,,,,,,\
                ,5000000000,200.000000,350.000000,,,,,,,ring,simple,,,,,,,,,,,,,
                ar,3,allreduce,8,1000000000,70000000000,,,,,,,,,,,,,,,,,\
                ,5000000000,200.000000,350.000000,,,,,,,ring,simple,,,,,,,,,,,,,
                """, ResultFiles.jobsCsv(RESULT));
    }

    @Test
    void summaryGivesMeanP50AndP99PerJobOverFinishedIterations() throws Exception {
        String text = Summary.json(ResultsWriterTest.SCENARIO, RESULT);
        JsonNode jobs = new ObjectMapper().readTree(text).get("jobs");
        assertEquals(2, jobs.size());
        JsonNode ar = jobs.get(0);
        assertEquals("ar", ar.get("job").asText());
        assertEquals(4, ar.get("iterations").asInt());
        assertEquals(3, ar.get("completed").asInt());
        // durations 10, 20, 40 ms: mean 23.333 ms (rounded to the ps), nearest-rank p50 = 20 ms, p99 = 40 ms
        assertEquals(23_333_333_333L, ar.get("duration_ps").asLong());
        assertEquals(20_000_000_000L, ar.get("duration_ps_p50").asLong());
        assertEquals(40_000_000_000L, ar.get("duration_ps_p99").asLong());
        // busbw 175, 87.5, 43.75 GB/s: mean 102.083333, p50 87.5, p99 175
        assertTrue(text.contains("\"busbw_GBps\" : 102.083333,\n"), text);
        assertTrue(text.contains("\"busbw_GBps_p50\" : 87.500000,\n"), text);
        assertTrue(text.contains("\"busbw_GBps_p99\" : 175.000000,\n"), text);
        // the answer: the mean duration of the finished iterations against theirs alone (5 ms each)
        assertEquals("duration_ps", ar.get("figure").asText());
        assertEquals(23_333_333_333L, ar.get("value").asLong());
        assertEquals(5_000_000_000L, ar.get("ideal").asLong());
        assertTrue(text.contains("\"ratio\" : 4.666667,\n"), text);
        assertEquals("port", ar.get("ideal_limit").asText());
        assertEquals(5_000_000_000L, ar.get("ideal_duration_ps").asLong());
        assertTrue(text.contains("\"ideal_busbw_GBps\" : 350.000000\n"), text);
        JsonNode io = jobs.get(1);
        assertEquals("io", io.get("job").asText());
        assertEquals(1_000_000_000L, io.get("duration_ps").asLong());
        // a storage job: its main operation's latency p99 (40 us) against the same alone (8 us); no busbw at all
        assertEquals("latency_p99_ps", io.get("figure").asText());
        assertEquals("read", io.get("operation").asText());
        assertEquals(40_000_000L, io.get("value").asLong());
        assertEquals(8_000_000L, io.get("ideal").asLong());
        assertEquals(5.0, io.get("ratio").asDouble());
        assertFalse(io.has("busbw_GBps") || io.has("busbw_GBps_p50") || io.has("ideal_busbw_GBps"), io.toString());
        assertEquals(8_000_000L, io.get("operations").get(0).get("ideal").get("latency_ps").get("p99").asLong());
        assertEquals(2_000_000.0, io.get("operations").get(0).get("ideal").get("iops").asDouble());
        assertEquals("ring", ar.get("algorithm").asText());
        assertEquals("simple", ar.get("protocol").asText());
        assertNull(io.get("algorithm"), "a storage job has no algorithm");
        // storage figures per iteration and operation
        assertEquals(null, ar.get("operations"));
        JsonNode read = jobs.get(1).get("operations").get(0);
        assertEquals("read", read.get("operation").asText());
        assertEquals(1000, read.get("completed").asLong());
        assertTrue(text.contains("\"iops\" : 1000000.000,\n"), text);
        assertEquals(40_000_000L, read.get("latency_ps").get("p99").asLong());
        assertEquals(90_000_000L, read.get("latency_ps").get("p999").asLong());
        JsonNode write = jobs.get(1).get("operations").get(1);
        assertEquals(3, write.get("issued").asLong());
        assertTrue(write.get("latency_ps").get("p50").isNull());
    }

    @Test
    void aStorageJobThatFillsAPortAloneIsMeasuredByItsThroughput() throws Exception {
        // 1,000 reads of 128,000 B in 10 ms: 12.8 GB/s; alone the target's port allows them in 5 ms: 25.6 GB/s
        JobIteration it = new JobIteration("tp", 0, "nvmeof", 9, 128_000_000L, 0, 10_000_000_000L, JobIteration.NO_BUSBW);
        OperationStats reads = new OperationStats("tp", 0, "read", 1000, 1000, 128_000_000L, 10_000_000_000L,
                1_000_000_000L, 2_000_000_000L, 2_000_000_000L, 2_000_000_000L, 1_000_000_000L);
        JobIdeal alone = new JobIdeal("tp", List.of(new JobIteration("tp", 0, "nvmeof", 9, 128_000_000L, 0,
                5_000_000_000L, JobIteration.NO_BUSBW)), List.of(new OperationStats("tp", 0, "read", 1000, 1000,
                128_000_000L, 5_000_000_000L, 1_000_000L, 2_000_000L, 2_000_000L, 2_000_000L, 1_000_000L)),
                List.of("port"));
        RunResult r = new RunResult(1, 1, 0.0, List.of(), List.of(), 0, 0, 0, 0, false, 0, 0, List.of(), null, null,
                List.of(it), List.of(reads), -1, -1, List.of(alone));
        String text = Summary.json(ResultsWriterTest.SCENARIO, r);
        JsonNode tp = new ObjectMapper().readTree(text).get("jobs").get(0);
        assertEquals("throughput_GBps", tp.get("figure").asText());
        assertTrue(text.contains("\"value\" : 12.800000,\n") && text.contains("\"ideal\" : 25.600000,\n"), text);
        // how many times worse than ideal: 25.6 / 12.8
        assertEquals(2.0, tp.get("ratio").asDouble());
        assertEquals("port", tp.get("ideal_limit").asText());
    }

    @Test
    void flowsCsvCarriesTheMessageLabel() {
        FlowResult f = new FlowResult(7, "ar", 1, 2, 3, 4096, 0, 100, 50, 0, 0, new MessageLabel(4, "read", 2, 5, 1, "x,y"));
        String row = ResultFiles.flowsCsv(List.of(f)).lines().skip(1).findFirst().orElseThrow();
        assertTrue(row.endsWith(",0,0,4,read,2,5,1,\"x,y\",4096,,50,50,0,data"), row);
        FlowResult cts = new FlowResult(8, "ar", 2, 1, 3, 64, 0, 10, 5, 0, 0,
                new MessageLabel(5, "write", 2, 5, 1, "cts", org.lossless.workloads.traffic.MessageKind.CONTROL));
        String control = ResultFiles.flowsCsv(List.of(cts)).lines().skip(1).findFirst().orElseThrow();
        assertTrue(control.endsWith(",cts,64,,5,5,0,control"), control);
    }
}
