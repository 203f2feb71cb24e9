package org.lossless.core.kernel;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.status.NopStatusListener;

/**
 * Logback's configuration for Lossless, in code: libraries (DSOL, djutils) may only warn, on stderr, so
 * that nothing mixes with results a command prints on stdout. DSOL's own category loggers are set up
 * by {@link DsolLogging}.
 *
 * <p>Found by logback through {@code META-INF/services/ch.qos.logback.classic.spi.Configurator}, before
 * it would look for a {@code logback.xml}: reading an XML configuration loaded an XML parser and logback's
 * Joran interpreter (some 300 classes) at every start of the JVM (benchmarks/README.md, "Start-up"). A user who
 * sets {@code -Dlogback.configurationFile=...} gets that file instead (logback's own search runs then).
 */
public final class QuietLogback extends ContextAwareBase implements Configurator {
    /** The pattern the former {@code logback.xml} had. */
    static final String PATTERN = "%d{HH:mm:ss.SSS} %-5level %logger{36} - %msg%n";

    @Override
    public ExecutionStatus configure(LoggerContext ctx) {
        if (System.getProperty("logback.configurationFile") != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        NopStatusListener nop = new NopStatusListener();
        ctx.getStatusManager().add(nop); // as <statusListener class="...NopStatusListener"/>: no status printout
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(ctx);
        encoder.setPattern(PATTERN);
        encoder.start();
        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(ctx);
        stderr.setName("STDERR");
        stderr.setTarget("System.err");
        stderr.setEncoder(encoder);
        stderr.start();
        ch.qos.logback.classic.Logger root = ctx.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        root.addAppender(stderr);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }
}
