package org.lossless.experiments.results;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.lossless.workloads.training.Breakdown;
import org.lossless.workloads.training.CommKind;
import org.lossless.workloads.training.CriticalPath;
import org.lossless.workloads.training.KindFigures;
import org.lossless.workloads.training.TrainingIteration;
import org.lossless.workloads.training.TrainingResults;

/**
 * {@code summary.json} {@code jobs[].training} of a training job: per iteration its breakdown (mean over ranks, and
 * per timeline stage), per communication kind its calls, bytes and busbw, the critical path, the checkpoint time,
 * and why it did not finish when it did not. Times in ps, bandwidths GB/s with six decimals.
 */
final class TrainingSummary {
    private TrainingSummary() {
    }

    /** Adds {@code training} to each entry of {@code jobs} that is a training job of {@code results}. */
    static void attach(ArrayNode jobs, TrainingResults results) {
        if (!results.any()) {
            return;
        }
        for (JsonNode node : jobs) {
            ObjectNode job = (ObjectNode) node;
            String name = job.get("job").asText();
            List<TrainingIteration> its = results.iterations().stream().filter(t -> t.job().equals(name)).toList();
            if (its.isEmpty()) {
                continue;
            }
            ArrayNode a = job.putObject("training").putArray("iterations");
            for (TrainingIteration t : its) {
                iteration(a.addObject(), t);
            }
        }
    }

    private static void iteration(ObjectNode o, TrainingIteration t) {
        o.put("iteration", t.iteration());
        if (!t.finished()) {
            o.putNull("duration_ps");
            o.put("problem", t.problem());
            return;
        }
        o.put("duration_ps", t.durationPs());
        breakdown(o, t.mean());
        o.put("checkpoint_ps", t.checkpointPs());
        if (t.problem() != null) {
            o.put("problem", t.problem());
        }
        ObjectNode kinds = o.putObject("communication");
        for (KindFigures f : t.kinds()) {
            ObjectNode k = kinds.putObject(f.kind().key());
            k.put("calls", f.calls());
            k.put("bytes", f.bytes());
            k.put("call_ps", f.callPs());
            if (Double.isFinite(f.busbwGBps())) {
                k.put("busbw_GBps", Csv.fixed(f.busbwGBps(), ResultFiles.BANDWIDTH_DECIMALS));
            } else {
                k.putNull("busbw_GBps");
            }
        }
        CriticalPath cp = t.criticalPath();
        ObjectNode c = o.putObject("critical_path");
        c.put("name", cp.describe());
        c.put("compute_ps", cp.computePs());
        for (CommKind k : CommKind.values()) {
            c.put(k.key() + "_ps", cp.commPs()[k.ordinal()]);
        }
        c.put("idle_ps", cp.otherPs());
        ArrayNode ranks = c.putArray("ranks");
        for (int r : cp.ranks()) {
            ranks.add(r);
        }
        ArrayNode lanes = o.putArray("stages");
        for (TrainingIteration.Lane l : t.lanes()) {
            ObjectNode s = lanes.addObject();
            s.put("lane", l.lane());
            s.put("rank", l.rank());
            breakdown(s, l.breakdown());
        }
    }

    private static void breakdown(ObjectNode o, Breakdown b) {
        o.put("compute_ps", b.computePs());
        ObjectNode e = o.putObject("exposed_ps");
        for (CommKind k : CommKind.values()) {
            e.put(k.key(), b.exposedPs(k));
        }
        o.put("bubble_ps", b.bubblePs());
    }
}
