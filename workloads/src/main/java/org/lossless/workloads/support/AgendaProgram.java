package org.lossless.workloads.support;

import org.lossless.workloads.traffic.BaseProgram;
import org.lossless.workloads.traffic.TrafficContext;

/**
 * The skeleton of a program whose timers are an {@link ActionAgenda} behind its one engine timer: the agenda bound to the
 * run's context at {@link #start}, and {@link #onTimer} running what is due. A program adds its own start
 * ({@link #begin}), what it posts and when, and when it is finished.
 */
public abstract class AgendaProgram extends BaseProgram {
    /** The program's timers; bound to the run's context before {@link #begin}. */
    protected final ActionAgenda agenda = new ActionAgenda();

    /** @param name the workload's name ({@link org.lossless.workloads.traffic.TrafficProgram#name}) */
    protected AgendaProgram(String name) {
        super(name);
    }

    @Override
    protected final void onStart(TrafficContext context) {
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
