package org.lossless.experiments.sweep;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.lossless.experiments.results.Version;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code sweep.json}: the resolved sweep definition (docs/sweeps.md), written once when a sweep starts. It
 * is what makes a directory a Lossless sweep ({@code "kind": "lossless-sweep"}), what {@code --resume},
 * {@code --collect} and Slurm tasks read, and what {@code lossless report} charts from: the scenario, the
 * common overrides, the varied keys, every point with its values, the seeds and every run with its folder.
 */
public final class SweepJson {
    public static final String KIND = "lossless-sweep";
    /** Format of this file; raised when a field changes meaning. */
    public static final int FORMAT = 1;
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SweepJson() {
    }

    public static String write(SweepDefinition d) {
        return write(d, null);
    }

    /**
     * The definition with what the complete runs of {@code table} say: {@code truncated} (how many stopped at
     * their stop time with work left) and per run {@code truncated} (true, false; null while the run is not
     * complete). Without a table (a sweep just starting) neither is written.
     */
    public static String write(SweepDefinition d, SweepTable table) {
        java.util.Map<String, Boolean> cut = new java.util.HashMap<>();
        if (table != null) {
            table.rows().forEach(r -> cut.put(r.run().label(), r.truncated()));
        }
        ObjectNode root = JSON.createObjectNode();
        root.put("kind", KIND);
        root.put("format", FORMAT);
        root.put("version", Version.current());
        ObjectNode sc = root.putObject("scenario");
        sc.put("file", d.scenarioDisplay());
        sc.put("path", d.scenarioPath().toString());
        sc.put("base_dir", d.baseDir().toString());
        sc.put("copy", SweepDirectory.SCENARIO_COPY);
        ArrayNode sets = root.putArray("set");
        d.sets().forEach(sets::add);
        ArrayNode keys = root.putArray("keys");
        d.keys().forEach(keys::add);
        root.put("replications", d.replications());
        root.put("base_seed", d.baseSeed());
        ArrayNode seeds = root.putArray("seeds");
        d.seeds().forEach(seeds::add);
        if (d.baseline() == null) {
            root.putNull("baseline");
        } else {
            root.put("baseline", d.baseline());
        }
        if (table != null) {
            root.put("truncated", table.truncated().size());
        }
        ArrayNode points = root.putArray("points");
        for (SweepPoint p : d.points()) {
            ObjectNode o = points.addObject();
            o.put("name", p.name());
            ObjectNode values = o.putObject("values");
            p.values().forEach(values::put);
        }
        ArrayNode runs = root.putArray("runs");
        for (RunSpec r : d.runs()) {
            ObjectNode o = runs.addObject();
            o.put("index", r.index());
            o.put("point", r.point().name());
            o.put("replication", r.replication());
            o.put("seed", r.seed());
            o.put("dir", r.label());
            if (table != null) {
                Boolean t = cut.get(r.label());
                if (t == null) {
                    o.putNull("truncated");
                } else {
                    o.put("truncated", t);
                }
            }
        }
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** True if {@code dir} holds a sweep.json of a Lossless sweep. */
    public static boolean isSweep(Path dir) {
        Path f = dir.resolve(SweepDirectory.DEFINITION);
        if (!Files.isRegularFile(f)) {
            return false;
        }
        try {
            JsonNode n = JSON.readTree(f.toFile());
            return n != null && KIND.equals(n.path("kind").asText());
        } catch (IOException e) {
            return false;
        }
    }

    /** Reads a sweep directory's definition (sweep.json and the scenario copy next to it). */
    public static SweepDefinition read(Path dir) throws IOException {
        JsonNode root = JSON.readTree(dir.resolve(SweepDirectory.DEFINITION).toFile());
        if (root == null || !KIND.equals(root.path("kind").asText())) {
            throw new IOException(dir.resolve(SweepDirectory.DEFINITION) + " is not a Lossless sweep definition");
        }
        if (root.path("format").asInt() != FORMAT) {
            throw new IOException(dir.resolve(SweepDirectory.DEFINITION) + " has format " + root.path("format").asInt()
                    + "; this Lossless reads format " + FORMAT);
        }
        JsonNode sc = root.path("scenario");
        String text = Files.readString(dir.resolve(SweepDirectory.SCENARIO_COPY), StandardCharsets.UTF_8);
        List<String> sets = new ArrayList<>();
        root.path("set").forEach(n -> sets.add(n.asText()));
        List<SweepPoint> points = new ArrayList<>();
        for (JsonNode p : root.path("points")) {
            Map<String, String> values = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = p.path("values").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                values.put(e.getKey(), e.getValue().asText());
            }
            points.add(new SweepPoint(p.path("name").asText(), values));
        }
        JsonNode b = root.path("baseline");
        return new SweepDefinition(sc.path("file").asText(), Path.of(sc.path("path").asText()), text,
                Path.of(sc.path("base_dir").asText()), sets, points, root.path("base_seed").asLong(),
                root.path("replications").asInt(), b.isTextual() ? b.asText() : null);
    }
}
