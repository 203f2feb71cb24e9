package org.lossless.experiments.run;

import org.lossless.workloads.traffic.TrafficProgram;

/**
 * One workload of a run: makes the {@link TrafficProgram} that generates its traffic. Called once per
 * run, so a program may keep per-run state (an {@link EngineInput} can be run several times).
 */
@FunctionalInterface
public interface ProgramFactory {
    TrafficProgram newProgram();

    /**
     * The congestion control of the workload's connections that do not choose one ({@code cc} of the
     * workload), or null: the scenario's {@code nic.cc}.
     */
    default String cc() {
        return null;
    }

    /** This workload with congestion control {@code name} (null: {@code nic.cc}). */
    default ProgramFactory withCc(String name) {
        ProgramFactory inner = this;
        return name == null ? this : new ProgramFactory() {
            @Override
            public TrafficProgram newProgram() {
                return inner.newProgram();
            }

            @Override
            public String cc() {
                return name;
            }
        };
    }
}
