package org.lossless.experiments.results;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.lossless.experiments.metrics.Completion;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.FlowSink;
import org.lossless.experiments.results.ranks.PercentileValues;
import org.lossless.experiments.scenario.FlowRows;

/**
 * The result files made of the run's rows, fed row by row in id order, during the run as messages complete
 * (streamed) or after it from the whole list: {@code flows.csv} (the rows {@code metrics.flows} lists, written as
 * they come), {@code flows_summary.csv} (the others, aggregated: {@link StepSummary}) and {@code summary.json}'s
 * message figures ({@link FlowFigures}). The same rows in the same order give the same bytes either way.
 *
 * <p>Memory: the values of those files' exact percentiles (16 B per completed message aggregated in
 * flows_summary.csv, which summary.json reads from its group too; 8 B per data message and 16 B per control message
 * flows.csv lists) go to one {@link PercentileValues} for the run, held in memory up to a budget (a share of the heap
 * the run counts on; {@link PercentileValues#defaultBudget()} for a run alone) and past it in {@code *.spill} files in
 * {@code dir}, the result directory being written, 8 B a value; the files are the same bytes whatever the budget.
 * {@link #close} deletes those files, whether the result files were written or the run
 * failed; nothing else in {@code dir} is touched by them.
 */
final class FlowFiles implements FlowSink, Closeable {
    private final Path dir;
    private final Completion basis;
    private final FlowRows keep;
    private final Writer out;
    private final RowBuffer rows;
    private final StepSummary steps;
    private final FlowFigures figures;
    private final PercentileValues values;
    private boolean finished;

    /**
     * Opens {@code dir/flows.csv} and writes its header; rows are listed or aggregated as {@code keep} says, the
     * percentiles' values past {@code budgetBytes} on disk.
     */
    FlowFiles(Path dir, Completion basis, FlowRows keep, long budgetBytes) throws IOException {
        this.dir = dir;
        this.values = new PercentileValues(budgetBytes, dir);
        this.basis = basis;
        this.keep = keep;
        this.out = Files.newBufferedWriter(dir.resolve(ResultsWriter.FLOWS), StandardCharsets.UTF_8);
        this.rows = new RowBuffer(out);
        this.steps = keep == FlowRows.ALL ? null : new StepSummary(basis, keep, values);
        this.figures = new FlowFigures(basis, values);
        rows.sb().append(ResultFiles.FLOWS_HEADER);
        endRow();
    }

    @Override
    public void accept(FlowResult row) {
        if (ResultFiles.listed(keep, row)) {
            ResultFiles.appendFlow(rows.sb(), row, basis);
            endRow();
            figures.add(row);
        } else {
            // summary.json's figures read the row's values from its group's series instead of keeping them again
            StepSummary.Group g = steps.add(row);
            figures.add(row, g.fct, g.slowdown, g.messages == 1);
        }
    }

    @Override
    public void end(long endPs) {
        figures.end(endPs);
    }

    /** After the last row: completes {@code flows.csv} and writes {@code flows_summary.csv} (not with {@code all}). */
    void finish() throws IOException {
        rows.finish();
        out.close();
        finished = true;
        if (steps != null) {
            ResultsWriter.stream(dir.resolve(ResultsWriter.FLOWS_SUMMARY), steps::write);
        }
    }

    /** The message figures of {@code summary.json}, complete after {@link #finish}. */
    FlowFigures figures() {
        return figures;
    }

    /**
     * Deletes the spilled percentile values (the figures cannot be written after) and closes {@code flows.csv} if
     * {@link #finish} was not reached (a failed run: the directory is discarded).
     */
    @Override
    public void close() throws IOException {
        try {
            if (!finished) {
                out.close();
            }
        } finally {
            values.close();
        }
    }

    private void endRow() {
        try {
            rows.endRow();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
