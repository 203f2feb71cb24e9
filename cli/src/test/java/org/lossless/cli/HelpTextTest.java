package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's help as a user reads it: no picocli warnings (a '%' in a description is a format
 * directive to picocli unless doubled), no option described as "not implemented" when it is, and the one
 * line a command list shows for each command (the first line of its description) is a whole sentence.
 */
class HelpTextTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private Cli cli() {
        return new Cli(new PrintWriter(out), new PrintWriter(err), Path.of("."), Runners::packet, Runners::report);
    }

    /** Every command line below the top level, depth first. */
    private static List<CommandLine> all(CommandLine root) {
        List<CommandLine> list = new ArrayList<>();
        for (CommandLine sub : root.getSubcommands().values()) {
            list.add(sub);
            list.addAll(all(sub));
        }
        return list;
    }

    /** What {@code lossless ARGS} prints on stdout, with anything written to System.err appended to {@code stderr}. */
    private String help(StringBuilder stderr, String... args) {
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        out.getBuffer().setLength(0);
        try {
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            assertEquals(0, cli().execute(args), String.join(" ", args) + ": " + err);
        } finally {
            System.setErr(saved);
        }
        stderr.append(captured.toString(StandardCharsets.UTF_8)).append(err);
        return out.toString();
    }

    @Test
    void noCommandsHelpPrintsAPicocliWarning() {
        for (CommandLine c : all(cli().commandLine("--help"))) {
            List<String> args = new ArrayList<>(List.of(c.getCommandSpec().qualifiedName(" ").split(" ")));
            args.remove(0); // "lossless"
            args.add("--help");
            StringBuilder stderr = new StringBuilder();
            String text = help(stderr, args.toArray(String[]::new));
            assertTrue(text.startsWith("Usage: lossless"), text);
            assertEquals("", stderr.toString(), String.join(" ", args));
            assertFalse(text.contains("not implemented"), String.join(" ", args) + ":\n" + text);
        }
    }

    @Test
    void theLineACommandListShowsIsAWholeSentence() {
        for (CommandLine c : all(cli().commandLine("--help"))) {
            String[] description = c.getCommandSpec().usageMessage().description();
            String first = description[0].strip();
            assertTrue(first.endsWith("."), c.getCommandSpec().qualifiedName() + " is listed as '" + first + "'");
        }
    }

    @Test
    void runHelpSaysWhatReportWrites() {
        String text = help(new StringBuilder(), "run", "--help");
        assertTrue(text.replaceAll("\\s+", " ").contains("--report Also write report.html and charts/"), text);
    }
}
