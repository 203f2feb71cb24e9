package org.lossless.experiments.results;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;

import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.run.QueueThresholds;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.topology.Topology;

/**
 * {@code thresholds.csv}: the reference levels of every switch egress queue of {@code ports.csv} (one row per
 * switch port and priority that carried traffic, in ports.csv's order; hosts' NIC queues have none), so a report
 * draws them from the result files alone:
 *
 * <ul>
 *   <li>{@code ecn_kmin_bytes}, {@code ecn_kmax_bytes}: ECN K_min and K_max at the port's speed; empty when ECN is
 *       off;</li>
 *   <li>{@code xoff_bytes}: the queue length at which the switch first asks for a PFC XOFF when the queue is fed
 *       by one ingress port, probed on the switch's own buffer model ({@link QueueThresholds}); empty when the
 *       priority is not lossless (or the buffer drops before it pauses). With dynamic thresholds more busy
 *       ingress ports let the queue grow further before every one pauses: this is the lowest level at which a
 *       pause can start, not a ceiling.</li>
 * </ul>
 *
 * Computed from the scenario when the run ends (never from what the run did), the same for every seed.
 */
public final class ThresholdsFile {
    public static final String NAME = "thresholds.csv";
    public static final String HEADER = "node,port,priority,rate_bps,ecn_kmin_bytes,ecn_kmax_bytes,xoff_bytes";

    private ThresholdsFile() {
    }

    /** The file's text (tests, small files). */
    public static String csv(Scenario s, Topology t, List<PortResult> ports) {
        StringWriter w = new StringWriter();
        try {
            write(w, s, t, ports);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    /** Streams the file to {@code out}, which stays open. */
    public static void write(Writer out, Scenario s, Topology t, List<PortResult> ports) throws IOException {
        RowBuffer rows = new RowBuffer(out);
        StringBuilder sb = rows.sb();
        sb.append(HEADER);
        rows.endRow();
        QueueThresholds.Calculator levels = new QueueThresholds.Calculator(s, t);
        for (PortResult p : ports) {
            QueueThresholds q = levels.of(p.node(), p.port(), p.priority());
            if (q == null) {
                continue; // a host's NIC, or a port the topology does not have
            }
            sb.append(Csv.field(p.node())).append(',').append(p.port()).append(',').append(p.priority()).append(',')
                    .append(p.rateBps()).append(',');
            optional(sb, q.kminBytes()).append(',');
            optional(sb, q.kmaxBytes()).append(',');
            optional(sb, q.xoffBytes());
            rows.endRow();
        }
        rows.finish();
    }

    private static StringBuilder optional(StringBuilder sb, long v) {
        return v < 0 ? sb : sb.append(v);
    }
}
