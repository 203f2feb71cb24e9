package org.lossless.experiments.results;

import java.io.IOException;
import java.io.Writer;

import org.lossless.workloads.training.TimelineEntry;
import org.lossless.workloads.training.TrainingResults;

/**
 * {@code timeline.csv}: the nodes of each training job's timeline ranks (tensor rank 0 of every pipeline stage of
 * the chosen data-parallel replica), iteration by iteration, in node order: what ran, on which stream, when its rank
 * was ready for it, when it started and ended ({@code critical}: 1 on the iteration's critical path). Written only
 * when a training job ran. A call's {@code start_ps} is when its last member arrived; {@code start_ps - ready_ps} is
 * the rank's wait for its partners.
 */
final class TimelineFile {
    static final String HEADER = "job,iteration,lane,rank,node,kind,op,name,stream,ready_ps,start_ps,end_ps,bytes,critical";

    private TimelineFile() {
    }

    static void write(Writer out, TrainingResults training) throws IOException {
        RowBuffer rows = new RowBuffer(out);
        StringBuilder sb = rows.sb();
        sb.append(HEADER);
        rows.endRow();
        for (TimelineEntry e : training.timeline()) {
            sb.append(Csv.field(e.job())).append(',').append(e.iteration()).append(',').append(Csv.field(e.lane()))
                    .append(',').append(e.rank()).append(',').append(e.node()).append(',').append(e.kind()).append(',')
                    .append(e.op()).append(',').append(Csv.field(e.name())).append(',').append(e.stream()).append(',')
                    .append(e.readyPs()).append(',').append(e.startPs()).append(',').append(e.endPs()).append(',')
                    .append(e.bytes()).append(',').append(e.critical() ? 1 : 0);
            rows.endRow();
        }
        rows.finish();
    }
}
