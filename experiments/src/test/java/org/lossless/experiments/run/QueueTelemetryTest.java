package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.results.ResultsWriter;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;

/**
 * timeseries/queues.csv keeps its files proportional to activity: a queue has a row at a sample when it is
 * non-empty or was non-empty at the previous sample, so its return to zero is visible once and an idle queue
 * writes nothing. A 2-to-1 incast of 256 KB each at 100 Gb/s without congestion control, sampled every 1 µs: the
 * switch port to the receiver holds a standing queue (two line-rate senders into one line-rate port).
 */
class QueueTelemetryTest {
    @TempDir
    static Path dir;
    static List<String[]> rows;

    @BeforeAll
    static void run() throws IOException {
        Scenario s = ScenarioLoader.parse("t.yaml", """
                name: queues
                topology: {type: star, hosts: 3, host_link: {rate: 100Gbps, delay: 1us}}
                switch: {buffer_size: 4MB}
                nic: {mtu: 1024, cc: none}
                workloads:
                  - type: flows
                    flows: [{src: 1, dst: 0, size: 256KB, priority: 3}, {src: 2, dst: 0, size: 256KB, priority: 3}]
                telemetry: {sample_interval: 1us, flow_rates: none}
                """, dir, List.of());
        Path out = dir.resolve("r");
        ResultsWriter.runAndWrite(out, s, new ScenarioEngine());
        rows = LinkTelemetryTest.read(out.resolve("timeseries/queues.csv"), "time_ps,node,port,priority,bytes");
    }

    @Test
    void aZeroRowFollowsANonEmptySampleAndNothingElse() {
        Map<String, long[]> last = new HashMap<>(); // queue -> {time, bytes} of its previous row
        for (String[] r : rows) {
            String queue = r[1] + ":" + r[2] + ":" + r[3];
            long t = Long.parseLong(r[0]);
            long bytes = Long.parseLong(r[4]);
            if (bytes == 0) {
                long[] prev = last.get(queue);
                assertTrue(prev != null && prev[0] == t - 1_000_000 && prev[1] > 0,
                        "a zero row only one sample after a non-empty one: " + String.join(",", r));
            }
            last.put(queue, new long[] {t, bytes});
        }
        long zeros = rows.stream().filter(r -> r[4].equals("0")).count();
        assertTrue(zeros >= 1, "the receiver's queue drains before the end");
        last.forEach((q, prev) -> assertEquals(0, prev[1], q + " ends empty: its last row is its return to zero"));
    }

    @Test
    void theReceiversPortHoldsAStandingQueueForAboutFortyMicroseconds() {
        long nonEmpty = rows.stream().filter(r -> r[1].equals("sw0") && r[2].equals("0") && !r[4].equals("0")).count();
        // 256 KB = 256,000 B: 250 packets of 1,024 B per flow, 1,106 B on the wire each (62 B of headers, 20 of
        // preamble and gap; 16 more for the first one's RETH), 88.5 ns at 100 Gb/s. Both first frames reach the switch
        // at 1 µs + one frame time = 1.09 µs; from then on one waits while the other is sent, and sw0:0 sends all 500
        // back to back (arrivals at twice its rate; PFC, if it pauses the senders, resumes them before the queue
        // empties), the last one starting at 1.09 + 499 x 0.0885 = 45.2 µs. So the samples at 2..45 µs see a queue:
        // 44, give or take one where a frame boundary falls next to a sample
        assertTrue(nonEmpty >= 43 && nonEmpty <= 45, "non-empty samples at sw0:0: " + nonEmpty);
    }

    @Test
    void rowsNameTheQueueOfTheFlowsPriority() {
        // sw0:0 carries only the two flows' data frames (the receiver's ACKs leave by sw0:1 and sw0:2)
        List<String[]> toReceiver = rows.stream().filter(r -> r[1].equals("sw0") && r[2].equals("0")).toList();
        assertTrue(toReceiver.size() > 40, "rows of sw0:0: " + toReceiver.size());
        assertTrue(toReceiver.stream().allMatch(r -> r[3].equals("3")), "both flows send at priority 3");
    }

    @Test
    void eachQueueHasAtMostOneRowPerSampleAndSamplesAreInTimeOrder() {
        Map<String, Integer> seen = new HashMap<>();
        long time = 0;
        for (String[] r : rows) {
            long t = Long.parseLong(r[0]);
            assertTrue(t >= time, "time order");
            time = t;
            assertEquals(1, seen.merge(r[0] + ":" + r[1] + ":" + r[2] + ":" + r[3], 1, Integer::sum));
        }
    }
}
