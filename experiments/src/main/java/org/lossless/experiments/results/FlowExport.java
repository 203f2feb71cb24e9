package org.lossless.experiments.results;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.lossless.experiments.run.EngineInput;
import org.lossless.experiments.run.ProgramFactory;
import org.lossless.topology.Topology;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.workloads.traffic.RecordingContext;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * {@code lossless export flows}: the messages a scenario's workloads post and what each waited for, found
 * by running the same traffic programs against a {@link RecordingContext} (no network), written as
 * {@code messages.csv} and {@code messages.json}.
 *
 * <p>Each message: id (the run's {@code flow_id}), workload, {@code src} (the requester, the host that posts
 * it) and {@code dst} (its peer; for a READ the payload goes dst to src), size, priority, DSCP, connection id and
 * its QPs, operation, post time, the ids it depends on and how long after the last of them was delivered it was
 * posted ({@code delay_ps}: the sender's software latency in the recording). The post time of a message posted in reaction to
 * a completion comes from the recording's simple timing model (every connection at the host line rate, a
 * fixed latency; {@link #LATENCY_DOC}), not from the packet engine: the order and the dependencies are
 * what the export is for.
 */
public final class FlowExport {
    /** Header of {@code messages.csv}. */
    public static final String CSV_HEADER = "id,workload,src,dst,size_bytes,priority,connection,qps,op,post_ps,"
            + "iteration,step,channel,operation,depends_on,delay_ps,dscp";
    /** The {@code format} field of {@code messages.json}. */
    public static final String JSON_FORMAT = "lossless-messages-1";
    /** How the recording times reactions (for the docs and the files). */
    public static final String LATENCY_DOC = "each connection sends at host 0's line rate; a delivery comes "
            + "twice host 0's link delay after the last byte is sent, its acknowledgement as much later";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));

    private FlowExport() {
    }

    /** The messages the programs of {@code in} post, in id order, recorded up to its stop time. */
    public static List<Message> record(EngineInput in) {
        Topology t = in.topology();
        var link = t.ports(t.hostNode(0)).get(0).cable();
        List<TrafficProgram> programs = new ArrayList<>();
        for (ProgramFactory f : in.traffic().programs()) {
            programs.add(f.newProgram());
        }
        RecordingContext ctx = new RecordingContext(t, in.nic().mtu(), in.seed(), link.rateBps(), 2 * link.delayPs());
        return ctx.run(programs, in.stopTimePs());
    }

    /** {@code messages.csv}; {@code depends_on} lists ids separated by {@code ;}. Empty fields do not apply. */
    public static String csv(List<Message> messages) {
        return ResultFiles.text(w -> writeCsv(w, messages));
    }

    /** Streams {@code messages.csv} ({@link #csv}) to {@code out}, which stays open. */
    public static void writeCsv(Writer out, List<Message> messages) throws IOException {
        RowBuffer rows = new RowBuffer(out);
        StringBuilder sb = rows.sb();
        sb.append(CSV_HEADER);
        rows.endRow();
        for (Message m : messages) {
            ConnectionOptions o = m.connection().options();
            MessageTag tag = m.tag();
            sb.append(m.id()).append(',').append(Csv.field(m.workload())).append(',').append(m.connection().srcHost())
                    .append(',').append(m.connection().dstHost()).append(',').append(m.bytes()).append(',')
                    .append(o.priority()).append(',').append(m.connection().id()).append(',').append(o.qps()).append(',')
                    .append(m.op().key()).append(',').append(m.postPs()).append(',');
            optional(sb, tag.iteration()).append(',');
            optional(sb, tag.step()).append(',');
            optional(sb, tag.channel()).append(',');
            if (tag.operation() != null) {
                sb.append(Csv.field(tag.operation()));
            }
            sb.append(',');
            long[] deps = tag.dependsOn();
            for (int i = 0; i < deps.length; i++) {
                sb.append(i == 0 ? "" : ";").append(deps[i]);
            }
            sb.append(',');
            long delay = delayPs(m, messages);
            if (delay >= 0) {
                sb.append(delay);
            }
            sb.append(',').append(o.resolvedDscp());
            rows.endRow();
        }
        rows.finish();
    }

    /** {@code messages.json}: {@code {format, timing, messages: [...]}}; keys that do not apply are left out. */
    public static String json(List<Message> messages) {
        return ResultFiles.text(w -> writeJson(w, messages));
    }

    /**
     * Streams {@code messages.json} ({@link #json}) to {@code out}, which stays open: message by message
     * through a Jackson generator with the pretty printer, so no tree of all messages is built.
     */
    public static void writeJson(Writer out, List<Message> messages) throws IOException {
        try (JsonGenerator g = JSON.writer(PRETTY).createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeStringField("format", JSON_FORMAT);
            g.writeStringField("timing", LATENCY_DOC);
            g.writeArrayFieldStart("messages");
            for (Message m : messages) {
                writeMessage(g, m, messages);
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.write("\n");
        out.flush();
    }

    private static void writeMessage(JsonGenerator g, Message m, List<Message> messages) throws IOException {
        ConnectionOptions o = m.connection().options();
        MessageTag tag = m.tag();
        g.writeStartObject();
        g.writeNumberField("id", m.id());
        g.writeStringField("workload", m.workload());
        g.writeNumberField("src", m.connection().srcHost());
        g.writeNumberField("dst", m.connection().dstHost());
        g.writeNumberField("size_bytes", m.bytes());
        g.writeNumberField("priority", o.priority());
        g.writeNumberField("dscp", o.resolvedDscp());
        g.writeNumberField("connection", m.connection().id());
        g.writeNumberField("qps", o.qps());
        g.writeStringField("op", m.op().key());
        g.writeNumberField("post_ps", m.postPs());
        if (tag.iteration() >= 0) {
            g.writeNumberField("iteration", tag.iteration());
        }
        if (tag.step() >= 0) {
            g.writeNumberField("step", tag.step());
        }
        if (tag.channel() >= 0) {
            g.writeNumberField("channel", tag.channel());
        }
        if (tag.operation() != null) {
            g.writeStringField("operation", tag.operation());
        }
        g.writeArrayFieldStart("depends_on");
        for (long d : tag.dependsOn()) {
            g.writeNumber(d);
        }
        g.writeEndArray();
        long delay = delayPs(m, messages);
        if (delay >= 0) {
            g.writeNumberField("delay_ps", delay);
        }
        g.writeEndObject();
    }

    /**
     * How long after its last dependency was delivered {@code m} was posted, in the recording (the sender's
     * software latency, or the wait for its connection's turn); -1 without dependencies. Ids are list
     * positions (the recording's ids are dense from 0).
     */
    static long delayPs(Message m, List<Message> messages) {
        long last = -1;
        for (long d : m.tag().dependsOn()) {
            if (d < 0 || d >= messages.size() || messages.get((int) d).id() != d) {
                return -1;
            }
            last = Math.max(last, messages.get((int) d).deliveredPs());
        }
        return last < 0 ? -1 : Math.max(0, m.postPs() - last);
    }

    private static StringBuilder optional(StringBuilder sb, long v) {
        return v < 0 ? sb : sb.append(v);
    }
}
