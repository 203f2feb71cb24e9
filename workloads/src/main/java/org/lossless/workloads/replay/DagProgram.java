package org.lossless.workloads.replay;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.workloads.traffic.Op;
import org.lossless.workloads.traffic.TrafficContext;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * Replays a message dependency graph: message m is posted (as an RDMA WRITE) at
 * {@code max(start, last dependency delivered + delay)}, and not before the previous message of its
 * connection was posted. Connections are opened in order of first use, one per connection key, with the
 * first message's priority. The graph must list dependencies before dependents (ids increasing).
 */
public final class DagProgram implements TrafficProgram {
    private final String name;
    private final List<DagMessage> graph;
    private final Map<Long, Integer> index = new HashMap<>();
    private final List<List<Integer>> dependents = new ArrayList<>();
    private final int[] pending;
    private final long[] ready;
    private final boolean[] waiting;
    private final int[] nextOnConnection;
    private final boolean[] connectionTurn;
    private final PriorityQueue<long[]> due = new PriorityQueue<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
            : Long.compare(a[1], b[1]));
    private final Map<Long, Integer> byMessage = new HashMap<>();
    private final Map<Long, Connection> connections = new HashMap<>();
    private TrafficContext ctx;
    private int done;
    private long armedAt = -1;

    public DagProgram(String name, List<DagMessage> graph) {
        this.name = name;
        this.graph = List.copyOf(graph);
        int n = this.graph.size();
        pending = new int[n];
        ready = new long[n];
        waiting = new boolean[n];
        nextOnConnection = new int[n];
        connectionTurn = new boolean[n];
        Map<Long, Integer> lastOfConnection = new HashMap<>();
        for (int i = 0; i < n; i++) {
            DagMessage m = this.graph.get(i);
            if (index.put(m.id(), i) != null) {
                throw new IllegalArgumentException("message id " + m.id() + " is used twice");
            }
            dependents.add(new ArrayList<>());
            nextOnConnection[i] = -1;
            Integer prev = lastOfConnection.put(m.connection(), i);
            if (prev == null) {
                connectionTurn[i] = true;
            } else {
                nextOnConnection[prev] = i;
            }
            for (long d : m.dependsOn()) {
                Integer j = index.get(d);
                if (j == null) {
                    throw new IllegalArgumentException("message " + m.id() + " depends on unknown message " + d);
                }
                dependents.get(j).add(i);
                pending[i]++;
            }
            ready[i] = m.startPs();
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void start(TrafficContext context) {
        ctx = context;
        for (DagMessage m : graph) {
            connections.computeIfAbsent(m.connection(), k -> ctx.connect(m.src(), m.dst(), ConnectionOptions.of(m.priority())));
        }
        for (int i = 0; i < graph.size(); i++) {
            if (pending[i] == 0) {
                due.add(new long[] {ready[i], i});
            }
        }
        after(ctx.nowPs());
    }

    @Override
    public void onDelivered(Message m, long nowPs) {
        Integer i = byMessage.remove(m.id());
        if (i == null) {
            return;
        }
        done++;
        for (int j : dependents.get(i)) {
            ready[j] = Math.max(ready[j], nowPs + graph.get(j).delayPs());
            if (--pending[j] == 0) {
                due.add(new long[] {ready[j], j});
            }
        }
        after(nowPs);
    }

    @Override
    public void onTimer(long nowPs) {
        armedAt = -1;
        after(nowPs);
    }

    @Override
    public boolean finished() {
        return done == graph.size();
    }

    private void after(long now) {
        while (!due.isEmpty() && due.peek()[0] <= now) {
            int i = (int) due.poll()[1];
            if (connectionTurn[i]) {
                post(i, now);
            } else {
                waiting[i] = true;
            }
        }
        if (due.isEmpty()) {
            if (armedAt >= 0) {
                ctx.cancelTimer();
                armedAt = -1;
            }
        } else if (due.peek()[0] != armedAt) {
            armedAt = due.peek()[0];
            ctx.wakeAt(armedAt);
        }
    }

    /** Posts message i and, if the next message of its connection is already due, that one too. */
    private void post(int i, long now) {
        while (i >= 0) {
            DagMessage d = graph.get(i);
            Message m = ctx.post(connections.get(d.connection()), d.bytes(), Op.WRITE,
                    new MessageTag(-1, -1, -1, "replay", d.dependsOn()), now);
            byMessage.put(m.id(), i);
            int next = nextOnConnection[i];
            i = -1;
            if (next >= 0) {
                connectionTurn[next] = true;
                if (waiting[next]) {
                    i = next;
                }
            }
        }
    }
}
