package org.lossless.experiments.run;

import java.util.List;

import org.lossless.workloads.flows.FlowsProgram;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * A hand-built static flow list as one workload (tests, benchmarks): the {@link FlowsProgram} named
 * {@code workload} posting {@code flows} as they are (whose own workload names must all be {@code workload}). A
 * scenario's flow lists never come here: their workloads make their own program.
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
        return new FlowsProgram(workload, flows);
    }

    @Override
    public List<FlowSpec> listedFlows() {
        return flows;
    }
}
