package org.lossless.plots.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A sweep directory: {@code sweep.csv} (one row per run: the varied keys, the seed, the summary figures)
 * and the run directories under {@code points/<point>/<seed>/}. The varied keys are the columns before
 * {@code seed} (bookkeeping columns {@code point}, {@code run}, {@code dir}, {@code status} excepted);
 * figures are the numeric columns after it. Means and 95 % intervals are computed here from the per-run
 * rows ({@link Ci95}), so they do not depend on how sweep-summary.csv is laid out.
 *
 * <p>Each row also gets the figures {@link RunFigures} derives from its run directory ({@code run_dir}), and
 * a run is <em>truncated</em> ({@link #truncated(Map)}) when it stopped at its stop time with work left: its
 * figures cover the finished work only. For such runs a slowdown percentile is read from its censored
 * counterpart ({@link #censoredOf}: unfinished flows counted with their slowdown so far), a lower bound.
 */
public final class SweepSet {
    public static final String SWEEP = "sweep.csv";
    public static final String SUMMARY = "sweep-summary.csv";
    public static final String POINTS = "points";
    private static final List<String> BOOKKEEPING = List.of("point", "run", "dir", "path", "status", "replication",
            "run_dir");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path dir;
    private final List<String> keys;
    private final List<String> figures;
    private final List<Map<String, String>> rows;
    private final Map<String, String> jobTypes;

    private SweepSet(Path dir, List<String> keys, List<String> figures, List<Map<String, String>> rows,
                     Map<String, String> jobTypes) {
        this.dir = dir;
        this.keys = List.copyOf(keys);
        this.figures = List.copyOf(figures);
        this.rows = List.copyOf(rows);
        this.jobTypes = Map.copyOf(jobTypes);
    }

    /** Whether {@code dir} looks like a sweep directory (sweep.csv or points/). */
    public static boolean isSweep(Path dir) {
        return Files.isRegularFile(dir.resolve(SWEEP)) || Files.isDirectory(dir.resolve(POINTS));
    }

    public static SweepSet open(Path dir) {
        Path f = dir.resolve(SWEEP);
        if (!Files.isRegularFile(f)) {
            throw new BadResultsException(dir + ": a sweep directory without " + SWEEP
                    + " (is the sweep still running? it is written when the runs are done)");
        }
        List<Map<String, String>> rows = new ArrayList<>();
        List<String> header;
        try (CsvReader r = CsvReader.open(f)) {
            header = r.header();
            while (r.next()) {
                Map<String, String> row = new LinkedHashMap<>();
                for (int i = 0; i < header.size(); i++) {
                    row.put(header.get(i), r.text(i));
                }
                rows.add(row);
            }
        } catch (IOException e) {
            throw new BadResultsException(f + ": cannot read it: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new BadResultsException(e.getMessage()); // a damaged row, named by file and line
        }
        int seed = header.indexOf("seed");
        if (seed < 0) {
            throw new BadResultsException(f + ": no 'seed' column (expected the varied keys, seed, then the figures)");
        }
        List<String> keys = new ArrayList<>();
        for (String h : header.subList(0, seed)) {
            if (!BOOKKEEPING.contains(h)) {
                keys.add(h);
            }
        }
        List<String> figures = new ArrayList<>();
        for (String h : header.subList(seed + 1, header.size())) {
            if (!BOOKKEEPING.contains(h) && numeric(rows, h)) {
                figures.add(h);
            }
        }
        Set<String> derived = new LinkedHashSet<>();
        Path first = null;
        for (Map<String, String> row : rows) {
            Path run = runDir(dir, row);
            if (run != null) {
                first = first == null ? run : first;
                Map<String, String> d = RunFigures.of(run);
                d.forEach((k, v) -> {
                    if (!row.containsKey(k)) {
                        row.put(k, v);
                        derived.add(k);
                    }
                });
            }
        }
        derived.stream().filter(d -> !figures.contains(d)).forEach(figures::add);
        return new SweepSet(dir, keys, figures, rows, jobTypes(first));
    }

    /** The run directory of a row of this sweep, or null when it is not there. */
    public Path runDir(Map<String, String> row) {
        return runDir(dir, row);
    }

    /** The run directory of a row ({@code run_dir}, else {@code points/<point>/<seed>}), or null if absent. */
    private static Path runDir(Path dir, Map<String, String> row) {
        String rel = row.getOrDefault("run_dir", "");
        if (rel.isEmpty() && !row.getOrDefault("point", "").isEmpty()) {
            rel = POINTS + "/" + row.get("point") + "/" + row.getOrDefault("seed", "");
        }
        Path p = rel.isEmpty() ? null : dir.resolve(rel).normalize();
        return p != null && p.startsWith(dir.normalize()) && ResultSet.isRun(p) ? p : null;
    }

    /** Job name to type ({@code allreduce}, {@code nvmeof}, ...) from a run's summary.json; empty if unknown. */
    private static Map<String, String> jobTypes(Path run) {
        Map<String, String> out = new LinkedHashMap<>();
        if (run == null) {
            return out;
        }
        try {
            for (JsonNode j : JSON.readTree(run.resolve(ResultSet.SUMMARY).toFile()).path("jobs")) {
                if (j.path("job").isTextual() && j.path("type").isTextual()) {
                    out.putIfAbsent(j.path("job").asText(), j.path("type").asText());
                }
            }
        } catch (IOException e) {
            return out;
        }
        return out;
    }

    private static boolean numeric(List<Map<String, String>> rows, String col) {
        boolean any = false;
        for (Map<String, String> r : rows) {
            String v = r.get(col);
            if (v == null || v.isEmpty()) {
                continue;
            }
            if (v.equals("true") || v.equals("false")) {
                any = true;
                continue;
            }
            try {
                Double.parseDouble(v);
                any = true;
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return any;
    }

    public Path dir() {
        return dir;
    }

    /** The varied keys, in column order. */
    public List<String> keys() {
        return keys;
    }

    /** The type of job {@code job} ({@code allreduce}, {@code nvmeof}, ...), or null when unknown. */
    public String jobType(String job) {
        return jobTypes.get(job);
    }

    /** The numeric summary figures, then those derived from the run directories ({@link RunFigures}). */
    public List<String> figures() {
        return figures;
    }

    /** One map per run, column to text. */
    public List<Map<String, String>> rows() {
        return rows;
    }

    /** The distinct values of {@code key}, in first-seen order. */
    public List<String> values(String key) {
        return rows.stream().map(r -> r.getOrDefault(key, "")).distinct().toList();
    }

    /** A figure of a row as a number (true = 1, false = 0), NaN if empty. */
    public static double number(Map<String, String> row, String figure) {
        String v = row.getOrDefault(figure, "");
        if (v.isEmpty()) {
            return Double.NaN;
        }
        if (v.equals("true") || v.equals("false")) {
            return v.equals("true") ? 1 : 0;
        }
        return Double.parseDouble(v);
    }

    /**
     * The mean and interval of {@code figure} over the runs whose keys have the given values (a subset of
     * the keys; NaN values are left out); truncated runs contribute their censored value ({@link #value}).
     */
    public Ci95 ci(String figure, Map<String, String> where) {
        return Ci95.of(runs(where).stream().mapToDouble(r -> value(r, figure)).filter(v -> !Double.isNaN(v))
                .toArray());
    }

    /** The runs whose keys have the given values. */
    public List<Map<String, String>> runs(Map<String, String> where) {
        return rows.stream().filter(r -> matches(r, where)).toList();
    }

    /**
     * A figure of a run for statistics: the number, except that a truncated run's slowdown percentile is its
     * censored counterpart when sweep.csv has it (the finished flows' percentile leaves out the slowest).
     */
    public static double value(Map<String, String> row, String figure) {
        String c = censoredOf(figure);
        if (c != null && truncated(row) && !row.getOrDefault(c, "").isEmpty()) {
            return number(row, c);
        }
        return number(row, figure);
    }

    /** {@code X.fct_slowdown.P} to {@code X.fct_slowdown_censored.P}; null for other figures. */
    public static String censoredOf(String figure) {
        int i = figure.lastIndexOf("fct_slowdown.");
        return i < 0 ? null : figure.substring(0, i) + "fct_slowdown_censored." + figure.substring(i + 13);
    }

    /**
     * Whether a run stopped at its stop time with work left ({@code stopped_by} {@code stop_time} or
     * {@code deadlock}; without that column, unfinished flows): its figures cover the finished work only.
     */
    public static boolean truncated(Map<String, String> row) {
        String by = row.getOrDefault("stopped_by", "");
        if (!by.isEmpty()) {
            return by.equals("stop_time") || by.equals("deadlock");
        }
        double unfinished = number(row, "flows.unfinished");
        if (!Double.isNaN(unfinished)) {
            return unfinished > 0;
        }
        return number(row, "flows.completed") < number(row, "flows.total");
    }

    /** The point's name of a run: the {@code point} column, else its key values ({@code k=v, ...}). */
    public String point(Map<String, String> row) {
        String p = row.getOrDefault("point", "");
        if (!p.isEmpty()) {
            return p;
        }
        List<String> parts = new ArrayList<>();
        keys.forEach(k -> parts.add(k.substring(k.lastIndexOf('.') + 1) + "=" + row.getOrDefault(k, "")));
        return String.join("_", parts);
    }

    /** The points: distinct combinations of the keys' values, in first-seen order. */
    public List<Map<String, String>> points() {
        return groups(keys);
    }

    /** The distinct combinations of {@code of}'s values, in first-seen order (one empty map for no keys). */
    public List<Map<String, String>> groups(List<String> of) {
        List<Map<String, String>> out = new ArrayList<>();
        for (Map<String, String> row : rows) {
            Map<String, String> g = new LinkedHashMap<>();
            of.forEach(k -> g.put(k, row.getOrDefault(k, "")));
            if (!out.contains(g)) {
                out.add(g);
            }
        }
        return out;
    }

    /** The name of the point with these key values (its first run's), or "" when no run has them. */
    public String pointName(Map<String, String> where) {
        return rows.stream().filter(r -> matches(r, where)).findFirst().map(this::point).orElse("");
    }

    /** Whether a run of the runs matching {@code where} is truncated. */
    public boolean truncatedAt(Map<String, String> where) {
        return runs(where).stream().anyMatch(SweepSet::truncated);
    }

    /** The names of the points with a truncated run, in point order. */
    public List<String> truncatedPoints() {
        return points().stream().filter(this::truncatedAt).map(this::pointName).toList();
    }

    /** How many runs are truncated. */
    public long truncatedRuns() {
        return rows.stream().filter(SweepSet::truncated).count();
    }

    private static boolean matches(Map<String, String> row, Map<String, String> where) {
        for (Map.Entry<String, String> e : where.entrySet()) {
            if (!e.getValue().equals(row.get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    /** The first run's directory (sweep.csv's first row; else the first under points/), if any. */
    public Optional<Path> firstRun() {
        for (Map<String, String> row : rows) {
            Path p = runDir(row);
            if (p != null) {
                return Optional.of(p);
            }
        }
        Path points = dir.resolve(POINTS);
        if (!Files.isDirectory(points)) {
            return Optional.empty();
        }
        try (Stream<Path> s = Files.walk(points, 3)) {
            return s.filter(ResultSet::isRun).sorted().findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
