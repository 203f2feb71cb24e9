package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;

import org.djutils.logger.CategoryLogger;
import org.djutils.logger.LogCategory;
import org.junit.jupiter.api.Test;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator.ExecutionStatus;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;

/**
 * The logging set-up in code: {@link QuietLogback} (logback's root: WARN and above, on stderr, with the pattern
 * of the former logback.xml) and {@link DsolLogging} (DSOL's category loggers: a settable level, on stderr, also
 * for categories created later). Every test captures stdout and stderr and restores DSOL's quiet level.
 */
class LoggingSetupTest {
    /** "HH:mm:ss.SSS LEVEL logger - message" and a line end, as QuietLogback.PATTERN prints it. */
    private static final String LINE = "\\d\\d:\\d\\d:\\d\\d\\.\\d{3} %-5s %s - %s" + System.lineSeparator().replace("\n", "\\n").replace("\r", "\\r");

    /** Output of {@code body} on stdout and stderr. */
    private static String[] capture(Runnable body) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(outBytes, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(errBytes, true, StandardCharsets.UTF_8));
        try {
            body.run();
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        return new String[] {outBytes.toString(StandardCharsets.UTF_8), errBytes.toString(StandardCharsets.UTF_8)};
    }

    /** A fresh logback context, as logback's SLF4J provider makes one (with its MDC adapter). */
    private static LoggerContext freshContext() {
        LoggerContext ctx = new LoggerContext();
        ctx.setMDCAdapter(new LogbackMDCAdapter());
        return ctx;
    }

    @Test
    void quietLogbackLetsWarningsThroughOnStderrOnlyWithThePattern() {
        LoggerContext ctx = freshContext();
        ExecutionStatus[] status = new ExecutionStatus[1];
        String[] printed = capture(() -> {
            status[0] = new QuietLogback().configure(ctx);
            Logger lib = ctx.getLogger("some.library");
            lib.debug("lib-debug");
            lib.info("lib-info");
            lib.warn("lib-warn");
            lib.error("lib-error");
        });
        assertEquals(ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY, status[0]);
        assertEquals("", printed[0]);
        assertTrue(printed[1].matches(String.format(LINE, "WARN", "some.library", "lib-warn")
                + String.format(LINE, "ERROR", "some.library", "lib-error")), printed[1]);
        Logger root = ctx.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        assertEquals(Level.WARN, root.getLevel());
        ConsoleAppender<ILoggingEvent> stderr = assertInstanceOf(ConsoleAppender.class, root.getAppender("STDERR"));
        assertEquals("System.err", stderr.getTarget());
        assertTrue(stderr.isStarted());
        ctx.stop();
    }

    @Test
    void aConfigurationFileNamedByTheUserTakesOver() {
        String key = "logback.configurationFile";
        String before = System.getProperty(key);
        System.setProperty(key, "my-logback.xml");
        LoggerContext ctx = freshContext();
        try {
            assertEquals(ExecutionStatus.INVOKE_NEXT_IF_ANY, new QuietLogback().configure(ctx));
        } finally {
            if (before == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, before);
            }
        }
        Logger root = ctx.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        assertFalse(root.iteratorForAppenders().hasNext(), "nothing configured: logback's own search runs next");
        assertEquals(Level.DEBUG, root.getLevel(), "logback's default level, untouched");
        ctx.stop();
    }

    @Test
    void dsolLevelCanBeRaisedAndQuietRestoresWarnings() {
        String[] printed;
        try {
            printed = capture(() -> {
                DsolLogging.setLevel(Level.INFO);
                CategoryLogger.always().info("always-info-shown");
                CategoryLogger.always().debug("always-debug-hidden");
                DsolLogging.quiet();
                CategoryLogger.always().info("always-info-hidden");
                CategoryLogger.always().warn("always-warn-shown");
            });
        } finally {
            DsolLogging.quiet();
        }
        assertEquals("", printed[0]);
        assertTrue(printed[1].contains("always-info-shown"), printed[1]);
        assertTrue(printed[1].contains("always-warn-shown"), printed[1]);
        assertFalse(printed[1].contains("hidden"), printed[1]);
        assertEquals(2, printed[1].lines().count(), printed[1]);
        assertEquals(Level.WARN, CategoryLogger.getLogLevel(CategoryLogger.CAT_ALWAYS));
    }

    @Test
    void setLevelAppliesToEveryCategoryNotOnlyTheAlwaysOne() {
        LogCategory cat = new LogCategory("lossless-test-level-" + System.nanoTime());
        CategoryLogger.addLogCategory(cat);
        try {
            String[] printed = capture(() -> {
                DsolLogging.setLevel(Level.INFO);
                CategoryLogger.with(cat).info("cat-info-shown");
                DsolLogging.quiet();
                CategoryLogger.with(cat).info("cat-info-hidden");
            });
            assertEquals("", printed[0]);
            assertTrue(printed[1].contains("cat-info-shown"), printed[1]);
            assertFalse(printed[1].contains("hidden"), printed[1]);
        } finally {
            DsolLogging.quiet();
            CategoryLogger.removeLogCategory(cat);
        }
    }

    @Test
    void aCategoryAddedLaterAlsoLogsToStderrWithDjutilsPattern() {
        DsolLogging.quiet();
        LogCategory cat = new LogCategory("lossless-test-late-" + System.nanoTime());
        try {
            String[] printed = capture(() -> {
                CategoryLogger.addLogCategory(cat);
                CategoryLogger.setLogLevel(cat, Level.WARN);
                CategoryLogger.with(cat).warn("late-cat-warn");
                CategoryLogger.setPattern(cat, "[%level] %msg%n"); // rebuilds the category's appenders
                CategoryLogger.with(cat).warn("late-cat-pattern");
            });
            assertEquals("", printed[0]);
            assertTrue(printed[1].contains("late-cat-warn"), printed[1]);
            assertTrue(printed[1].contains("[WARN] late-cat-pattern" + System.lineSeparator()), printed[1]);
            Collection<Appender<ILoggingEvent>> appenders = CategoryLogger.getAppenders(cat);
            assertEquals(1, appenders.size(), appenders.toString());
            Appender<ILoggingEvent> a = appenders.iterator().next();
            ConsoleAppender<ILoggingEvent> console = assertInstanceOf(ConsoleAppender.class, a);
            assertEquals("System.err", console.getTarget());
            assertNotNull(console.getName());
            assertTrue(console.getName().startsWith(DsolLogging.STDERR + "@"), console.getName());
        } finally {
            CategoryLogger.removeLogCategory(cat);
        }
    }
}
