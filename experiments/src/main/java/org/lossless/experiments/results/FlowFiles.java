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
import org.lossless.experiments.scenario.FlowRows;

/**
 * The result files made of the run's rows, fed row by row in id order, during the run as messages complete
 * (streamed) or after it from the whole list: {@code flows.csv} (the rows {@code metrics.flows} lists, written as
 * they come), {@code flows_summary.csv} (the others, aggregated: {@link StepSummary}) and {@code summary.json}'s
 * message figures ({@link FlowFigures}). The same rows in the same order give the same bytes either way.
 */
final class FlowFiles implements FlowSink, Closeable {
    private final Path dir;
    private final Completion basis;
    private final FlowRows keep;
    private final Writer out;
    private final RowBuffer rows;
    private final StepSummary steps;
    private final FlowFigures figures;
    private boolean finished;

    /** Opens {@code dir/flows.csv} and writes its header; rows are listed or aggregated as {@code keep} says. */
    FlowFiles(Path dir, Completion basis, FlowRows keep) throws IOException {
        this.dir = dir;
        this.basis = basis;
        this.keep = keep;
        this.out = Files.newBufferedWriter(dir.resolve(ResultsWriter.FLOWS), StandardCharsets.UTF_8);
        this.rows = new RowBuffer(out);
        this.steps = keep == FlowRows.ALL ? null : new StepSummary(basis, keep);
        this.figures = new FlowFigures(basis);
        rows.sb().append(ResultFiles.FLOWS_HEADER);
        endRow();
    }

    @Override
    public void accept(FlowResult row) {
        if (ResultFiles.listed(keep, row)) {
            ResultFiles.appendFlow(rows.sb(), row, basis);
            endRow();
        } else {
            steps.add(row);
        }
        figures.add(row);
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

    /** Closes {@code flows.csv} if {@link #finish} was not reached (a failed run: the directory is discarded). */
    @Override
    public void close() throws IOException {
        if (!finished) {
            out.close();
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
