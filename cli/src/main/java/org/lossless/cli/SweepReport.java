package org.lossless.cli;

import org.lossless.experiments.sweep.RunFailure;
import org.lossless.experiments.sweep.Sweep;
import org.lossless.experiments.sweep.SweepDefinition;
import org.lossless.experiments.sweep.SweepDirectory;
import org.lossless.experiments.sweep.SweepSummary;
import org.lossless.experiments.sweep.SweepTable;
import org.lossless.plots.charts.FigureUnit;
import org.lossless.experiments.sweep.SummaryFigures;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The end of {@code lossless sweep}: the table of means and 95 % intervals per point (and, with a baseline,
 * the paired differences) on stdout, in units a reader takes in at a glance ({@link FigureUnit}: ms, µs, KB,
 * GB/s; one unit per column); failures and what to do about them on stderr; runs stopped at stop_time with
 * unfinished work named on stderr and marked {@code *} in the table; and the exit status. Truncated runs
 * succeeded (exit 0): the sweep did what it was asked, but their figures cover the finished work only.
 */
final class SweepReport {
    static final List<String> DEFAULT_FIGURES = List.of("fct_slowdown.p50", "fct_slowdown.p99", "pfc.pause_frames",
            "ecn.marked_packets", "drops.packets");
    /** Truncated points named on the console at most. */
    static final int MAX_NAMED = 12;

    private SweepReport() {
    }

    /** @param out the sweep's --out (where --collect and --resume find it) */
    static int print(Context ctx, Sweep.Outcome o, SweepDefinition def, List<String> show, java.nio.file.Path out) {
        if (o.submitted()) {
            ctx.out().println("submitted " + (o.total() - o.doneBefore()) + " runs; the sweep is in " + o.dir()
                    + "; when the job has ended: lossless sweep --collect " + out);
            ctx.out().flush();
            return 0;
        }
        List<String> figures = show == null || show.isEmpty() ? DEFAULT_FIGURES : show;
        Map<String, Map<String, SweepSummary.Line>> byPoint = new LinkedHashMap<>();
        for (SweepSummary.Line l : o.lines()) {
            byPoint.computeIfAbsent(l.point().name(), k -> new LinkedHashMap<>()).put(l.figure(), l);
        }
        List<String> present = new ArrayList<>();
        for (String f : figures) {
            if (o.table().figures().contains(f)) {
                present.add(f);
            } else if (show != null && !show.isEmpty()) {
                ctx.err().println("lossless: --show " + f + ": no such figure in sweep.csv");
            }
        }
        Set<String> cutPoints = new LinkedHashSet<>();
        o.truncated().forEach(r -> cutPoints.add(r.run().point().name()));
        if (!o.table().rows().isEmpty() && !present.isEmpty()) {
            table(ctx, byPoint, present, false, cutPoints);
            if (!cutPoints.isEmpty()) {
                ctx.out().println("* stopped at stop_time with unfinished work in some runs: figures cover the finished "
                        + "work only");
            }
            if (def.baseline() != null) {
                ctx.out().println();
                ctx.out().println("paired difference to " + def.baseline() + " (same seeds), mean and 95 % interval:");
                table(ctx, byPoint, present, true, cutPoints);
            }
        }
        losslessDrops(ctx, o);
        for (RunFailure f : o.failures()) {
            ctx.err().println("lossless: failed: " + f.run().label() + ": " + f.reason() + (f.log() == null ? "" : "; log: " + f.log()));
        }
        int complete = o.total() - o.missing().size();
        String files = o.dir().resolve(SweepDirectory.TABLE) + " and " + SweepDirectory.SUMMARY;
        truncation(ctx, o, complete, cutPoints);
        if (o.missing().isEmpty()) {
            ctx.out().println(o.total() + " runs complete" + (o.truncated().isEmpty() ? "" : ", " + o.truncated().size()
                    + " of them stopped at stop_time with unfinished work") + "; " + files);
            ctx.out().flush();
            ctx.err().flush();
            return 0;
        }
        ctx.err().println("lossless: the sweep is INCOMPLETE: " + complete + " of " + o.total() + " runs complete; "
                + "sweep.csv holds only those (see " + SweepDirectory.STATUS + "). Fix the cause and rerun the same "
                + "command with --resume to run only what is missing.");
        ctx.out().flush();
        ctx.err().flush();
        return SweepCommand.INCOMPLETE;
    }

    /**
     * "N of M runs stopped at stop_time with unfinished work (points ...)" on stderr, loud: those runs' figures
     * are censored, not answers.
     */
    private static void truncation(Context ctx, Sweep.Outcome o, int complete, Set<String> cutPoints) {
        if (cutPoints.isEmpty()) {
            return;
        }
        List<String> names = new ArrayList<>(cutPoints);
        long deadlocked = o.truncated().stream().filter(SweepTable.Row::deadlocked).count();
        ctx.err().println("lossless: WARNING: " + o.truncated().size() + " of " + complete + " runs stopped at stop_time "
                + "with unfinished work (points " + String.join(", ", names.subList(0, Math.min(MAX_NAMED, names.size())))
                + (names.size() > MAX_NAMED ? " and " + (names.size() - MAX_NAMED) + " more" : "") + ")"
                + (deadlocked > 0 ? "; " + deadlocked + " of them in a PFC deadlock" : "") + ": their figures cover the "
                + "finished work only (slowdown percentiles are biased low; fct_slowdown_censored gives a lower bound). "
                + "Raise stop_time for those points. sweep.json and sweep-status.json list them (truncated).");
    }

    /**
     * "lossless: warning: lossless drops in 4 of 15 runs (...): points/dynamic_th=-4_kmin=400KB/1 8, ...": every
     * run whose switches dropped frames of a lossless priority group (summary.json drops.lossless), on stderr.
     */
    static void losslessDrops(Context ctx, Sweep.Outcome o) {
        List<String> runs = new ArrayList<>();
        long frames = 0;
        for (SweepTable.Row r : o.table().rows()) {
            SummaryFigures.Cell c = r.figures().get(LOSSLESS_DROPS);
            Double v = c == null ? null : c.value();
            if (v != null && v > 0) {
                frames += v.longValue();
                runs.add(r.run().label() + " " + v.longValue());
            }
        }
        if (runs.isEmpty()) {
            return;
        }
        ctx.err().println("lossless: warning: lossless drops in " + runs.size() + " of " + o.table().rows().size()
                + " runs (" + frames + " frames of PFC priority groups dropped because their headroom was full): "
                + String.join(", ", runs.subList(0, Math.min(8, runs.size())))
                + (runs.size() > 8 ? " and " + (runs.size() - 8) + " more" : "")
                + "; each run's summary.json drops.lossless names the ports (see docs/switch.md, \"Lossless drops\")");
    }

    /** The sweep.csv column of a run's lossless drops. */
    static final String LOSSLESS_DROPS = "drops.lossless.packets";

    private static void table(Context ctx, Map<String, Map<String, SweepSummary.Line>> byPoint, List<String> figures,
                              boolean diff, Set<String> cutPoints) {
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("point", "runs"));
        header.addAll(figures);
        rows.add(header);
        FigureUnit[] units = new FigureUnit[figures.size()];
        for (int i = 0; i < figures.size(); i++) {
            double largest = 0;
            for (Map<String, SweepSummary.Line> m : byPoint.values()) {
                SweepSummary.Line l = m.get(figures.get(i));
                SweepSummary.Estimate e = l == null ? null : diff ? l.diff() : l.estimate();
                largest = e == null || Double.isNaN(e.mean()) ? largest : Math.max(largest, Math.abs(e.mean()));
            }
            units[i] = FigureUnit.of(figures.get(i), largest);
        }
        for (String point : byPoint.keySet()) {
            Map<String, SweepSummary.Line> m = byPoint.get(point);
            List<String> row = new ArrayList<>();
            row.add(point + (cutPoints.contains(point) ? " *" : ""));
            SweepSummary.Line any = m.values().iterator().next();
            row.add(Integer.toString(any.estimate() == null ? 0 : any.estimate().n()));
            for (int i = 0; i < figures.size(); i++) {
                SweepSummary.Line l = m.get(figures.get(i));
                SweepSummary.Estimate e = l == null ? null : diff ? l.diff() : l.estimate();
                row.add(cell(e, units[i]));
            }
            rows.add(row);
        }
        int[] w = new int[header.size()];
        for (List<String> r : rows) {
            for (int i = 0; i < r.size(); i++) {
                w[i] = Math.max(w[i], r.get(i).length());
            }
        }
        for (List<String> r : rows) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < r.size(); i++) {
                String c = r.get(i);
                sb.append(i == 0 ? c + " ".repeat(w[i] - c.length()) : " ".repeat(w[i] - c.length() + 2) + c);
            }
            ctx.out().println(sb.toString().stripTrailing());
        }
    }

    /** Mean ± half-width in the column's unit, three significant digits (the files have ten). */
    private static String cell(SweepSummary.Estimate e, FigureUnit u) {
        if (e == null) {
            return "-";
        }
        return u.format(e.mean(), Double.isNaN(e.low()) ? Double.NaN : e.halfWidth());
    }
}
