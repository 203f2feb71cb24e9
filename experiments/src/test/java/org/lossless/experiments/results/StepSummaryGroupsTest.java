package org.lossless.experiments.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.Completion;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.MessageLabel;
import org.lossless.experiments.scenario.FlowRows;
import org.lossless.workloads.traffic.MessageKind;

/**
 * {@code flows_summary.csv}'s rows when the messages of many (job, step kind, operation) triples come interleaved,
 * more of them than {@link StepSummary} keeps at hand: each message is counted in its own row, and the rows come in
 * (job, data before control, operation, host) order.
 */
class StepSummaryGroupsTest {
    private static final String[] JOBS = {"b-job", "a-job"};
    private static final String[] OPS = {"data", "cts", "reduce"};
    private static final int HOSTS = 3;

    @Test
    void interleavedTriplesEachGetTheirOwnCounts() {
        // 2 jobs x 2 kinds x 3 operations = 12 triples, 3 hosts each; triple t's host h posts t + h + 1 messages of
        // (t + 1) * 100 B, in round-robin order across every (triple, host), so consecutive rows never share a triple
        List<FlowResult> rows = new ArrayList<>();
        long id = 0;
        for (int round = 0; round < 12 + HOSTS; round++) {
            for (int t = 0; t < 12; t++) {
                for (int h = 0; h < HOSTS; h++) {
                    if (round < t + h + 1) {
                        rows.add(row(id++, t, h));
                    }
                }
            }
        }
        String[] lines = StepSummary.csv(rows, Completion.RECEIVER, FlowRows.SUMMARY).split("\n");
        assertEquals(StepSummary.HEADER, lines[0]);
        List<String> expected = new ArrayList<>();
        // first appearance orders the jobs: b-job (t 0-5) came first; then data, then control; operations by name
        for (int job = 0; job < 2; job++) {
            for (int kind = 0; kind < 2; kind++) {
                for (String op : new String[] {"cts", "data", "reduce"}) {
                    int t = job * 6 + kind * 3 + java.util.Arrays.asList(OPS).indexOf(op);
                    for (int h = 0; h < HOSTS; h++) {
                        int n = t + h + 1;
                        expected.add(JOBS[job] + "," + op + "," + (kind == 0 ? "data" : "control") + "," + h + ","
                                + n + "," + n + "," + (long) n * (t + 1) * 100);
                    }
                }
            }
        }
        assertEquals(expected.size() + 1, lines.length);
        for (int i = 0; i < expected.size(); i++) {
            String[] f = lines[i + 1].split(",", -1);
            assertEquals(expected.get(i), String.join(",", f[0], f[1], f[2], f[3], f[4], f[5], f[6]), "row " + (i + 1));
        }
    }

    /** Triple t: job t / 6, kind (t / 3) % 2, operation OPS[t % 3]; a finished message of (t + 1) * 100 B from host h. */
    private static FlowResult row(long id, int t, int h) {
        MessageKind kind = (t / 3) % 2 == 0 ? MessageKind.DATA : MessageKind.CONTROL;
        MessageLabel label = new MessageLabel(h, "write", 0, 1, 0, OPS[t % 3], kind);
        long bytes = (t + 1) * 100L;
        return new FlowResult(id, JOBS[t / 6], h, (h + 1) % HOSTS, 3, bytes, 0, 1_000 + id, 500, 0, 0, label);
    }
}
