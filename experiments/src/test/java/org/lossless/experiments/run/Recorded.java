package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.random.Xoshiro256StarStar;
import org.lossless.topology.Topology;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.OperationStats;
import org.lossless.workloads.traffic.TrafficContext;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * A program that runs another one and keeps every message it posts (in post order), so that a test can read
 * the engine's delivery and acknowledgement times of each.
 */
final class Recorded implements TrafficProgram {
    final TrafficProgram inner;
    final List<Message> posted = new ArrayList<>();

    Recorded(TrafficProgram inner) {
        this.inner = inner;
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public void start(TrafficContext ctx) {
        inner.start(new TrafficContext() {
            @Override
            public long nowPs() {
                return ctx.nowPs();
            }

            @Override
            public Topology topology() {
                return ctx.topology();
            }

            @Override
            public long hostRateBps(int host) {
                return ctx.hostRateBps(host);
            }

            @Override
            public int mtu() {
                return ctx.mtu();
            }

            @Override
            public Connection connect(int srcHost, int dstHost, ConnectionOptions options) {
                return ctx.connect(srcHost, dstHost, options);
            }

            @Override
            public Message post(Connection c, long bytes, Verb op, MessageTag tag, long atPs) {
                Message m = ctx.post(c, bytes, op, tag, atPs);
                posted.add(m);
                return m;
            }

            @Override
            public void wakeAt(long timePs) {
                ctx.wakeAt(timePs);
            }

            @Override
            public void cancelTimer() {
                ctx.cancelTimer();
            }

            @Override
            public Xoshiro256StarStar stream(String name) {
                return ctx.stream(name);
            }
        });
    }

    @Override
    public void onDelivered(Message m, long nowPs) {
        inner.onDelivered(m, nowPs);
    }

    @Override
    public void onAcked(Message m, long nowPs) {
        inner.onAcked(m, nowPs);
    }

    @Override
    public void onTimer(long nowPs) {
        inner.onTimer(nowPs);
    }

    @Override
    public boolean finished() {
        return inner.finished();
    }

    @Override
    public List<JobIteration> jobIterations() {
        return inner.jobIterations();
    }

    @Override
    public List<OperationStats> operationStats() {
        return inner.operationStats();
    }

    /** Posted messages whose tag operation is {@code operation}. */
    List<Message> tagged(String operation) {
        return posted.stream().filter(m -> operation.equals(m.tag().operation())).toList();
    }
}
