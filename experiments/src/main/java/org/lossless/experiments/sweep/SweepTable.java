package org.lossless.experiments.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.lossless.experiments.results.ResultsWriter;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code sweep.csv}, built from the run directories on disk (never from what an executor remembers), so a
 * local, a Slurm and a resumed sweep of the same definition give the same file. One row per complete run,
 * in run order (points in definition order, then replications):
 * <pre>
 *   point,KEY1,KEY2,...,replication,seed,run_dir,FIGURE1,FIGURE2,...
 * </pre>
 * KEY columns are the varied scenario keys with the point's value text; FIGURE columns are the union of
 * every run's {@link SummaryFigures} in order of first appearance (a run without a figure has an empty cell).
 */
public final class SweepTable {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Columns before the figures, after the varied keys. */
    public static final List<String> RUN_COLUMNS = List.of("replication", "seed", "run_dir");

    /** One complete run: its spec and its figures. */
    public record Row(RunSpec run, Map<String, SummaryFigures.Cell> figures) {
        /**
         * Whether the run stopped at its stop time with work left: {@code stopped_by} is {@code stop_time} or
         * {@code deadlock} (a summary without it: unfinished flows). Its figures cover the finished work only.
         */
        public boolean truncated() {
            SummaryFigures.Cell by = figures.get("stopped_by");
            if (by != null && !by.text().isEmpty()) {
                return by.text().equals("stop_time") || by.text().equals("deadlock");
            }
            SummaryFigures.Cell u = figures.get("flows.unfinished");
            return u != null && u.value() != null && u.value() > 0;
        }

        /** Whether the run ended in a PFC deadlock ({@code pfc.deadlock} true). */
        public boolean deadlocked() {
            SummaryFigures.Cell d = figures.get("pfc.deadlock");
            return d != null && "true".equals(d.text());
        }
    }

    private final List<String> keys;
    private final List<String> figures;
    private final List<Row> rows;

    private SweepTable(List<String> keys, List<String> figures, List<Row> rows) {
        this.keys = keys;
        this.figures = figures;
        this.rows = rows;
    }

    /** Reads the summary.json of every complete run of {@code def} in {@code dir}. */
    public static SweepTable read(SweepDirectory dir, SweepDefinition def) throws IOException {
        List<Row> rows = new ArrayList<>();
        Set<String> figures = new LinkedHashSet<>();
        for (RunSpec r : def.runs()) {
            if (!dir.isDone(r)) {
                continue;
            }
            JsonNode summary = summary(dir, r);
            Map<String, SummaryFigures.Cell> f = SummaryFigures.flatten(summary);
            figures.addAll(f.keySet());
            rows.add(new Row(r, f));
        }
        return new SweepTable(def.keys(), List.copyOf(figures), rows);
    }

    /**
     * A run's summary.json; a damaged one (not JSON, not an object: edited, or cut by a full disk) is bad input
     * naming the file and how to run that run again.
     */
    private static JsonNode summary(SweepDirectory dir, RunSpec r) throws IOException {
        java.nio.file.Path f = dir.runDir(r).resolve(ResultsWriter.SUMMARY);
        String why;
        try {
            JsonNode n = JSON.readTree(f.toFile());
            if (n != null && n.isObject()) {
                return n;
            }
            why = "not a JSON object";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            why = "not valid JSON" + (e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr());
        }
        throw new SweepException(f + " is damaged (" + why + "); move " + dir.runDir(r) + " away (or delete it) and "
                + "run the same sweep command with --resume: it runs " + r.label() + " again");
    }

    public List<Row> rows() {
        return rows;
    }

    public List<String> figures() {
        return figures;
    }

    /** The complete runs that stopped at their stop time with work left ({@link Row#truncated}), in run order. */
    public List<Row> truncated() {
        return rows.stream().filter(Row::truncated).toList();
    }

    public String csv() {
        StringBuilder sb = new StringBuilder();
        List<String> header = new ArrayList<>();
        header.add("point");
        header.addAll(keys);
        header.addAll(RUN_COLUMNS);
        header.addAll(figures);
        line(sb, header);
        for (Row row : rows) {
            List<String> cells = new ArrayList<>();
            RunSpec r = row.run();
            cells.add(r.point().name());
            for (String k : keys) {
                cells.add(r.point().values().getOrDefault(k, ""));
            }
            cells.add(Integer.toString(r.replication()));
            cells.add(Long.toString(r.seed()));
            cells.add(r.label());
            for (String f : figures) {
                SummaryFigures.Cell c = row.figures().get(f);
                cells.add(c == null ? "" : c.text());
            }
            line(sb, cells);
        }
        return sb.toString();
    }

    static void line(StringBuilder sb, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(field(cells.get(i)));
        }
        sb.append('\n');
    }

    /** RFC 4180: quoted only when holding a comma, quote or line break. */
    static String field(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
