package org.lossless.workloads.training;

import java.util.Objects;

/**
 * One communication kind's calls in one iteration, for {@code summary.json} and the busbw columns of
 * {@code jobs.csv}.
 *
 * @param kind     the kind
 * @param calls    calls (collectives and point-to-point transfers) that ended in the iteration
 * @param bytes    their sizes summed (nccl-tests' size; bytes sent for point-to-point)
 * @param callPs   their durations summed, from the last member's arrival to the end, ps
 * @param busbwGBps bus bandwidth as nccl-tests defines it, over the kind's calls: sum(size x busbw factor) /
 *                 sum(duration), GB/s (1e9 bytes per second); NaN without calls
 */
public record KindFigures(CommKind kind, long calls, long bytes, long callPs, double busbwGBps) {
    public KindFigures {
        Objects.requireNonNull(kind, "kind");
        if (calls < 0 || bytes < 0 || callPs < 0) {
            throw new IllegalArgumentException(kind.key() + ": counts must be >= 0");
        }
    }
}
