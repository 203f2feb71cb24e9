package org.lossless.workloads.training;

import java.util.Arrays;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What the training executor runs: a {@link TrainingSource} (the graphs), where its ranks sit, how its calls use
 * the collective engine, how many iterations, and optional checkpoints.
 *
 * @param name       job name ({@code jobs.csv} column {@code job}), [A-Za-z0-9._-]+
 * @param type       workload type for {@code jobs.csv} ({@code training}; a trace reader its own)
 * @param source     the graphs
 * @param hostOfRank the topology host carrying each rank's traffic (its GPU's NIC), one per rank, distinct
 * @param comm       collective settings of every call
 * @param iterations iterations run back to back, &gt;= 1
 * @param startPs    when the first iteration starts, ps
 * @param checkpoint checkpoints, or null
 * @param timeline   keep the timeline ranks' node times ({@code timeline.csv})
 */
public record TrainingJob(String name, String type, TrainingSource source, int[] hostOfRank, CommSettings comm,
                          int iterations, long startPs, CheckpointPlan checkpoint, boolean timeline) {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");

    public TrainingJob {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("bad job name '" + name + "'");
        }
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(comm, "comm");
        hostOfRank = hostOfRank.clone();
        if (hostOfRank.length != source.ranks()) {
            throw new IllegalArgumentException("job " + name + " has " + source.ranks() + " ranks but " + hostOfRank.length
                    + " hosts");
        }
        if (Arrays.stream(hostOfRank).distinct().count() != hostOfRank.length
                || Arrays.stream(hostOfRank).anyMatch(h -> h < 0)) {
            throw new IllegalArgumentException("job " + name + ": rank hosts must be distinct and >= 0");
        }
        if (iterations < 1 || startPs < 0) {
            throw new IllegalArgumentException("job " + name + ": iterations must be >= 1 and start >= 0");
        }
        if (checkpoint != null) {
            for (int w : checkpoint.writers()) {
                if (w >= hostOfRank.length) {
                    throw new IllegalArgumentException("job " + name + ": checkpoint writer rank " + w + " does not exist");
                }
            }
            for (int s : checkpoint.servers()) {
                if (Arrays.stream(hostOfRank).anyMatch(h -> h == s)) {
                    throw new IllegalArgumentException("job " + name + ": storage host " + s + " is also a rank's host");
                }
            }
        }
    }

    @Override
    public int[] hostOfRank() {
        return hostOfRank.clone();
    }

    /** Host of rank {@code r}. */
    public int host(int r) {
        return hostOfRank[r];
    }
}
