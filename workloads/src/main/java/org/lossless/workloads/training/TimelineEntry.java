package org.lossless.workloads.training;

import java.util.Objects;

/**
 * One node of a timeline rank in one iteration ({@code timeline.csv}): what it was and when it ran.
 *
 * @param job       the job's name
 * @param iteration 0-based
 * @param lane      the rank's lane ({@code stage 2})
 * @param rank      the job rank
 * @param node      node id within the rank's graph of that iteration
 * @param kind      {@code compute}, or the communication kind ({@code tp}, {@code pp}, {@code dp}, {@code ep},
 *                  {@code other})
 * @param op        {@code compute}, the collective ({@code allreduce}, ...), {@code send} or {@code recv}
 * @param name      the node's label ({@code F mb3 L5 attn}), may be empty
 * @param stream    its stream on the rank (0 = compute)
 * @param readyPs   when its rank was ready for it, ps
 * @param startPs   when it started (a call: when its last member arrived), ps
 * @param endPs     when it ended, ps
 * @param bytes     a call's size (nccl-tests' size, bytes sent for point-to-point); 0 for compute
 * @param critical  on the iteration's critical path
 */
public record TimelineEntry(String job, int iteration, String lane, int rank, int node, String kind, String op,
                            String name, int stream, long readyPs, long startPs, long endPs, long bytes, boolean critical) {
    public TimelineEntry {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(lane, "lane");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(op, "op");
        name = name == null ? "" : name;
        if (!(readyPs <= startPs && startPs <= endPs)) {
            throw new IllegalArgumentException(job + " rank " + rank + " node " + node + ": times out of order: ready "
                    + readyPs + ", start " + startPs + ", end " + endPs);
        }
    }
}
