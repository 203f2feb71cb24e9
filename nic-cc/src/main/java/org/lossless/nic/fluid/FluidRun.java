package org.lossless.nic.fluid;

import org.lossless.core.text.DidYouMean;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.lossless.core.units.Units;
import org.lossless.nic.dcqcn.DcqcnSchema;
import org.lossless.nic.dcqcn.DcqcnParams;

/**
 * What {@code lossless fluid --flows N --rate R --delay T [--duration D] [--set KEY=VALUE]... --out DIR}
 * does: resolve the settings (profile paper2015 and RED 5 KB / 200 KB / 1 % unless set), solve the
 * fixed point, integrate the fluid model and write {@code fluid.csv} and {@code fluid.json} to DIR.
 * Every input is validated before DIR is created.
 */
public final class FluidRun {
    public static final String DEFAULT_PROFILE = "paper2015";
    public static final long DEFAULT_DURATION_PS = 100_000_000_000L;
    private static final List<String> ECN_KEYS = List.of("switch.ecn.kmin", "switch.ecn.kmax", "switch.ecn.pmax",
        "switch.ecn.mark_on", "switch.ecn.enabled");
    /** DCQCN keys the fluid model reads; the others are reported as not modelled. */
    private static final Set<String> MODELLED = Set.of("profile", "alpha_gain", "cnp_interval", "alpha_update_period",
        "rate_increase_timer", "byte_counter", "fast_recovery_steps", "additive_increase");

    /**
     * A fluid request in unit strings, as typed on the command line.
     *
     * @param flows    --flows
     * @param rate     --rate, e.g. "40Gbps"
     * @param delay    --delay (feedback delay tau*), e.g. "4us"
     * @param duration --duration, e.g. "100ms" (null = 100 ms)
     * @param sets     --set KEY=VALUE pairs (nic.dcqcn.* and switch.ecn.*)
     * @param step     integration step (null = 0.1 us)
     * @param sample   output sample period (null = 10 us)
     * @param method   integrator (null = Euler)
     */
    public record Request(int flows, String rate, String delay, String duration, Map<String, String> sets,
                          String step, String sample, FluidSolver.Method method) {
        public Request {
            sets = sets == null ? Map.of() : Map.copyOf(new LinkedHashMap<>(sets));
        }
    }

    /** A resolved request. */
    public record Plan(FluidParams params, DcqcnParams dcqcn, long durationPs, long stepPs, long samplePs,
                       FluidSolver.Method method, List<String> notes) {
    }

    /** The outcome: the files written, the fixed point and means over the second half of the run. */
    public record Result(Plan plan, Path csv, Path json, FixedPoint fixedPoint, double meanQueueBytes,
                         double[] meanRatesBps) {
    }

    private FluidRun() {
    }

    /** Parses and validates {@code r}; throws {@link IllegalArgumentException} naming the option or key. */
    public static Plan plan(Request r) {
        long rate = option("--rate", () -> Units.parseRate(r.rate()));
        long delay = option("--delay", () -> Units.parseTime(r.delay()));
        long duration = r.duration() == null ? DEFAULT_DURATION_PS : option("--duration", () -> Units.parseTime(r.duration()));
        long step = r.step() == null ? FluidSolver.DEFAULT_STEP_PS : option("--step", () -> Units.parseTime(r.step()));
        long sample = r.sample() == null ? FluidSolver.DEFAULT_SAMPLE_PS
            : option("--sample", () -> Units.parseTime(r.sample()));
        if (r.flows() < 1) {
            throw new IllegalArgumentException("--flows must be >= 1, got " + r.flows());
        }
        if (rate <= 0 || duration <= 0 || step <= 0 || sample <= 0) {
            throw new IllegalArgumentException("--rate, --duration, --step and --sample must be > 0");
        }
        Map<String, String> dcqcn = new LinkedHashMap<>();
        long kmin = 5_000;
        long kmax = 200_000;
        double pmax = 0.01;
        List<String> notes = new ArrayList<>();
        for (Map.Entry<String, String> e : r.sets().entrySet()) {
            String key = e.getKey().trim();
            String value = e.getValue();
            if (key.startsWith(DcqcnParams.PREFIX)) {
                dcqcn.put(key, value);
                String bare = DcqcnSchema.strip(key);
                if (!MODELLED.contains(bare) && DcqcnSchema.parameters().stream().anyMatch(k -> k.name().equals(bare))) {
                    notes.add(key + " is not part of the fluid model (ignored)");
                }
                continue;
            }
            switch (key) {
                case "switch.ecn.kmin" -> kmin = option(key, () -> Units.parseSize(value));
                case "switch.ecn.kmax" -> kmax = option(key, () -> Units.parseSize(value));
                case "switch.ecn.pmax" -> pmax = option(key, () -> Units.parseFraction(value));
                case "switch.ecn.mark_on" -> {
                    if (!value.trim().equals("dequeue")) {
                        throw new IllegalArgumentException("switch.ecn.mark_on: the fluid model marks at dequeue"
                            + " (its feedback delay excludes queueing), got '" + value + "'");
                    }
                }
                case "switch.ecn.enabled" -> {
                    if (!value.trim().equals("true")) {
                        throw new IllegalArgumentException("switch.ecn.enabled: the fluid model needs ECN, got '"
                            + value + "'");
                    }
                }
                default -> {
                    List<String> allowed = new ArrayList<>(ECN_KEYS);
                    DcqcnSchema.names().forEach(n -> allowed.add(DcqcnParams.PREFIX + n));
                    throw new IllegalArgumentException("--set " + key + ": unknown key"
                        + DidYouMean.suffix(key, allowed) + "; lossless fluid accepts nic.dcqcn.* and "
                        + String.join(", ", ECN_KEYS));
                }
            }
        }
        DcqcnParams d = DcqcnParams.resolve(dcqcn, DEFAULT_PROFILE, rate);
        if (!d.profile().equals(DEFAULT_PROFILE)) {
            notes.add("the fluid model is the SIGCOMM'15 algorithm; from profile " + d.profile()
                + " it uses alpha_gain, cnp_interval, alpha_update_period, rate_increase_timer, byte_counter,"
                + " fast_recovery_steps and additive_increase only");
        }
        FluidParams params = FluidParams.of(d, r.flows(), rate, delay, kmin, kmax, pmax);
        if (step > sample) {
            throw new IllegalArgumentException("--step (" + Units.formatTime(step) + ") must not exceed --sample ("
                + Units.formatTime(sample) + ")");
        }
        if (duration / sample + 1 > 50_000_000L / (r.flows() + 3)) {
            throw new IllegalArgumentException("--duration / --sample gives too many rows; use a longer --sample");
        }
        return new Plan(params, d, duration, step, sample, r.method() == null ? FluidSolver.Method.EULER : r.method(),
            List.copyOf(notes));
    }

    /** Plans, solves and writes {@code outDir/fluid.csv} and {@code outDir/fluid.json}. */
    public static Result run(Request r, Path outDir) throws IOException {
        Plan plan = plan(r);
        FixedPoint fp = FluidFixedPoint.solve(plan.params());
        FluidTrace trace = FluidSolver.run(plan.params(), plan.durationPs(), plan.stepPs(), plan.samplePs(),
            plan.method());
        long from = plan.durationPs() / 2;
        long to = plan.durationPs() + 1;
        double q = trace.meanQueueBytes(from, to);
        double[] rates = new double[trace.flows()];
        for (int i = 0; i < rates.length; i++) {
            rates[i] = trace.meanRateBps(i, from, to);
        }
        Path csv = FluidCsvWriter.write(trace, outDir);
        Path json = outDir.resolve("fluid.json");
        Files.writeString(json, json(plan, fp, q, rates), StandardCharsets.UTF_8);
        return new Result(plan, csv, json, fp, q, rates);
    }

    private static String json(Plan plan, FixedPoint fp, double q, double[] rates) {
        FluidParams p = plan.params();
        StringBuilder s = new StringBuilder("{\n");
        s.append("  \"flows\": ").append(p.flows()).append(",\n");
        s.append("  \"rate_bps\": ").append(p.capacityBps()).append(",\n");
        s.append("  \"delay_ps\": ").append(p.feedbackDelayPs()).append(",\n");
        s.append("  \"duration_ps\": ").append(plan.durationPs()).append(",\n");
        s.append("  \"ecn\": {\"kmin_bytes\": ").append(p.kminBytes()).append(", \"kmax_bytes\": ")
            .append(p.kmaxBytes()).append(", \"pmax\": ").append(num(p.pmax())).append("},\n");
        s.append("  \"dcqcn\": {");
        String sep = "";
        for (Map.Entry<String, String> e : plan.dcqcn().toSettings().entrySet()) {
            s.append(sep).append('"').append(e.getKey()).append("\": \"").append(e.getValue()).append('"');
            sep = ", ";
        }
        s.append("},\n");
        s.append("  \"fixed_point\": {\"exists\": ").append(fp.exists())
            .append(", \"mark_probability\": ").append(num(fp.markProbability()))
            .append(", \"queue_bytes\": ").append(num(fp.queueBytes()))
            .append(", \"rate_bps\": ").append(num(fp.rateBps()))
            .append(", \"taylor_mark_probability\": ").append(num(fp.taylorMarkProbability()))
            .append(", \"reason\": \"").append(fp.reason()).append("\"},\n");
        s.append("  \"second_half_mean\": {\"queue_bytes\": ").append(num(q)).append(", \"rate_bps\": [");
        for (int i = 0; i < rates.length; i++) {
            s.append(i == 0 ? "" : ", ").append(num(rates[i]));
        }
        s.append("]},\n  \"notes\": [");
        for (int i = 0; i < plan.notes().size(); i++) {
            s.append(i == 0 ? "" : ", ").append('"').append(plan.notes().get(i).replace("\"", "'")).append('"');
        }
        return s.append("]\n}\n").toString();
    }

    private static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.6g", v) : "null";
    }

    private static <T> T option(String name, java.util.function.Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
        }
    }
}
