package org.lossless.plots.data;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a training job wrote: each finished iteration's breakdown (the training columns of {@code jobs.csv}, with
 * its duration and ideal) and the nodes of {@code timeline.csv}.
 */
public final class TrainingRows {
    /** Breakdown parts, in {@code jobs.csv} column order: compute, exposed tp, pp, dp, ep, other, bubble. */
    public static final List<String> PARTS = List.of("compute", "exposed tp", "exposed pp", "exposed dp", "exposed ep",
            "exposed other", "bubble");
    private static final String[] COLUMNS = {"compute_ps", "exposed_tp_ps", "exposed_pp_ps", "exposed_dp_ps",
        "exposed_ep_ps", "exposed_other_ps", "bubble_ps"};

    private TrainingRows() {
    }

    /**
     * One finished training iteration.
     *
     * @param partsPs         per {@link #PARTS}, ps (they add up to the duration)
     * @param idealDurationPs the same iteration alone on an uncongested fabric, or -1 when jobs.csv has none
     */
    public record Breakdown(String job, int iteration, long durationPs, long[] partsPs, long idealDurationPs) {
    }

    /** One node of timeline.csv. */
    public record Node(String job, int iteration, String lane, String kind, String name, long startPs, long endPs,
                       boolean critical) {
    }

    static List<Breakdown> breakdowns(Path file) throws IOException {
        List<Breakdown> rows = new ArrayList<>();
        try (CsvReader r = CsvReader.open(file)) {
            r.require("a Lossless jobs.csv", "job");
            int job = r.column("job");
            int it = r.column("iteration");
            int dur = r.column("duration_ps");
            int ideal = r.column("ideal_duration_ps");
            int[] c = new int[COLUMNS.length];
            for (int i = 0; i < c.length; i++) {
                c[i] = r.column(COLUMNS[i]);
            }
            if (c[0] < 0) {
                return rows;
            }
            while (r.next()) {
                if (r.isEmpty(c[0])) {
                    continue;
                }
                long[] parts = new long[c.length];
                for (int i = 0; i < c.length; i++) {
                    parts[i] = r.longAt(c[i], 0);
                }
                rows.add(new Breakdown(r.text(job), (int) r.longAt(it, 0), r.longAt(dur, -1), parts,
                        r.longAt(ideal, -1)));
            }
        }
        return rows;
    }

    static List<Node> timeline(Path file) throws IOException {
        List<Node> rows = new ArrayList<>();
        try (CsvReader r = CsvReader.open(file)) {
            r.require("a Lossless timeline.csv", "job", "lane", "start_ps", "end_ps");
            int job = r.column("job");
            int it = r.column("iteration");
            int lane = r.column("lane");
            int kind = r.column("kind");
            int name = r.column("name");
            int start = r.column("start_ps");
            int end = r.column("end_ps");
            int critical = r.column("critical");
            while (r.next()) {
                long s = r.longAt(start, -1);
                long e = r.longAt(end, -1);
                if (s < 0 || e < 0) {
                    continue;
                }
                rows.add(new Node(r.text(job), (int) r.longAt(it, 0), r.text(lane), r.text(kind), r.text(name), s, e,
                        r.longAt(critical, 0) == 1));
            }
        }
        return rows;
    }
}
