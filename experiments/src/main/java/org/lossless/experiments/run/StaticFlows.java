package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.List;

import org.lossless.workloads.flows.FlowsProgram;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * A static flow list as one workload: the {@link FlowsProgram} named {@code workload} posting
 * {@code flows} (whose own workload names must all be {@code workload}).
 */
public record StaticFlows(String workload, List<FlowSpec> flows) implements ProgramFactory {
    public StaticFlows {
        flows = List.copyOf(flows);
        for (FlowSpec f : flows) {
            if (!f.workload().equals(workload)) {
                throw new IllegalArgumentException("flow of workload " + f.workload() + " listed under " + workload);
            }
        }
    }

    @Override
    public TrafficProgram newProgram() {
        List<FlowsProgram.Entry> entries = new ArrayList<>(flows.size());
        for (FlowSpec f : flows) {
            entries.add(new FlowsProgram.Entry(f.src(), f.dst(), f.sizeBytes(), f.startPs(), f.priority(), f.qps(),
                    f.connection(), f.dscp()));
        }
        return new FlowsProgram(workload, entries);
    }
}
