package org.lossless.workloads.spec;

import java.util.List;
import java.util.Objects;

import org.lossless.workloads.training.TrainingProgram;
import org.lossless.workloads.training.parametric.ParametricSource;
import org.lossless.workloads.training.parametric.TrainingConfig;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * {@code type: training}: a parametric training job, run by the training executor.
 *
 * @param config   the validated keys
 * @param warnings what is legal but worth telling (a tensor group that leaves its server)
 */
public record TrainingWorkload(TrainingConfig config, List<String> warnings) implements ProgramWorkload {
    public TrainingWorkload {
        Objects.requireNonNull(config, "config");
        warnings = List.copyOf(warnings);
    }

    @Override
    public String type() {
        return "training";
    }

    @Override
    public String name() {
        return config.name();
    }

    @Override
    public TrafficProgram program() {
        return new TrainingProgram(ParametricSource.job(config));
    }

    @Override
    public Marking marking() {
        return new Marking(config.comm().connection().priority(), config.comm().connection().resolvedDscp(),
                config.hosts().get(0));
    }
}
