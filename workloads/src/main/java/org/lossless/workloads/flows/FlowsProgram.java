package org.lossless.workloads.flows;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.TrafficContext;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * A static list of messages ({@code type: flows}, and {@code hpcc-flows} once its file is read): every
 * message is posted from {@link #start} with its start time as release time, so message ids follow list
 * order. A message without a connection name gets a connection of its own (a fresh QP set); messages
 * naming the same connection share one persistent QP set and are sent in list order.
 *
 * <p>Connections are opened in list order at their first message, so with one connection per message
 * the connection ids (and hence the QPs' UDP source ports) follow the message ids.
 */
public final class FlowsProgram implements TrafficProgram {
    /**
     * One message.
     *
     * @param src        sending host
     * @param dst        receiving host
     * @param sizeBytes  payload bytes, &gt; 0
     * @param startPs    when it is posted, ps
     * @param priority   802.1p priority of its connection, 0..7
     * @param qps        QPs of its connection, 1..{@link ConnectionOptions#MAX_QPS}
     * @param connection connection name within this workload, or null for a connection of its own
     * @param dscp       DSCP of its connection's packets, 0..63, or {@link ConnectionOptions#DSCP_FROM_PRIORITY}
     */
    public record Entry(int src, int dst, long sizeBytes, long startPs, int priority, int qps, String connection,
                        int dscp) {
        /** An entry with the default DSCP of its priority. */
        public Entry(int src, int dst, long sizeBytes, long startPs, int priority, int qps, String connection) {
            this(src, dst, sizeBytes, startPs, priority, qps, connection, ConnectionOptions.DSCP_FROM_PRIORITY);
        }

        public Entry {
            if (src < 0 || dst < 0 || src == dst) {
                throw new IllegalArgumentException("a flow needs two different hosts, got " + src + " -> " + dst);
            }
            if (sizeBytes <= 0 || startPs < 0) {
                throw new IllegalArgumentException("a flow needs a size > 0 and a start >= 0");
            }
            new ConnectionOptions(priority, qps, null, dscp);
        }

        /** The options of its connection. */
        ConnectionOptions options() {
            return ConnectionOptions.of(priority).withQps(qps).withDscp(dscp);
        }
    }

    private final String name;
    private final List<Entry> entries;

    /**
     * @throws IllegalArgumentException when messages that name one connection disagree on its hosts,
     *                                  priority, DSCP or QPs, or are not listed in start order
     */
    public FlowsProgram(String name, List<Entry> entries) {
        this.name = Objects.requireNonNull(name, "name");
        this.entries = List.copyOf(entries);
        Map<String, Entry> previous = new HashMap<>();
        for (int i = 0; i < this.entries.size(); i++) {
            Entry e = this.entries.get(i);
            if (e.connection() == null) {
                continue;
            }
            Entry p = previous.put(e.connection(), e);
            if (p != null && (p.src() != e.src() || p.dst() != e.dst() || p.priority() != e.priority()
                    || p.qps() != e.qps() || p.options().resolvedDscp() != e.options().resolvedDscp())) {
                throw new IllegalArgumentException(name + ": flow " + i + " on connection '" + e.connection()
                        + "' must have the same src, dst, priority, dscp and qps as the flows before it on that connection");
            }
            if (p != null && e.startPs() < p.startPs()) {
                throw new IllegalArgumentException(name + ": flow " + i + " on connection '" + e.connection()
                        + "' starts before the flow listed before it on that connection (they are sent in list order)");
            }
        }
    }

    public List<Entry> entries() {
        return entries;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void start(TrafficContext ctx) {
        Map<String, Connection> named = new HashMap<>();
        for (Entry e : entries) {
            Connection c;
            if (e.connection() == null) {
                c = ctx.connect(e.src(), e.dst(), e.options());
            } else {
                c = named.get(e.connection());
                if (c == null) {
                    c = ctx.connect(e.src(), e.dst(), e.options());
                    named.put(e.connection(), c);
                }
            }
            ctx.post(c, e.sizeBytes(), Verb.WRITE, MessageTag.NONE_TAG, e.startPs());
        }
    }

    /** Everything is posted at the start. */
    /** {@link #NEVER_REACTS}: every flow is posted at the start with its own start time. */
    @Override
    public long minReactionDelayPs() {
        return NEVER_REACTS;
    }

    @Override
    public boolean finished() {
        return true;
    }
}
