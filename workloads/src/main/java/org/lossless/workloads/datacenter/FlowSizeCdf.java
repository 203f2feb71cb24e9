package org.lossless.workloads.datacenter;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.lossless.core.random.Xoshiro256StarStar;

/**
 * A flow-size distribution as the HPCC simulator's traffic generator reads it: points
 * {@code <size bytes> <cumulative percent>}, one per line, starting at percent 0 and ending at 100 with
 * strictly increasing sizes and percents. A size is drawn as the HPCC generator draws it: u uniform in
 * [0, 100), the size interpolated linearly between the first point whose percent is &gt;= u and the one
 * before, truncated to whole bytes, and 1 if that is 0.
 */
public final class FlowSizeCdf {
    /** The built-in distributions by scenario name, and their resource files (see PROVENANCE.md there). */
    public static final Map<String, String> BUILT_IN = Map.of(
            "websearch", "WebSearch_distribution.txt",
            "fbhdp", "FbHdp_distribution.txt",
            "alistorage", "AliStorage2019.txt",
            "googlerpc", "GoogleRPC2008.txt");
    /** The built-in names in documentation order. */
    public static final List<String> NAMES = List.of("websearch", "fbhdp", "alistorage", "googlerpc");

    private final String name;
    private final double[] sizes;
    private final double[] percents;

    private FlowSizeCdf(String name, double[] sizes, double[] percents) {
        this.name = name;
        this.sizes = sizes;
        this.percents = percents;
    }

    /** A built-in distribution ({@link #NAMES}). */
    public static FlowSizeCdf builtIn(String name) {
        String file = BUILT_IN.get(Objects.requireNonNull(name, "name"));
        if (file == null) {
            throw new IllegalArgumentException("no built-in flow-size distribution '" + name + "' (built in: "
                    + String.join(", ", NAMES) + ")");
        }
        try (InputStream in = FlowSizeCdf.class.getResourceAsStream("/org/lossless/workloads/cdf/" + file)) {
            if (in == null) {
                throw new IllegalStateException("resource " + file + " is missing from the workloads jar");
            }
            return parse(name, new String(in.readAllBytes(), StandardCharsets.UTF_8), file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Parses a distribution file. Errors ({@link IllegalArgumentException}) name {@code source} and the line.
     *
     * @param name what to call it ({@link #name()})
     */
    public static FlowSizeCdf parse(String name, String text, String source) {
        List<double[]> points = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            String where = source + " line " + (i + 1);
            String[] f = line.split("\\s+");
            if (f.length != 2) {
                throw new IllegalArgumentException(where + ": expected '<size bytes> <cumulative percent>', got '"
                        + line + "'");
            }
            double x = number(f[0], where, "size");
            double y = number(f[1], where, "percent");
            if (x < 0 || y < 0 || y > 100) {
                throw new IllegalArgumentException(where + ": size must be >= 0 and percent 0..100, got '" + line + "'");
            }
            if (!points.isEmpty()) {
                double[] prev = points.get(points.size() - 1);
                if (!(x > prev[0] && y > prev[1])) {
                    throw new IllegalArgumentException(where + ": sizes and percents must both increase strictly "
                            + "from one line to the next ('" + line + "' after '" + fmt(prev[0]) + " " + fmt(prev[1])
                            + "')");
                }
            }
            points.add(new double[] {x, y});
        }
        if (points.size() < 2) {
            throw new IllegalArgumentException(source + ": a distribution needs at least two points, got " + points.size());
        }
        if (points.get(0)[1] != 0) {
            throw new IllegalArgumentException(source + ": the first point must be at percent 0, got "
                    + fmt(points.get(0)[1]));
        }
        if (points.get(points.size() - 1)[1] != 100) {
            throw new IllegalArgumentException(source + ": the last point must be at percent 100, got "
                    + fmt(points.get(points.size() - 1)[1]));
        }
        double[] xs = new double[points.size()];
        double[] ys = new double[points.size()];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = points.get(i)[0];
            ys[i] = points.get(i)[1];
        }
        return new FlowSizeCdf(name, xs, ys);
    }

    private static double number(String s, String where, String what) {
        try {
            double v = Double.parseDouble(s);
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException(where + ": " + what + " '" + s + "' is not a number");
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    public String name() {
        return name;
    }

    /** Points in the file. */
    public int points() {
        return sizes.length;
    }

    /** The size at cumulative percent {@code y} (0..100), interpolated, not truncated. */
    public double sizeAtPercent(double y) {
        if (!(y >= 0 && y <= 100)) {
            throw new IllegalArgumentException("percent must be 0..100, got " + y);
        }
        int i = Arrays.binarySearch(percents, y);
        if (i >= 0) {
            return sizes[i];
        }
        int hi = -i - 1;
        int lo = hi - 1;
        return sizes[lo] + (sizes[hi] - sizes[lo]) / (percents[hi] - percents[lo]) * (y - percents[lo]);
    }

    /** One flow size, bytes (&gt;= 1), drawn with one uniform number from {@code rng}. */
    public long sample(Xoshiro256StarStar rng) {
        long s = (long) sizeAtPercent(rng.nextDouble() * 100);
        return Math.max(s, 1);
    }

    /** Mean of the interpolated distribution, bytes: the sum of trapezoids (x_i + x_i-1)/2 (y_i - y_i-1)/100. */
    public double meanBytes() {
        double m = 0;
        for (int i = 1; i < sizes.length; i++) {
            m += (sizes[i] + sizes[i - 1]) / 2 * (percents[i] - percents[i - 1]) / 100;
        }
        return m;
    }
}
