package org.lossless.experiments.results;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
        StringBuilder sb = new StringBuilder(CSV_HEADER.length() + 1 + messages.size() * 64);
        sb.append(CSV_HEADER).append('\n');
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
            sb.append(',').append(o.resolvedDscp()).append('\n');
        }
        return sb.toString();
    }

    /** {@code messages.json}: {@code {format, timing, messages: [...]}}; keys that do not apply are left out. */
    public static String json(List<Message> messages) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        root.put("format", JSON_FORMAT);
        root.put("timing", LATENCY_DOC);
        ArrayNode list = root.putArray("messages");
        for (Message m : messages) {
            ConnectionOptions o = m.connection().options();
            MessageTag tag = m.tag();
            ObjectNode n = list.addObject();
            n.put("id", m.id());
            n.put("workload", m.workload());
            n.put("src", m.connection().srcHost());
            n.put("dst", m.connection().dstHost());
            n.put("size_bytes", m.bytes());
            n.put("priority", o.priority());
            n.put("dscp", o.resolvedDscp());
            n.put("connection", m.connection().id());
            n.put("qps", o.qps());
            n.put("op", m.op().key());
            n.put("post_ps", m.postPs());
            if (tag.iteration() >= 0) {
                n.put("iteration", tag.iteration());
            }
            if (tag.step() >= 0) {
                n.put("step", tag.step());
            }
            if (tag.channel() >= 0) {
                n.put("channel", tag.channel());
            }
            if (tag.operation() != null) {
                n.put("operation", tag.operation());
            }
            ArrayNode deps = n.putArray("depends_on");
            for (long d : tag.dependsOn()) {
                deps.add(d);
            }
            long delay = delayPs(m, messages);
            if (delay >= 0) {
                n.put("delay_ps", delay);
            }
        }
        try {
            return JSON.writer(PRETTY).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
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
