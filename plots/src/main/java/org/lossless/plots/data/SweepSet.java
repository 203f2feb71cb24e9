package org.lossless.plots.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A sweep directory: {@code sweep.csv} (one row per run: the varied keys, the seed, the summary figures)
 * and the run directories under {@code points/<point>/<seed>/}. The varied keys are the columns before
 * {@code seed} (bookkeeping columns {@code point}, {@code run}, {@code dir}, {@code status} excepted);
 * figures are the numeric columns after it. Means and 95 % intervals are computed here from the per-run
 * rows ({@link Ci95}), so they do not depend on how sweep-summary.csv is laid out.
 */
public final class SweepSet {
    public static final String SWEEP = "sweep.csv";
    public static final String SUMMARY = "sweep-summary.csv";
    public static final String POINTS = "points";
    private static final List<String> BOOKKEEPING = List.of("point", "run", "dir", "path", "status", "replication");

    private final Path dir;
    private final List<String> keys;
    private final List<String> figures;
    private final List<Map<String, String>> rows;

    private SweepSet(Path dir, List<String> keys, List<String> figures, List<Map<String, String>> rows) {
        this.dir = dir;
        this.keys = List.copyOf(keys);
        this.figures = List.copyOf(figures);
        this.rows = List.copyOf(rows);
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
        return new SweepSet(dir, keys, figures, rows);
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

    /** The numeric summary figures. */
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
     * the keys; NaN values are left out).
     */
    public Ci95 ci(String figure, Map<String, String> where) {
        return Ci95.of(rows.stream().filter(r -> matches(r, where)).mapToDouble(r -> number(r, figure))
                .filter(v -> !Double.isNaN(v)).toArray());
    }

    private static boolean matches(Map<String, String> row, Map<String, String> where) {
        for (Map.Entry<String, String> e : where.entrySet()) {
            if (!e.getValue().equals(row.get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    /** The first run directory under points/ (for the scenario in brief), if any. */
    public Optional<Path> firstRun() {
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
