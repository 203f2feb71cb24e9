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
    private final String name;
    private final List<? extends ListedFlow> entries;

    /**
     * A program posting {@code entries} as they are: each validated by the record that holds it, read by the
     * program, never copied (an unmodifiable list is kept as it is).
     *
     * @throws IllegalArgumentException when messages that name one connection disagree on its hosts,
     *                                  priority, DSCP or QPs, or are not listed in start order
     */
    public FlowsProgram(String name, List<? extends ListedFlow> entries) {
        this.name = Objects.requireNonNull(name, "name");
        this.entries = List.copyOf(entries);
        Map<String, ListedFlow> previous = new HashMap<>();
        for (int i = 0; i < entries.size(); i++) {
            ListedFlow e = entries.get(i);
            if (e.connection() == null) {
                continue;
            }
            ListedFlow p = previous.put(e.connection(), e);
            if (p != null && (p.src() != e.src() || p.dst() != e.dst() || p.priority() != e.priority()
                    || p.qps() != e.qps() || options(p).resolvedDscp() != options(e).resolvedDscp())) {
                throw new IllegalArgumentException(name + ": flow " + i + " on connection '" + e.connection()
                        + "' must have the same src, dst, priority, dscp and qps as the flows before it on that connection");
            }
            if (p != null && e.startPs() < p.startPs()) {
                throw new IllegalArgumentException(name + ": flow " + i + " on connection '" + e.connection()
                        + "' starts before the flow listed before it on that connection (they are sent in list order)");
            }
        }
    }

    /** The options of {@code e}'s connection. */
    private static ConnectionOptions options(ListedFlow e) {
        return ConnectionOptions.of(e.priority()).withQps(e.qps()).withDscp(e.dscp());
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void start(TrafficContext ctx) {
        Map<String, Connection> named = new HashMap<>();
        for (ListedFlow e : entries) {
            Connection c;
            if (e.connection() == null) {
                c = ctx.connect(e.src(), e.dst(), options(e));
            } else {
                c = named.get(e.connection());
                if (c == null) {
                    c = ctx.connect(e.src(), e.dst(), options(e));
                    named.put(e.connection(), c);
                }
            }
            ctx.post(c, e.size(), Verb.WRITE, MessageTag.NONE_TAG, e.startPs());
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
