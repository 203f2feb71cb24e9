package org.lossless.workloads.spec;

import java.util.Map;
import java.util.Objects;

import org.lossless.workloads.storage.CheckpointConfig;
import org.lossless.workloads.storage.CheckpointProgram;
import org.lossless.workloads.storage.NvmeofConfig;
import org.lossless.workloads.storage.NvmeofProgram;
import org.lossless.workloads.storage.ReplicationConfig;
import org.lossless.workloads.storage.ReplicationProgram;
import org.lossless.workloads.traffic.TrafficProgram;

/** The storage workload types of a scenario: {@code nvmeof}, {@code replication}, {@code checkpoint}. */
public final class StorageWorkloads {
    private StorageWorkloads() {
    }

    /**
     * {@code nvmeof}. The mix is kept as the user wrote it, so that the resolved scenario shows it the same way:
     * either {@code blockSizes} (size -&gt; weight, in order) with {@code readFraction}, or an explicit mix
     * ({@code blockSizes} null).
     */
    public record Nvmeof(NvmeofConfig config, Map<Long, Double> blockSizes, double readFraction) implements ProgramWorkload {
        public Nvmeof {
            Objects.requireNonNull(config, "config");
        }

        @Override
        public String type() {
            return "nvmeof";
        }

        @Override
        public String name() {
            return config.name();
        }

        @Override
        public TrafficProgram program() {
            return new NvmeofProgram(config);
        }

        @Override
        public Marking marking() {
            return new Marking(config.priority(), config.dscp(), config.initiators().get(0));
        }
    }

    /** {@code replication}. */
    public record Replication(ReplicationConfig config) implements ProgramWorkload {
        @Override
        public String type() {
            return "replication";
        }

        @Override
        public String name() {
            return config.name();
        }

        @Override
        public TrafficProgram program() {
            return new ReplicationProgram(config);
        }

        @Override
        public Marking marking() {
            return new Marking(config.priority(), config.dscp(), config.clients().get(0));
        }
    }

    /** {@code checkpoint}. */
    public record Checkpoint(CheckpointConfig config) implements ProgramWorkload {
        @Override
        public String type() {
            return "checkpoint";
        }

        @Override
        public String name() {
            return config.name();
        }

        @Override
        public TrafficProgram program() {
            return new CheckpointProgram(config);
        }

        @Override
        public Marking marking() {
            return new Marking(config.priority(), config.dscp(), config.ranks().get(0));
        }
    }
}
