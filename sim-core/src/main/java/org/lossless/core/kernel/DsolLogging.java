package org.lossless.core.kernel;

import org.djutils.logger.CategoryLogger;
import org.djutils.logger.LogCategory;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;

/**
 * DSOL logs through djutils' {@link CategoryLogger}, which configures logback loggers in code (its
 * own console appender on stdout, level INFO, and TRACE for the "always" category), so
 * {@code logback.xml} alone does not silence it. {@link Kernel} calls {@link #quiet()}
 * when it is loaded (Lossless uses DSOL's random streams, not its simulators): DSOL then prints warnings and errors only, and on stderr, so that nothing
 * mixes with results a command prints on stdout.
 */
public final class DsolLogging {
    /** Name of the stderr appender factory registered with {@link CategoryLogger}. */
    public static final String STDERR = "STDERR";
    /**
     * Guards djutils' JVM-wide logger set-up, which DSOL changes without a lock (here, and in every DSOL
     * simulator's constructor).
     */
    static final Object LOCK = new Object();
    private static boolean redirected;

    private DsolLogging() {
    }

    /** DSOL's loggers print WARN and above, on stderr. Idempotent. */
    public static void quiet() {
        setLevel(Level.WARN);
    }

    /** Sets the level of every DSOL log category (the "always" category included); logs go to stderr. */
    public static void setLevel(Level level) {
        synchronized (LOCK) {
            if (!redirected) {
                CategoryLogger.addAppender(STDERR, new StderrAppenderFactory());
                CategoryLogger.removeAppender("CONSOLE");
                redirected = true;
            }
            CategoryLogger.setLogLevelAll(level);
            CategoryLogger.setLogLevel(CategoryLogger.CAT_ALWAYS, level);
        }
    }

    /**
     * Forgets the last simulator DSOL's logging knows. Every DSOL simulator registers a formatter of its simulated time
     * with djutils' JVM-wide {@link CategoryLogger} ({@code simTime} of DSOL's category), and that formatter holds the
     * simulator and through it the whole model until the next simulator replaces it: a JVM that stays up after a run
     * (the {@code lossless daemon}) would keep the last run's model (1 GB after an 8,192-host run). Call it when no
     * simulation runs. Lossless's own {@link Kernel} is not a DSOL simulator and registers nothing; this stays for
     * DSOL simulators made by tools.
     */
    public static void releaseSimulator() {
        synchronized (LOCK) {
            try {
                CategoryLogger.removeFormatter(nl.tudelft.simulation.dsol.logger.Cat.DSOL, "simTime");
            } catch (RuntimeException e) {
                // no DSOL simulator was made in this JVM yet: djutils does not know the category, nothing is held
            }
        }
    }

    /** Like djutils' console appender factory, but writing to {@code System.err}. */
    private static final class StderrAppenderFactory implements CategoryLogger.CategoryAppenderFactory {
        @Override
        public String id() {
            return STDERR;
        }

        @Override
        public Appender<ILoggingEvent> create(String id, LogCategory category, String pattern, LoggerContext ctx) {
            PatternLayoutEncoder encoder = new PatternLayoutEncoder();
            encoder.setContext(ctx);
            encoder.setPattern(pattern);
            encoder.start();
            ConsoleAppender<ILoggingEvent> appender = new ConsoleAppender<>();
            appender.setName(id + "@" + category);
            appender.setContext(ctx);
            appender.setTarget("System.err");
            appender.setEncoder(encoder);
            return appender;
        }
    }
}
