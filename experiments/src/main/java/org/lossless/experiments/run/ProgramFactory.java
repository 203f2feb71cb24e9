package org.lossless.experiments.run;

import org.lossless.workloads.traffic.TrafficProgram;

/**
 * One workload of a run: makes the {@link TrafficProgram} that generates its traffic. Called once per
 * run, so a program may keep per-run state (an {@link EngineInput} can be run several times).
 */
@FunctionalInterface
public interface ProgramFactory {
    TrafficProgram newProgram();
}
