package org.lossless.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lossless daemon}'s input: durations and actions (the daemon itself: {@code warm.WarmServerTest}). */
class DaemonCommandTest {
    @TempDir
    Path dir;

    @Test
    void idleDurations() {
        assertEquals(1800, DaemonCommand.idleSeconds("30m"));
        assertEquals(7200, DaemonCommand.idleSeconds("2h"));
        assertEquals(90, DaemonCommand.idleSeconds("90s"));
        assertEquals(7 * 86400, DaemonCommand.idleSeconds("7d"));
        for (String bad : new String[] {"30", "m", "-5m", "8d", "0s", "1.5h", "30 min"}) {
            UserError e = assertThrows(UserError.class, () -> DaemonCommand.idleSeconds(bad), bad);
            assertTrue(e.getMessage().contains("--idle '" + bad + "'"), e.getMessage());
        }
    }

    @Test
    void anUnknownActionOrABadDurationIsExit2WithOneLine() {
        StringWriter err = new StringWriter();
        Cli cli = new Cli(new PrintWriter(new StringWriter()), new PrintWriter(err), dir, Runners::packet, p -> { });
        assertEquals(2, cli.execute("daemon", "start", "--idle", "soon"));
        assertEquals(2, cli.execute("daemon", "restart"));
        assertEquals(2, cli.execute("daemon", "status"), "from classes, not lossless.jar");
        String[] lines = err.toString().split("\n");
        assertEquals(3, lines.length, err.toString());
        assertTrue(lines[0].startsWith("lossless: daemon: --idle 'soon' is not a duration"), lines[0]);
        assertTrue(lines[1].startsWith("lossless: daemon: unknown action 'restart'"), lines[1]);
        assertTrue(lines[2].startsWith("lossless: daemon: needs lossless.jar"), lines[2]);
    }
}
