package org.lossless.workloads.spec;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;

import org.lossless.workloads.datacenter.CdfConfig;
import org.lossless.workloads.datacenter.CdfProgram;
import org.lossless.workloads.datacenter.IncastConfig;
import org.lossless.workloads.datacenter.IncastProgram;
import org.lossless.workloads.datacenter.PermutationConfig;
import org.lossless.workloads.datacenter.PermutationProgram;
import org.lossless.workloads.traffic.TrafficProgram;

/** The datacenter workload types of a scenario: {@code cdf}, {@code incast}, {@code permutation}. */
public final class DatacenterWorkloads {
    private DatacenterWorkloads() {
    }

    /**
     * {@code cdf}. Equality compares the distribution and the matrix by what they were read from (a built-in
     * name or an absolute file path; the matrix's weights), so a resolved scenario reloads to an equal one.
     *
     * @param distribution a built-in name, or null when {@code distributionFile} is given
     * @param distributionFile absolute path of a user distribution file, or null
     * @param matrixFile absolute path of the traffic-matrix file, or null (inline or no matrix)
     * @param matrix     the weights as read (rows over the host list), or null for uniform destinations
     */
    public record Cdf(CdfConfig config, String distribution, Path distributionFile, Path matrixFile, double[][] matrix)
            implements ProgramWorkload {
        public Cdf {
            Objects.requireNonNull(config, "config");
            if ((distribution == null) == (distributionFile == null)) {
                throw new IllegalArgumentException("a cdf workload has a built-in distribution or a file, not both");
            }
        }

        @Override
        public String type() {
            return "cdf";
        }

        @Override
        public String name() {
            return config.name();
        }

        @Override
        public TrafficProgram program() {
            return new CdfProgram(config);
        }

        @Override
        public Marking marking() {
            return new Marking(config.priority(), config.dscp(), config.hosts().get(0));
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Cdf c)) {
                return false;
            }
            CdfConfig a = config;
            CdfConfig b = c.config;
            return a.name().equals(b.name()) && a.hosts().equals(b.hosts()) && a.load() == b.load()
                    && a.startPs() == b.startPs() && a.durationPs() == b.durationPs()
                    && Objects.equals(a.incast(), b.incast()) && a.priority() == b.priority() && a.qps() == b.qps()
                    && a.dscp() == b.dscp()
                    && Objects.equals(distribution, c.distribution) && Objects.equals(distributionFile, c.distributionFile)
                    && Objects.equals(matrixFile, c.matrixFile) && Arrays.deepEquals(matrix, c.matrix);
        }

        @Override
        public int hashCode() {
            return Objects.hash(config.name(), config.hosts(), config.load(), config.durationPs(), distribution,
                    distributionFile, matrixFile, Arrays.deepHashCode(matrix));
        }

        @Override
        public String toString() {
            return "Cdf[" + config.name() + ", " + (distribution != null ? distribution : distributionFile) + ", load "
                    + config.load() + ", hosts " + config.hosts() + "]";
        }
    }

    /** {@code incast}. */
    public record Incast(IncastConfig config) implements ProgramWorkload {
        @Override
        public String type() {
            return "incast";
        }

        @Override
        public String name() {
            return config.name();
        }

        @Override
        public TrafficProgram program() {
            return new IncastProgram(config);
        }

        @Override
        public Marking marking() {
            return new Marking(config.priority(), config.dscp(), config.senders().get(0));
        }
    }

    /** {@code permutation}. */
    public record Permutation(PermutationConfig config) implements ProgramWorkload {
        @Override
        public String type() {
            return "permutation";
        }

        @Override
        public String name() {
            return config.name();
        }

        @Override
        public TrafficProgram program() {
            return new PermutationProgram(config);
        }

        @Override
        public Marking marking() {
            return new Marking(config.priority(), config.dscp(), config.hosts().get(0));
        }
    }
}
