package org.lossless.workloads.support;

import org.lossless.workloads.traffic.TrafficContext;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * The skeleton of a program whose timers are an {@link Agenda} behind its one engine timer: its name, the run's
 * context and the agenda bound to it at {@link #start}, and {@link #onTimer} running what is due. A program adds its
 * own start ({@link #begin}), what it posts and when, and when it is finished.
 */
public abstract class AgendaProgram implements TrafficProgram {
    /** The program's timers; bound to the run's context before {@link #begin}. */
    protected final Agenda agenda = new Agenda();
    private final String name;
    /** The run's context, from {@link #start} on. */
    protected TrafficContext ctx;

    /** @param name the workload's name ({@link TrafficProgram#name}) */
    protected AgendaProgram(String name) {
        this.name = name;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final void start(TrafficContext context) {
        ctx = context;
        agenda.bind(context);
        begin(context);
    }

    /** The program's own start, called once by {@link #start} with {@link #ctx} set and the agenda bound. */
    protected abstract void begin(TrafficContext context);

    @Override
    public final void onTimer(long nowPs) {
        agenda.runDue(nowPs);
    }
}
