package org.lossless.plots.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.lossless.experiments.results.OutputRule;
import org.lossless.experiments.results.ResultMarker;
import org.lossless.plots.data.BadResultsException;
import org.lossless.plots.data.ResultSet;
import org.lossless.plots.data.SweepSet;

/**
 * Entry point: {@code report.html} and {@code charts/*.png} for a run directory, a sweep directory, or a
 * candidate compared with a baseline of the same kind. Reads result files only.
 */
public final class Report {
    private Report() {
    }

    /** Writes the report of {@code dir} with default options; returns the path of report.html. */
    public static Path write(Path dir) {
        return write(dir, ReportOptions.defaults());
    }

    /**
     * Writes the report; returns the path of report.html.
     *
     * @throws ReportException for directories that are not results, unreadable files or a refused target
     */
    public static Path write(Path dir, ReportOptions o) {
        try {
            Page page;
            Path out;
            if (o.compare() != null) {
                requireResults(o.compare(), "--compare");
                requireResults(dir, "DIR");
                out = o.out() != null ? o.out() : dir.resolve("compare-" + o.compare().toAbsolutePath().normalize()
                        .getFileName());
                if (ResultSet.isRun(dir) && o.sweepChoices()) {
                    throw new ReportException("--metric, --best and --where choose the figures of a sweep report; "
                            + dir + " is a run");
                }
                ReportOutput.check(out, resultKind(out));
                page = CompareReport.build(dir, o.compare(), o);
            } else if (ResultSet.isRun(dir) && o.sweepChoices()) {
                throw new ReportException("--metric, --best and --where choose the figures of a sweep report; " + dir
                        + " is a run");
            } else if (ResultSet.isRun(dir) || SweepSet.isSweep(dir)) {
                out = o.out() != null ? o.out() : dir;
                ReportOutput.check(out, resultKind(out));
                page = ResultSet.isRun(dir) ? RunReport.build(ResultSet.open(dir), o) : SweepReport.build(SweepSet.open(dir), o);
            } else {
                throw notResults(dir, "DIR");
            }
            return ReportOutput.write(out, resultKind(out), page);
        } catch (BadResultsException e) {
            throw new ReportException(e.getMessage());
        }
    }

    /**
     * The kind of result directory {@code out} is (a run or a sweep: the report is added to it), or null when
     * the report gets a directory of its own there (missing, empty, an earlier report, or refused).
     */
    static String resultKind(Path out) {
        ResultMarker m = ResultMarker.read(out);
        if (m != null) {
            return m.kind().equals(OutputRule.REPORT) ? null : m.kind();
        }
        return ResultSet.isRun(out) ? OutputRule.RUN : SweepSet.isSweep(out) ? OutputRule.SWEEP : null;
    }

    private static void requireResults(Path dir, String what) {
        if (!ResultSet.isRun(dir) && !SweepSet.isSweep(dir)) {
            throw notResults(dir, what);
        }
    }

    private static ReportException notResults(Path dir, String what) {
        if (!Files.exists(dir)) {
            return new ReportException(what + " " + dir + ": no such directory");
        }
        return new ReportException(what + " " + dir + ": not a result directory (a run has summary.json, a sweep "
                + "has sweep.csv and points/)");
    }
}
