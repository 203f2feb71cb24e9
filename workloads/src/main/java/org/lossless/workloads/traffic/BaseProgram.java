package org.lossless.workloads.traffic;

/**
 * What every program base shares: the workload's name and the run's context, set at {@link #start} before the
 * base's own start ({@link #onStart}). {@link OneTimerProgram} and {@code support.AgendaProgram} build on it.
 */
public abstract class BaseProgram implements TrafficProgram {
    private final String name;
    /** The run's context, from {@link #start} on. */
    protected TrafficContext ctx;

    /** @param name the workload's name ({@link TrafficProgram#name}) */
    protected BaseProgram(String name) {
        this.name = name;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final void start(TrafficContext context) {
        ctx = context;
        onStart(context);
    }

    /** Called once by {@link #start} with {@link #ctx} set. */
    protected abstract void onStart(TrafficContext context);
}
