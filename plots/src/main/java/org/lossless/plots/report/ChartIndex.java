package org.lossless.plots.report;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.lossless.plots.charts.Figure;

/**
 * {@code charts/index.json}: one entry per chart file of a report, in page order, so scripts and tests find a
 * chart by the metrics it plots: {@code file} (in charts/), {@code title}, {@code x}, {@code y} (metric keys,
 * {@link Figure}), {@code z} (the metric shown by colour, or null), {@code section} (the page section's id:
 * {@code appendix} holds the simulator's own cost) and {@code truncated} (sweep points drawn hollow because a
 * run of theirs stopped at stop_time with unfinished work). Every chart {@link Page#figure} draws registers
 * itself here; omitted charts (no file) are not listed.
 */
final class ChartIndex {
    /** The file name inside charts/. */
    static final String FILE = "index.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** One chart file and what it plots. */
    record Entry(String file, Figure figure, String section) {
    }

    private final List<Entry> entries = new ArrayList<>();

    void add(String file, Figure f, String section) {
        entries.add(new Entry(file, f, section));
    }

    List<Entry> entries() {
        return List.copyOf(entries);
    }

    String json() {
        ArrayNode list = JSON.createArrayNode();
        for (Entry e : entries) {
            ObjectNode o = list.addObject();
            Figure f = e.figure();
            o.put("file", e.file());
            o.put("title", f.title());
            o.put("x", f.x()); // null only for a chart whose class forgot Figure.axes (a test checks none does)
            o.put("y", f.y());
            o.put("z", f.z());
            o.put("section", e.section());
            ArrayNode t = o.putArray("truncated");
            f.marked().forEach(t::add);
        }
        try {
            return JSON.writeValueAsString(list) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
