package org.lossless.workloads.storage;

import org.lossless.workloads.traffic.ConnectionOptions;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * An NVMe-oF (RDMA transport) job: initiators issuing reads and writes to targets, as the Linux
 * {@code nvme-rdma} host and {@code nvmet-rdma} target move them (docs/workloads.md, "NVMe-oF").
 *
 * @param name              job name
 * @param initiators        hosts issuing I/O (distinct, at least one)
 * @param targets           hosts serving it (distinct, at least one, none of them an initiator)
 * @param mix               what each I/O is (operation and size)
 * @param queueDepth        commands each initiator keeps outstanding at most, 1..65,535
 * @param ios               I/Os each initiator issues, or {@link #UNLIMITED}
 * @param durationPs        no I/O is issued at or after start + duration, ps; or {@link #UNLIMITED}. At
 *                          least one of {@code ios} and {@code durationPs} is set
 * @param iops              I/Os each initiator issues per second, evenly spaced (fio {@code rate_iops}); 0 =
 *                          closed loop (a new I/O whenever a queue slot is free)
 * @param startPs           when the initiators begin, ps
 * @param inlineBytes       in-capsule data limit: a write of at most this many bytes travels in its command
 *                          capsule, 0..{@link #MAX_INLINE} (Linux target default 4 KiB)
 * @param mdtsBytes         largest transfer of one command (Linux target: 1 MiB); a larger I/O is split by
 *                          the host into several commands, each taking a queue slot
 * @param rdmaReadMaxBytes  most bytes of one RDMA READ the target posts to fetch write data
 * @param rdmaWriteMaxBytes most bytes of one RDMA WRITE the target posts to return read data
 * @param deviceLatencyPs   time the target's storage takes per command, ps (read: from command arrival to
 *                          data ready; write: from data arrival to completion)
 * @param spread            how an initiator spreads its I/Os over the targets
 * @param priority          802.1p priority of every connection of the job
 * @param dscp DSCP of the job's packets (switches classify them by it), 0..63, or
 *             {@link ConnectionOptions#DSCP_FROM_PRIORITY} for the class selector of its priority (8 x priority)
 */
public record NvmeofConfig(String name, List<Integer> initiators, List<Integer> targets, IoMix mix, int queueDepth,
                           long ios, long durationPs, long iops, long startPs, long inlineBytes, long mdtsBytes,
                           long rdmaReadMaxBytes, long rdmaWriteMaxBytes, long deviceLatencyPs, Spread spread,
                           int priority, int dscp) {
    /** "No limit" for {@code ios} and {@code durationPs}. */
    public static final long UNLIMITED = -1;
    /** NVMe command (submission queue entry) capsule without data, bytes. */
    public static final int CAPSULE_BYTES = 64;
    /** NVMe completion (completion queue entry) capsule, bytes. */
    public static final int COMPLETION_BYTES = 16;
    /** Linux target's in-capsule data limit by default: one 4 KiB page. */
    public static final long DEFAULT_INLINE = 4096;
    /** Linux target's largest in-capsule data: max(16 KiB, page size). */
    public static final long MAX_INLINE = 16_384;
    /** Linux target's MDTS: 2^8 pages of 4 KiB = 1 MiB. */
    public static final long DEFAULT_MDTS = 1L << 20;
    /** One RDMA READ or WRITE of the target by default: 30 scatter-gather entries of 4 KiB pages (mlx5). */
    public static final long DEFAULT_RDMA_OP = 30 * 4096L;
    /** Largest queue depth: an NVMe queue has at most 65,536 entries, one always empty. */
    public static final int MAX_QUEUE_DEPTH = 65_535;

    /** How an initiator picks the target of each I/O. */
    public enum Spread {
        /** Round robin over all targets (a volume striped over them), initiator i starting at target i mod T. */
        STRIPE,
        /** Initiator i talks only to target i mod T. */
        PINNED
    }

    /** A job marked with the default DSCP of its priority (8 x priority). */
    public NvmeofConfig(String name, List<Integer> initiators, List<Integer> targets, IoMix mix, int queueDepth,
                           long ios, long durationPs, long iops, long startPs, long inlineBytes, long mdtsBytes,
                           long rdmaReadMaxBytes, long rdmaWriteMaxBytes, long deviceLatencyPs, Spread spread,
                           int priority) {
        this(name, initiators, targets, mix, queueDepth, ios, durationPs, iops, startPs, inlineBytes, mdtsBytes,
                rdmaReadMaxBytes, rdmaWriteMaxBytes, deviceLatencyPs, spread, priority,
                ConnectionOptions.DSCP_FROM_PRIORITY);
    }

    public NvmeofConfig {
        Objects.requireNonNull(name, "name");
        if (dscp < ConnectionOptions.DSCP_FROM_PRIORITY || dscp > 63) {
            throw new IllegalArgumentException(name + ": dscp must be 0..63, got " + dscp);
        }
        initiators = List.copyOf(initiators);
        targets = List.copyOf(targets);
        Objects.requireNonNull(mix, "mix");
        Objects.requireNonNull(spread, "spread");
        checkHosts(name, initiators, targets);
        if (queueDepth < 1 || queueDepth > MAX_QUEUE_DEPTH) {
            throw new IllegalArgumentException(name + ": queue depth must be 1.." + MAX_QUEUE_DEPTH + ", got " + queueDepth);
        }
        if (ios != UNLIMITED && ios < 1) {
            throw new IllegalArgumentException(name + ": ios must be >= 1, got " + ios);
        }
        if (durationPs != UNLIMITED && durationPs <= 0) {
            throw new IllegalArgumentException(name + ": duration must be > 0, got " + durationPs + " ps");
        }
        if (ios == UNLIMITED && durationPs == UNLIMITED) {
            throw new IllegalArgumentException(name + ": needs ios or duration (or both) to know when to stop");
        }
        if (iops < 0) {
            throw new IllegalArgumentException(name + ": iops must be >= 0 (0 = closed loop), got " + iops);
        }
        if (startPs < 0 || deviceLatencyPs < 0) {
            throw new IllegalArgumentException(name + ": start and device latency must be >= 0");
        }
        if (inlineBytes < 0 || inlineBytes > MAX_INLINE) {
            throw new IllegalArgumentException(name + ": in-capsule data limit must be 0.." + MAX_INLINE
                    + " bytes (the Linux target allows at most 16 KiB), got " + inlineBytes);
        }
        if (mdtsBytes < 4096 || rdmaReadMaxBytes < 1 || rdmaWriteMaxBytes < 1) {
            throw new IllegalArgumentException(name + ": mdts must be >= 4 KiB and RDMA operation sizes >= 1 byte");
        }
        if (priority < 0 || priority > 7) {
            throw new IllegalArgumentException(name + ": priority must be 0..7, got " + priority);
        }
    }

    /** Checks two host lists: each non-empty and duplicate-free, no host on both. */
    static void checkHosts(String name, List<Integer> a, List<Integer> b) {
        if (a.isEmpty() || b.isEmpty()) {
            throw new IllegalArgumentException(name + ": needs at least one host on each side");
        }
        Set<Integer> seen = new HashSet<>();
        for (int h : a) {
            if (h < 0 || !seen.add(h)) {
                throw new IllegalArgumentException(name + ": host " + h + " is negative or listed twice");
            }
        }
        Set<Integer> other = new HashSet<>();
        for (int h : b) {
            if (h < 0 || !other.add(h)) {
                throw new IllegalArgumentException(name + ": host " + h + " is negative or listed twice");
            }
            if (seen.contains(h)) {
                throw new IllegalArgumentException(name + ": host " + h + " is on both sides");
            }
        }
    }

    /** Commands an I/O of {@code bytes} becomes: ceil(bytes / mdts). */
    public long commandsFor(long bytes) {
        return (bytes + mdtsBytes - 1) / mdtsBytes;
    }

    /** Hosts taking part (initiators and targets). */
    public int hostCount() {
        return initiators.size() + targets.size();
    }
}
