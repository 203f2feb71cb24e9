package org.lossless.cli;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.sweep.RunSpec;
import org.lossless.experiments.sweep.SweepPoint;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConsoleProgressTest {
    final SweepPoint p = new SweepPoint("kmin=1KB", Map.of("switch.ecn.kmin", "1KB"));

    @Test
    void plainLinesWithoutATerminal() {
        StringWriter s = new StringWriter();
        ConsoleProgress c = new ConsoleProgress(new PrintWriter(s), false);
        c.start(4, 1);
        c.done(new RunSpec(1, p, 1, 2));
        c.failed(new RunSpec(2, p, 2, 3), "boom");
        c.done(new RunSpec(3, p, 3, 4));
        c.finish();
        assertEquals("""
                lossless: sweep: 4 runs, 1 already complete
                lossless: run points/kmin=1KB/3 failed: boom
                lossless: 3/4 runs done, 1 failed
                """, s.toString());
    }

    @Test
    void aBarRedrawnInPlaceOnATerminal() {
        StringWriter s = new StringWriter();
        ConsoleProgress c = new ConsoleProgress(new PrintWriter(s), true);
        c.start(2, 0);
        c.done(new RunSpec(0, p, 0, 1));
        c.done(new RunSpec(1, p, 1, 2));
        c.finish();
        String out = s.toString();
        assertTrue(out.contains("\r[###############...............] 1/2 runs done, 0 failed, ETA "), out);
        assertTrue(out.contains("\r[##############################] 2/2 runs done, 0 failed"), out);
        assertTrue(out.endsWith("\n"), out);
    }
}
