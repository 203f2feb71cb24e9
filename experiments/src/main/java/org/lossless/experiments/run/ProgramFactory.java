package org.lossless.experiments.run;

import java.util.List;

import org.lossless.workloads.flows.ListedFlow;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * One workload of a run: makes the {@link TrafficProgram} that generates its traffic. Called once per
 * run, so a program may keep per-run state (an {@link EngineInput} can be run several times).
 */
@FunctionalInterface
public interface ProgramFactory {
    TrafficProgram newProgram();

    /**
     * The flows of a static list, each posted at the start at its own start time, in order (for the estimates
     * before the run and the check of their hosts); empty for any other workload.
     */
    default List<? extends ListedFlow> listedFlows() {
        return List.of();
    }

    /**
     * The congestion control of the workload's connections that do not choose one ({@code cc} of the
     * workload), or null: the scenario's {@code nic.cc}.
     */
    default String cc() {
        return null;
    }

    /**
     * The transport of the workload's QPs ({@code rocev2} or {@code uet}, {@code transport} of the workload), or null:
     * the scenario's {@code nic.transport}.
     */
    default String transport() {
        return null;
    }

    /** This workload with congestion control {@code name} (null: unchanged; by default {@code nic.cc}). */
    default ProgramFactory withCc(String name) {
        return name == null ? this : with(name, transport());
    }

    /** This workload on transport {@code name} (null: unchanged; by default {@code nic.transport}). */
    default ProgramFactory withTransport(String name) {
        return name == null ? this : with(cc(), name);
    }

    /**
     * This workload with a congestion control or transport of its own. Its {@link #listedFlows()} are not handed on
     * (none), as before: the estimates before the run leave such a workload's flows out.
     */
    private ProgramFactory with(String ccName, String transportName) {
        ProgramFactory inner = this;
        return new ProgramFactory() {
            @Override
            public TrafficProgram newProgram() {
                return inner.newProgram();
            }

            @Override
            public String cc() {
                return ccName;
            }

            @Override
            public String transport() {
                return transportName;
            }
        };
    }
}
