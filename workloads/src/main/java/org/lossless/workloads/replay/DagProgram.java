package org.lossless.workloads.replay;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;

import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.workloads.traffic.OneTimerProgram;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.TrafficContext;

/**
 * Replays a message dependency graph: message i is posted (as an RDMA WRITE) at
 * {@code max(start, last dependency delivered + delay)}, and not before the message listed before it on
 * its connection was posted. Connections are opened at start in order of first listing. Message tags carry
 * the dependencies as the run's message ids, so a replay can itself be exported.
 */
public final class DagProgram extends OneTimerProgram {
    private final List<DagMessage> graph;
    private final List<List<Integer>> dependents = new ArrayList<>();
    private final int[] pending;
    private final long[] ready;
    private final long[] messageId;
    private final boolean[] waiting;
    private final int[] nextOnConnection;
    private final boolean[] turn;
    private final Connection[] connectionOf;
    private final PriorityQueue<long[]> due = new PriorityQueue<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
            : Long.compare(a[1], b[1]));
    private final Map<Long, Integer> byMessage = new HashMap<>();
    private int delivered;

    /**
     * @throws IllegalArgumentException if a message depends on itself or a later one, or messages on one
     *                                  connection disagree on hosts, priority or QPs
     */
    public DagProgram(String name, List<DagMessage> graph) {
        super(Objects.requireNonNull(name, "name"));
        this.graph = List.copyOf(graph);
        int n = this.graph.size();
        pending = new int[n];
        ready = new long[n];
        messageId = new long[n];
        waiting = new boolean[n];
        nextOnConnection = new int[n];
        turn = new boolean[n];
        connectionOf = new Connection[n];
        Map<String, Integer> last = new HashMap<>();
        for (int i = 0; i < n; i++) {
            DagMessage m = this.graph.get(i);
            dependents.add(new ArrayList<>());
            nextOnConnection[i] = -1;
            Integer prev = m.connection() == null ? null : last.put(m.connection(), i);
            if (prev == null) {
                turn[i] = true;
            } else {
                DagMessage p = this.graph.get(prev);
                if (p.src() != m.src() || p.dst() != m.dst() || p.priority() != m.priority() || p.qps() != m.qps()
                        || p.options().resolvedDscp() != m.options().resolvedDscp()) {
                    throw new IllegalArgumentException(name + ": message " + i + " on connection '" + m.connection()
                            + "' must have the same src, dst, priority, dscp and qps as the messages before it on it");
                }
                nextOnConnection[prev] = i;
            }
            for (int d : m.dependsOn()) {
                if (d < 0 || d >= i) {
                    throw new IllegalArgumentException(name + ": message " + i + " depends on " + d
                            + ": dependencies must be earlier messages");
                }
                dependents.get(d).add(i);
                pending[i]++;
            }
            ready[i] = m.startPs();
        }
    }

    @Override
    protected void begin(TrafficContext context) {
        Map<String, Connection> named = new HashMap<>();
        for (int i = 0; i < graph.size(); i++) {
            DagMessage m = graph.get(i);
            Connection c = m.connection() == null ? null : named.get(m.connection());
            if (c == null) {
                c = ctx.connect(m.src(), m.dst(), m.options());
                if (m.connection() != null) {
                    named.put(m.connection(), c);
                }
            }
            connectionOf[i] = c;
            if (pending[i] == 0) {
                due.add(new long[] {ready[i], i});
            }
        }
    }

    @Override
    public void onDelivered(Message m, long nowPs) {
        Integer i = byMessage.remove(m.id());
        if (i == null) {
            return;
        }
        delivered++;
        for (int j : dependents.get(i)) {
            ready[j] = Math.max(ready[j], nowPs + graph.get(j).delayPs());
            if (--pending[j] == 0) {
                due.add(new long[] {ready[j], j});
            }
        }
        after(nowPs);
    }

    @Override
    public boolean finished() {
        return delivered == graph.size();
    }

    @Override
    protected void after(long now) {
        while (!due.isEmpty() && due.peek()[0] <= now) {
            int i = (int) due.poll()[1];
            if (turn[i]) {
                post(i, now);
            } else {
                waiting[i] = true;
            }
        }
        wakeAt(due.isEmpty() ? -1 : due.peek()[0]);
    }

    /** Posts message i and then any next message of its connection that was only waiting for its turn. */
    private void post(int i, long now) {
        while (i >= 0) {
            DagMessage d = graph.get(i);
            int[] deps = d.dependsOn();
            long[] ids = new long[deps.length];
            for (int k = 0; k < deps.length; k++) {
                ids[k] = messageId[deps[k]];
            }
            Message m = ctx.post(connectionOf[i], d.size(), Verb.WRITE, new MessageTag(-1, -1, -1, null, ids), now);
            messageId[i] = m.id();
            byMessage.put(m.id(), i);
            int next = nextOnConnection[i];
            i = -1;
            if (next >= 0) {
                turn[next] = true;
                if (waiting[next]) {
                    i = next;
                }
            }
        }
    }
}
