package org.lossless.experiments.run;

/**
 * A run stopped on request before its end (Ctrl-C, SIGTERM: {@link RunProgress#requestStop()}): no result
 * is made from it. Carries where the simulation got to, for the one line the command prints.
 */
public final class RunInterruptedException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final long simTimePs;
    private final long stopTimePs;

    public RunInterruptedException(long simTimePs, long stopTimePs) {
        super("interrupted at " + simTimePs + " ps of " + stopTimePs + " ps simulated");
        this.simTimePs = simTimePs;
        this.stopTimePs = stopTimePs;
    }

    public long simTimePs() {
        return simTimePs;
    }

    public long stopTimePs() {
        return stopTimePs;
    }
}
