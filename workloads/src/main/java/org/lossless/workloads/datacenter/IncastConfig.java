package org.lossless.workloads.datacenter;

import org.lossless.core.net.MessageSize;
import org.lossless.workloads.traffic.ConnectionOptions;

import java.util.List;
import java.util.Objects;

/**
 * N senders send to one receiver at the same time, once or in rounds (docs/workloads.md, "Incast").
 *
 * @param name      workload name
 * @param receiver  the receiving host
 * @param senders   sending hosts (distinct, at least one, not the receiver)
 * @param size      bytes each sender sends per round (each round's messages post this value)
 * @param startPs   when the first round starts, ps
 * @param repeat    rounds, &gt;= 1
 * @param gapPs     time from the end of a round (the receiver holds every byte) to the start of the next, ps
 * @param jitterPs  each sender starts a round up to this much late, uniformly at random, ps (0 = together)
 * @param priority  802.1p priority
 * @param dscp DSCP of the job's packets (switches classify them by it), 0..63, or
 *             {@link ConnectionOptions#DSCP_FROM_PRIORITY} for the class selector of its priority (8 x priority)
 * @param qps       QPs of each sender's connection
 */
public record IncastConfig(String name, int receiver, List<Integer> senders, MessageSize size, long startPs, int repeat,
                           long gapPs, long jitterPs, int priority, int qps, int dscp) {
    /** A job marked with the default DSCP of its priority (8 x priority). */
    public IncastConfig(String name, int receiver, List<Integer> senders, MessageSize size, long startPs, int repeat,
                           long gapPs, long jitterPs, int priority, int qps) {
        this(name, receiver, senders, size, startPs, repeat, gapPs, jitterPs, priority, qps,
                ConnectionOptions.DSCP_FROM_PRIORITY);
    }

    public IncastConfig {
        Objects.requireNonNull(name, "name");
        if (dscp < ConnectionOptions.DSCP_FROM_PRIORITY || dscp > 63) {
            throw new IllegalArgumentException(name + ": dscp must be 0..63, got " + dscp);
        }
        senders = List.copyOf(senders);
        CdfConfig.distinct(name, senders, 1);
        if (receiver < 0 || senders.contains(receiver)) {
            throw new IllegalArgumentException(name + ": the receiver " + receiver + " is also a sender");
        }
        Objects.requireNonNull(size, "size");
        if (startPs < 0 || repeat < 1 || gapPs < 0 || jitterPs < 0) {
            throw new IllegalArgumentException(name + ": repeat must be >= 1, start, gap and jitter >= 0");
        }
        if (priority < 0 || priority > 7 || qps < 1) {
            throw new IllegalArgumentException(name + ": priority must be 0..7 and qps >= 1");
        }
    }

    /** Bytes each sender sends per round, &gt;= 1. */
    public long sizeBytes() {
        return size.bytes();
    }
}
