package org.lossless.core.kernel;

import java.util.Objects;

import org.lossless.core.random.RandomStreams;

import nl.tudelft.simulation.dsol.experiment.StreamInformation;
import nl.tudelft.simulation.dsol.model.AbstractDsolModel;

/**
 * A DSOL model whose {@link #constructModel()} calls a {@link ModelBuilder}. DSOL calls
 * {@code constructModel()} once per replication, so every replication of a DSOL
 * {@code Experiment} rebuilds the model from scratch. Its random streams are a
 * {@link RandomStreams} registry (DSOL's {@code StreamInformation}), which also serves as the
 * experiment's {@code StreamUpdater} for per-replication seeds.
 */
public class SimModel extends AbstractDsolModel<Long, FastDevsSimulator> {
    private static final long serialVersionUID = 1L;
    private final transient ModelBuilder builder;
    private final transient Scheduler scheduler;

    /** A model for {@code simulator} built by {@code builder}, which schedules on the simulator. */
    public SimModel(FastDevsSimulator simulator, RandomStreams streams, ModelBuilder builder) {
        this(simulator, streams, builder, simulator);
    }

    /** As above, but the builder sees {@code scheduler} (the {@link Kernel} wrapping the simulator). */
    SimModel(FastDevsSimulator simulator, RandomStreams streams, ModelBuilder builder, Scheduler scheduler) {
        super(Objects.requireNonNull(simulator, "simulator"), Objects.requireNonNull(streams, "streams"));
        this.builder = Objects.requireNonNull(builder, "builder");
        this.scheduler = scheduler;
    }

    @Override
    public void constructModel() {
        builder.build(scheduler, streams());
    }

    /** Only a {@link RandomStreams} registry is accepted. */
    @Override
    public void setStreamInformation(StreamInformation streamInformation) {
        if (!(streamInformation instanceof RandomStreams)) {
            throw new IllegalArgumentException("SimModel takes a RandomStreams registry, not "
                    + (streamInformation == null ? "null" : streamInformation.getClass().getName()));
        }
        super.setStreamInformation(streamInformation);
    }

    /** The model's named random streams. */
    public RandomStreams streams() {
        return (RandomStreams) getStreamInformation();
    }
}
