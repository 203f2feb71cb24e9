package org.lossless.experiments.sweep;

import java.nio.file.Path;

/**
 * One run of a sweep: a point and a replication. Replication {@code r} runs with seed
 * {@code base seed + r} at every point (common random numbers: the points of one replication see the same
 * traffic and the same ECMP hashing, so their differences are the settings' and not the dice's).
 *
 * @param index       position in the sweep's run list (point-major: {@code point * replications + r})
 * @param point       the point
 * @param replication 0-based
 * @param seed        the scenario seed of this run
 */
public record RunSpec(int index, SweepPoint point, int replication, long seed) {
    public RunSpec {
        if (index < 0 || replication < 0 || seed < 0) {
            throw new IllegalArgumentException("index, replication and seed must be >= 0");
        }
    }

    /** {@code points/<point>/<seed>}, relative to the sweep directory. */
    public Path relativeDir() {
        return Path.of(SweepDirectory.POINTS, point.name(), Long.toString(seed));
    }

    /** For messages: {@code points/<point>/<seed>}. */
    public String label() {
        return SweepDirectory.POINTS + "/" + point.name() + "/" + seed;
    }
}
