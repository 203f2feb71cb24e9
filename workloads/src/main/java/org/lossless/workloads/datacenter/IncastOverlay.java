package org.lossless.workloads.datacenter;

import org.lossless.core.net.MessageSize;

/**
 * Periodic incast events added to CDF traffic, as in the HPCC paper's setup: each event picks a receiver
 * and {@code senders} other hosts of the workload at random, and each sender sends {@code size} to the
 * receiver. Events are {@code intervalPs} apart, or, given a {@code load}, at the interval that makes the
 * incast bytes that fraction of the summed host link rates: interval = senders x size x 8 / (load x sum C).
 *
 * @param senders   senders per event, &gt;= 1
 * @param size      bytes each sender sends per event (each incast message posts this value)
 * @param load      fraction of the summed host capacity, in (0, 1], or 0 when {@code intervalPs} is given
 * @param intervalPs time between events, ps, or 0 when {@code load} is given
 */
public record IncastOverlay(int senders, MessageSize size, double load, long intervalPs) {
    public IncastOverlay {
        java.util.Objects.requireNonNull(size, "size");
        if (senders < 1) {
            throw new IllegalArgumentException("incast overlay: senders must be >= 1");
        }
        if ((load > 0) == (intervalPs > 0)) {
            throw new IllegalArgumentException("incast overlay: give exactly one of load and interval");
        }
        if (load < 0 || load > 1 || intervalPs < 0) {
            throw new IllegalArgumentException("incast overlay: load must be in (0, 1] and interval > 0");
        }
    }

    /** Bytes each sender sends per event, &gt;= 1. */
    public long sizeBytes() {
        return size.bytes();
    }

    /** Time between events for hosts whose link rates sum to {@code capacityBps}, ps (at least 1). */
    public long intervalPs(double capacityBps) {
        if (intervalPs > 0) {
            return intervalPs;
        }
        return Math.max(1, Math.round(senders * (double) size.bytes() * 8 / (load * capacityBps) * 1e12));
    }
}
