package org.lossless.plots.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

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
                page = CompareReport.build(dir, o.compare(), o);
                out = o.out() != null ? o.out() : dir.resolve("compare-" + o.compare().toAbsolutePath().normalize()
                        .getFileName());
            } else if (ResultSet.isRun(dir)) {
                page = RunReport.build(ResultSet.open(dir), o);
                out = o.out() != null ? o.out() : dir;
            } else if (SweepSet.isSweep(dir)) {
                page = SweepReport.build(SweepSet.open(dir), o);
                out = o.out() != null ? o.out() : dir;
            } else {
                throw notResults(dir, "DIR");
            }
            if (o.out() != null || o.compare() != null) {
                checkOwnDirectory(out);
            }
            return ReportOutput.write(out, page);
        } catch (BadResultsException e) {
            throw new ReportException(e.getMessage());
        }
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

    /**
     * A report directory of its own ({@code --out}, or a comparison's folder) may already exist only if it holds
     * nothing but an earlier report, or is itself a Lossless result directory.
     */
    static void checkOwnDirectory(Path out) {
        if (!Files.exists(out) || ResultSet.isRun(out) || SweepSet.isSweep(out)) {
            return;
        }
        if (!Files.isDirectory(out)) {
            throw new ReportException("--out " + out + ": exists and is not a directory");
        }
        try (Stream<Path> s = Files.list(out)) {
            List<String> other = s.map(p -> p.getFileName().toString())
                    .filter(n -> !n.equals(ReportOutput.HTML) && !n.equals(ReportOutput.CHARTS)).toList();
            if (!other.isEmpty()) {
                throw new ReportException("--out " + out + ": holds files Lossless did not write (" + other.get(0)
                        + "): choose an empty or new directory");
            }
        } catch (IOException e) {
            throw new ReportException("--out " + out + ": cannot read it: " + e.getMessage());
        }
    }
}
