package org.lossless.experiments.sweep;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/**
 * {@code sweep-status.json}: whether the sweep is complete, which runs are missing, which complete runs stopped
 * at their stop time with work left ({@code truncated}: their figures are censored), and the failures of the
 * last execution with their reasons and logs. Written with sweep.csv each time a sweep ends or is collected,
 * so a partial sweep says so in its files, not only on the console.
 */
final class SweepStatus {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SweepStatus() {
    }

    static String json(int total, List<RunSpec> missing, List<RunFailure> failures, List<SweepTable.Row> truncated) {
        ObjectNode root = JSON.createObjectNode();
        root.put("complete", missing.isEmpty());
        root.put("runs_total", total);
        root.put("runs_complete", total - missing.size());
        root.put("runs_truncated", truncated.size());
        ArrayNode m = root.putArray("missing");
        missing.forEach(r -> m.add(r.label()));
        ArrayNode t = root.putArray("truncated");
        truncated.forEach(r -> t.add(r.run().label()));
        ArrayNode f = root.putArray("failures");
        for (RunFailure x : failures) {
            ObjectNode o = f.addObject();
            o.put("run", x.run().label());
            o.put("reason", x.reason());
            if (x.log() == null) {
                o.putNull("log");
            } else {
                o.put("log", x.log());
            }
        }
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
