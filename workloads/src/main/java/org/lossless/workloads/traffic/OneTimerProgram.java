package org.lossless.workloads.traffic;

/**
 * The skeleton of a program that keeps its own list of pending times behind its one engine timer ({@link OneTimer}):
 * the walk {@link #after} that runs what is due and re-arms the timer ({@link #wakeAt}), called once the program's
 * own start ({@link #begin}) is done and whenever the timer fires. After a completion a program that declares a
 * reaction delay ({@link TrafficProgram#minReactionDelayPs}) runs only what the completion set off and re-arms with
 * {@link #wakeAt}: its entries due at the completion's instant wait for the timer, due then too, or what they post
 * would count as a reaction sooner than the delay. A program that declares none may call {@link #after}.
 */
public abstract class OneTimerProgram extends BaseProgram {
    private final OneTimer timer = new OneTimer();

    /** @param name the workload's name ({@link TrafficProgram#name}) */
    protected OneTimerProgram(String name) {
        super(name);
    }

    @Override
    protected final void onStart(TrafficContext context) {
        begin(context);
        after(context.nowPs());
    }

    /** The program's own start, called once by {@link #start} with {@link #ctx} set, before the first walk. */
    protected abstract void begin(TrafficContext context);

    @Override
    public final void onTimer(long nowPs) {
        timer.fired();
        after(nowPs);
    }

    /** Runs what is due at {@code nowPs}, then asks for the timer at the next pending time ({@link #wakeAt}). */
    protected abstract void after(long nowPs);

    /** Asks for the timer at {@code timePs} (&gt;= now), or cancels it when {@code timePs} is negative. */
    protected final void wakeAt(long timePs) {
        timer.set(ctx, timePs);
    }
}
