package org.lossless.workloads.training;

import java.util.Arrays;
import java.util.Objects;

/**
 * A group of ranks that runs collectives together (an NCCL communicator): its k-th collective node on
 * every member is one call. The order of {@code ranks} is the collective's rank order (ring order before
 * the rail-aware reordering of the collective engine).
 *
 * @param name  for messages and the timeline, e.g. {@code tp-3}
 * @param kind  the parallelism it serves
 * @param ranks member ranks (job ranks, not hosts), at least 1, distinct
 */
public record Communicator(String name, CommKind kind, int[] ranks) {
    public Communicator {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        ranks = ranks.clone();
        if (ranks.length < 1) {
            throw new IllegalArgumentException("communicator " + name + " has no rank");
        }
        if (Arrays.stream(ranks).distinct().count() != ranks.length || Arrays.stream(ranks).anyMatch(r -> r < 0)) {
            throw new IllegalArgumentException("communicator " + name + ": ranks must be distinct and >= 0");
        }
    }

    /** Members. */
    public int size() {
        return ranks.length;
    }

    /** Position of {@code rank} in the group, or -1. */
    public int indexOf(int rank) {
        for (int i = 0; i < ranks.length; i++) {
            if (ranks[i] == rank) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public int[] ranks() {
        return ranks.clone();
    }

    /** Member {@code i} (0-based position). */
    public int rank(int i) {
        return ranks[i];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Communicator c && c.name.equals(name) && c.kind == kind && Arrays.equals(c.ranks, ranks);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, kind) * 31 + Arrays.hashCode(ranks);
    }

    @Override
    public String toString() {
        return name + Arrays.toString(ranks);
    }
}
