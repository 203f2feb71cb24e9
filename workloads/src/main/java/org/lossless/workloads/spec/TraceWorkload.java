package org.lossless.workloads.spec;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.lossless.workloads.training.CommSettings;
import org.lossless.workloads.training.TrainingJob;
import org.lossless.workloads.training.TrainingProgram;
import org.lossless.workloads.training.TrainingSource;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * {@code type: chakra} or {@code type: simai}: a recorded or generated training iteration read from files and run
 * by the training executor. Equality is over the keys (a resolved scenario reloads to an equal one); the source is
 * what the files held, read and checked when the scenario was.
 *
 * @param type       {@code chakra} or {@code simai}
 * @param name       the job's name
 * @param path       the trace directory or workload file (absolute)
 * @param hosts      the host of each rank, in rank order
 * @param groups     {@code chakra}: the process groups given (pg_name to ranks), in the scenario's order
 * @param iterations times the whole trace runs, one after another
 * @param startPs    when the first iteration starts, ps
 * @param comm       how every call runs on the collective engine
 * @param source     the graphs the files describe
 */
public record TraceWorkload(String type, String name, Path path, List<Integer> hosts, Map<String, List<Integer>> groups,
                            int iterations, long startPs, CommSettings comm, TrainingSource source)
        implements ProgramWorkload {
    public TraceWorkload {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(comm, "comm");
        Objects.requireNonNull(source, "source");
        hosts = List.copyOf(hosts);
        groups = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(groups));
        if (hosts.size() != source.ranks()) {
            throw new IllegalArgumentException(name + ": " + source.ranks() + " ranks but " + hosts.size() + " hosts");
        }
    }

    @Override
    public TrafficProgram program() {
        int[] h = hosts.stream().mapToInt(Integer::intValue).toArray();
        return new TrainingProgram(new TrainingJob(name, type, source, h, comm, iterations, startPs, null, true));
    }

    @Override
    public Marking marking() {
        return new Marking(comm.connection().priority(), comm.connection().resolvedDscp(), hosts.get(0));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TraceWorkload t && t.type.equals(type) && t.name.equals(name) && t.path.equals(path)
                && t.hosts.equals(hosts) && t.groups.equals(groups) && t.iterations == iterations
                && t.startPs == startPs && t.comm.equals(comm);
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, name, path, hosts, groups, iterations, startPs, comm);
    }
}
