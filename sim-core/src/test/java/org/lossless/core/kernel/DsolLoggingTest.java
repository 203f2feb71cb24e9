package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.lang.ref.WeakReference;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.djutils.logger.CategoryLogger;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** A run prints nothing at DEBUG or INFO; warnings (DSOL's or a library's) go to stderr only. */
class DsolLoggingTest {
    @Test
    void aRunPrintsNothingAndOnlyWarningsReachStderr() {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(outBytes, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(errBytes, true, StandardCharsets.UTF_8));
        try {
            List<String> trace = new ArrayList<>();
            Kernel k = new Kernel();
            k.schedule(new TestEvent("a", trace), 10);
            k.runUntil(1_000);
            k.runUntil(2_000);
            CategoryLogger.always().trace("trace-marker");
            CategoryLogger.always().debug("debug-marker");
            CategoryLogger.always().info("info-marker");
            CategoryLogger.always().warn("dsol-warn-marker");
            LoggerFactory.getLogger("some.library").debug("lib-debug-marker");
            LoggerFactory.getLogger("some.library").info("lib-info-marker");
            LoggerFactory.getLogger("some.library").warn("lib-warn-marker");
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        String stdout = outBytes.toString(StandardCharsets.UTF_8);
        String stderr = errBytes.toString(StandardCharsets.UTF_8);
        assertEquals("", stdout);
        assertTrue(stderr.contains("dsol-warn-marker"), stderr);
        assertTrue(stderr.contains("lib-warn-marker"), stderr);
        for (String quiet : List.of("trace-marker", "debug-marker", "info-marker", "lib-debug-marker", "lib-info-marker")) {
            assertFalse(stderr.contains(quiet), quiet + " printed: " + stderr);
        }
        assertEquals(2, stderr.lines().count(), stderr);
    }

    /**
     * The kernel is not a DSOL simulator: nothing JVM-wide (DSOL's logging held the last DSOL simulator) keeps a
     * finished run's model, so a JVM that stays up (the daemon) keeps nothing of its last run.
     */
    @Test
    void aFinishedKernelIsHeldByNothing() throws InterruptedException {
        WeakReference<Kernel> kernel = runOne();
        collect(kernel);
        assertNull(kernel.get(), "a finished kernel is still held");
        DsolLogging.releaseSimulator(); // with no DSOL simulator registered: no harm
    }

    private static WeakReference<Kernel> runOne() {
        Kernel k = new Kernel();
        k.schedule(new TestEvent("a", new ArrayList<>()), 10);
        k.runUntil(1_000);
        return new WeakReference<>(k);
    }

    private static void collect(WeakReference<?> ref) throws InterruptedException {
        for (int i = 0; i < 5 && ref.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
    }
}
