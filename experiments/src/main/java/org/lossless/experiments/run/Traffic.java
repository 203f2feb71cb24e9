package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.List;

import org.lossless.workloads.flows.ListedFlow;

/**
 * The traffic of a run: its workloads, in order. The engine starts their programs in this order, so
 * message ids ({@code flow_id}) follow workload order, then each program's post order.
 */
public record Traffic(List<ProgramFactory> programs) {
    public Traffic {
        programs = List.copyOf(programs);
    }

    /** Static flows only: each run of consecutive flows of one workload name is one {@link StaticFlows}. */
    public static Traffic of(List<FlowSpec> flows) {
        List<ProgramFactory> programs = new ArrayList<>();
        int i = 0;
        while (i < flows.size()) {
            String name = flows.get(i).workload();
            int j = i;
            while (j < flows.size() && flows.get(j).workload().equals(name)) {
                j++;
            }
            programs.add(new StaticFlows(name, flows.subList(i, j)));
            i = j;
        }
        return new Traffic(programs);
    }

    /** The flows of the static workloads ({@link ProgramFactory#listedFlows()}), in order. */
    public List<ListedFlow> flows() {
        List<ListedFlow> all = new ArrayList<>();
        for (ProgramFactory p : programs) {
            all.addAll(p.listedFlows());
        }
        return all;
    }
}
