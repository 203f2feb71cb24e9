package org.lossless.experiments.results;

import org.lossless.experiments.metrics.Completion;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.results.ranks.Keys;
import org.lossless.experiments.results.ranks.PercentileValues;
import org.lossless.experiments.results.ranks.Series;
import org.lossless.experiments.scenario.FlowRows;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code flows_summary.csv} ({@code metrics.flows: data} or {@code summary}): the messages {@code flows.csv} does not
 * list ({@link ResultFiles#listed}; with {@code data} the collectives' per-step messages
 * ({@link org.lossless.experiments.metrics.MessageLabel#collectiveStep()}) and the control messages, with
 * {@code summary} every message) aggregated into one row per job ({@code workload}), step kind ({@code operation}:
 * a collective's {@code data} or clear-to-send {@code cts}, a storage job's operation, empty for plain flows; with
 * its {@code kind}) and rank, named by the host that sends ({@code src}). Rows go by job in order of first
 * appearance, then data before control, then operation, then host. Per row: {@code messages}, {@code completed}
 * (reached completion {@code metrics.completion}), {@code bytes} posted, {@code bytes_delivered},
 * {@code retransmits}, {@code cnps}, and over the completed messages the FCT p50, p99 and max (ps) and the slowdown
 * p50, p99 and max (six decimals): nearest-rank like {@code summary.json}, empty without a completed message.
 * Made row by row ({@link #add}, as rows are streamed during the run): per row its running totals and, for the
 * exact percentiles, two series of the run's {@link PercentileValues}, one FCT (ps) and one slowdown
 * ({@link Keys#ofDouble}) per completed message (16 B, in memory up to the store's budget, on disk past it), not
 * the row objects. The file's figures are selected all at once before its first row is written (a pass over each
 * file of spilled values, not a pass per row), the same bytes whatever the budget.
 */
public final class StepSummary {
    public static final String HEADER = "workload,operation,kind,src,messages,completed,bytes,bytes_delivered,"
            + "retransmits,cnps,fct_p50_ps,fct_p99_ps,fct_max_ps,slowdown_p50,slowdown_p99,slowdown_max";

    /** Percentiles of a row's FCT and slowdown figures: p50, p99 and the max. */
    private static final double[] PERCENTILES = {50, 99, 100};
    private final Completion basis;
    private final FlowRows keep;
    private final PercentileValues values;
    private final Map<String, Integer> jobOrder = new HashMap<>();
    private final Map<Key, Group> groups = new HashMap<>();
    /**
     * The groups by source host of the last few (job, kind, operation) triples met, searched before {@link #triples}: a
     * job's rows come in runs of one or two step kinds (a ring's data and its clear-to-send messages alternate), so
     * most rows find their group here without a key made and hashed per row (the 1,024-GPU ring's step between windows
     * spent a tenth of its time in {@link #add}: benchmarks/README.md, "Step 30").
     */
    private final Recent[] recent = new Recent[4];
    /** The slot of {@link #recent} the next triple not found there replaces. */
    private int nextRecent;
    /** Each (job, kind, operation)'s groups by source host (its key's {@code src} is -1). */
    private final Map<Key, Recent> triples = new HashMap<>();

    /** An empty summary of the messages {@code keep} leaves out of flows.csv, their figures on completion {@code basis}. */
    StepSummary(Completion basis, FlowRows keep, PercentileValues values) {
        this.basis = basis;
        this.keep = keep;
        this.values = values;
    }

    /** The file's text (tests, small runs). */
    public static String csv(List<FlowResult> flows, Completion basis, FlowRows keep) {
        return ResultFiles.text(w -> write(w, flows, basis, keep));
    }

    /** Streams the file to {@code out}, which stays open: the messages {@code keep} leaves out of flows.csv. */
    public static void write(Writer out, List<FlowResult> flows, Completion basis, FlowRows keep) throws IOException {
        StepSummary s = new StepSummary(basis, keep, PercentileValues.inMemory());
        for (FlowResult f : flows) {
            s.add(f);
        }
        s.write(out);
    }

    /**
     * Counts row {@code f} in its group and returns the group (its completed messages' FCT and slowdown series, which
     * summary.json's figures take as theirs: {@link FlowFigures#add(FlowResult, Series, Series, boolean)}), or null
     * for a row flows.csv lists.
     */
    Group add(FlowResult f) {
        if (ResultFiles.listed(keep, f)) {
            return null;
        }
        String op = f.label().operation() == null ? "" : f.label().operation();
        Recent r = recent(f.workload(), f.data() ? 0 : 1, op);
        int src = f.src();
        Group g = src >= 0 && src < r.bySrc.length ? r.bySrc[src] : null;
        if (g == null) {
            Key t = r.triple;
            g = groups.computeIfAbsent(new Key(t.job(), t.workload(), t.kind(), t.operation(), src),
                    x -> new Group(values));
            if (src >= 0) {
                if (src >= r.bySrc.length) {
                    r.bySrc = java.util.Arrays.copyOf(r.bySrc, Math.max(src + 1, 2 * r.bySrc.length));
                }
                r.bySrc[src] = g;
            }
        }
        g.add(f, basis);
        return g;
    }

    /** The groups of ({@code workload}, {@code kind}, {@code op}): a recent one, else from {@link #triples}. */
    private Recent recent(String workload, int kind, String op) {
        for (Recent r : recent) {
            if (r != null && r.triple.kind() == kind && r.triple.workload().equals(workload)
                    && r.triple.operation().equals(op)) {
                return r;
            }
        }
        Integer job = jobOrder.get(workload);
        if (job == null) {
            job = jobOrder.size();
            jobOrder.put(workload, job);
        }
        Recent r = triples.computeIfAbsent(new Key(job, workload, kind, op, -1), Recent::new);
        recent[nextRecent] = r;
        nextRecent = (nextRecent + 1) % recent.length;
        return r;
    }

    /** Writes the file to {@code out}, which stays open. */
    void write(Writer out) throws IOException {
        List<Key> keys = new ArrayList<>(groups.keySet());
        keys.sort(Comparator.comparingInt(Key::job).thenComparingInt(Key::kind).thenComparing(Key::operation)
                .thenComparingInt(Key::src));
        List<Series> series = new ArrayList<>();
        for (Key k : keys) {
            series.add(groups.get(k).fct);
            series.add(groups.get(k).slowdown);
        }
        long[][] at = values.selectEach(PERCENTILES, series);
        RowBuffer rows = new RowBuffer(out);
        StringBuilder sb = rows.sb();
        sb.append(HEADER);
        rows.endRow();
        for (int i = 0; i < keys.size(); i++) {
            Key k = keys.get(i);
            Group g = groups.get(k);
            sb.append(Csv.field(k.workload())).append(',').append(Csv.field(k.operation())).append(',')
                    .append(k.kind() == 0 ? "data" : "control").append(',').append(k.src()).append(',')
                    .append(g.messages).append(',').append(g.done).append(',').append(g.bytes).append(',')
                    .append(g.delivered).append(',').append(g.retransmits).append(',').append(g.cnps);
            appendFigures(sb, at[2 * i], at[2 * i + 1]);
            rows.endRow();
        }
        rows.finish();
    }

    /** A row's FCT (ps) and slowdown p50, p99 and max, from their keys (null: no completed message). */
    private static void appendFigures(StringBuilder sb, long[] fct, long[] slowdown) {
        if (fct == null) {
            sb.append(",,,,,,");
            return;
        }
        for (long t : fct) {
            sb.append(',').append(t);
        }
        for (long s : slowdown) {
            sb.append(',');
            Csv.appendFixed(sb, Keys.toDouble(s), Csv.SLOWDOWN_DECIMALS);
        }
    }

    /** A row's identity; {@code job} orders jobs by first appearance, {@code kind} 0 data, 1 control. */
    private record Key(int job, String workload, int kind, String operation, int src) {
    }

    /** A (job, kind, operation)'s groups, by source host (null where none yet); {@code triple}'s {@code src} is -1. */
    private static final class Recent {
        final Key triple;
        Group[] bySrc = new Group[0];

        Recent(Key triple) {
            this.triple = triple;
        }
    }

    /** One row's counters and its completed messages' FCTs and slowdowns. */
    static final class Group {
        long messages;
        int done;
        long bytes;
        long delivered;
        long retransmits;
        long cnps;
        final Series fct;
        /** Keys ({@link Keys#ofDouble}) of the slowdowns. */
        final Series slowdown;

        Group(PercentileValues values) {
            fct = values.series();
            slowdown = values.series();
        }

        void add(FlowResult f, Completion basis) {
            messages++;
            bytes += f.sizeBytes();
            delivered += f.bytesDelivered();
            retransmits += f.retransmits();
            cnps += f.cnps();
            if (!f.completed(basis)) {
                return;
            }
            done++;
            fct.add(f.fctPs(basis));
            slowdown.add(Keys.ofDouble(f.slowdown(basis)));
        }
    }
}
