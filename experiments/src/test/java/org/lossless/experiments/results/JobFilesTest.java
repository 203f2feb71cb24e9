package org.lossless.experiments.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.lossless.experiments.run.FlowResult;
import org.lossless.experiments.run.MessageLabel;
import org.lossless.experiments.run.RunResult;
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
            new JobIteration("io", 0, "nvmeof", 2, 2_000_000L, 5_000_000_000L, 6_000_000_000L, 1.0),
            new JobIteration("ar", 2, "allreduce", 8, 1_000_000_000L, 30_000_000_000L, 70_000_000_000L, RING8, "ring",
                    "simple"),
            new JobIteration("ar", 3, "allreduce", 8, 1_000_000_000L, 70_000_000_000L, -1, RING8, "ring", "simple"));
    // job "io": 1,000 reads of 2 KB (p50 10 us, p99 40 us, p99.9 90 us); writes issued 3, none completed
    static final List<OperationStats> OPS = List.of(
            new OperationStats("io", 0, "read", 1000, 1000, 2_000_000L, 1_000_000_000L, 10_000_000L, 40_000_000L,
                    90_000_000L, 95_000_000L, 12_345_678L),
            new OperationStats("io", 0, "write", 3, 0, 0, 1_000_000_000L, -1, -1, -1, -1, -1));
    static final RunResult RESULT = new RunResult(1, 1, 0.0, List.of(), List.of(), 0, 0, 0, 0, false, 0, 0,
            List.of(), null, null, JOBS, OPS);

    @Test
    void jobsCsvHasOneRowPerIteration() {
        assertEquals("""
                job,iteration,type,hosts,size_bytes,start_ps,finish_ps,duration_ps,algbw_GBps,busbw_GBps,ios,\
                read_ios,read_iops,read_GBps,read_p50_ps,read_p99_ps,read_p999_ps,\
                write_ios,write_iops,write_GBps,write_p50_ps,write_p99_ps,write_p999_ps,algorithm,protocol
                ar,0,allreduce,8,1000000000,0,10000000000,10000000000,100.000000,175.000000,,,,,,,,,,,,,,ring,simple
                ar,1,allreduce,8,1000000000,10000000000,30000000000,20000000000,50.000000,87.500000,,,,,,,,,,,,,,ring,simple
                io,0,nvmeof,2,2000000,5000000000,6000000000,1000000000,2.000000,2.000000,1000,\
                1000,1000000.000,2.000000,10000000,40000000,90000000,\
                0,0.000,0.000000,,,,,
                ar,2,allreduce,8,1000000000,30000000000,70000000000,40000000000,25.000000,43.750000,,,,,,,,,,,,,,ring,simple
                ar,3,allreduce,8,1000000000,70000000000,,,,,,,,,,,,,,,,,,ring,simple
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
        assertTrue(text.contains("\"busbw_GBps_p99\" : 175.000000\n"), text);
        assertEquals("ring", ar.get("algorithm").asText());
        assertEquals("simple", ar.get("protocol").asText());
        assertNull(jobs.get(1).get("algorithm"), "a storage job has no algorithm");
        assertEquals("io", jobs.get(1).get("job").asText());
        assertEquals(1_000_000_000L, jobs.get(1).get("duration_ps").asLong());
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
    void flowsCsvCarriesTheMessageLabel() {
        FlowResult f = new FlowResult(7, "ar", 1, 2, 3, 4096, 0, 100, 50, 0, 0, new MessageLabel(4, "read", 2, 5, 1, "x,y"));
        String row = ResultFiles.flowsCsv(List.of(f)).lines().skip(1).findFirst().orElseThrow();
        assertTrue(row.endsWith(",0,0,4,read,2,5,1,\"x,y\",4096,,50,50,0"), row);
    }
}
