package org.lossless.cli;

import org.lossless.experiments.run.RunInterruptedException;
import org.lossless.experiments.run.ScenarioRunner;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.core.text.DidYouMean;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The command line without {@code System.exit}: {@link #execute} returns the exit status, so tests run
 * it in-process. Bad input (a {@link ScenarioException}, a {@link UserError}, a picocli parameter error)
 * prints one line on stderr and gives {@value #BAD_INPUT}; anything else is an internal error
 * ({@value #INTERNAL}), with the stack trace only when the environment sets {@code LOSSLESS_DEBUG}.
 */
public final class Cli {
    public static final int OK = 0;
    public static final int INTERNAL = 1;
    public static final int BAD_INPUT = 2;
    /** A run stopped by SIGINT or SIGTERM (the JVM itself exits with 130 or 143 then). */
    public static final int INTERRUPTED = 130;

    private final Context ctx;
    /** Stack traces of internal errors: the environment (this process's, or a warm JVM's client's) sets LOSSLESS_DEBUG. */
    private final boolean debug;

    /** The real command line: working directory {@code user.dir}, the packet engine. */
    public Cli(PrintWriter out, PrintWriter err) {
        this(out, err, Path.of("").toAbsolutePath(), Runners::packet, Runners.reporter());
    }

    /** For tests: a working directory for relative paths and {@code results/}, and a stand-in engine. */
    public Cli(PrintWriter out, PrintWriter err, Path cwd, Supplier<ScenarioRunner> runner, Consumer<Path> reporter) {
        this(out, err, cwd, runner, reporter, Terminal.local());
    }

    /**
     * A command line for another process's user (a warm JVM's client): its working directory and its terminal;
     * the packet engine.
     */
    public Cli(PrintWriter out, PrintWriter err, Path cwd, Terminal terminal) {
        this(out, err, cwd, terminal, System.getenv("LOSSLESS_DEBUG") != null);
    }

    /** {@link #Cli(PrintWriter, PrintWriter, Path, Terminal)} with the client's LOSSLESS_DEBUG ({@code debug}). */
    public Cli(PrintWriter out, PrintWriter err, Path cwd, Terminal terminal, boolean debug) {
        this(out, err, cwd, Runners::packet, Runners.reporter(), terminal, debug);
    }

    private Cli(PrintWriter out, PrintWriter err, Path cwd, Supplier<ScenarioRunner> runner, Consumer<Path> reporter,
                Terminal terminal) {
        this(out, err, cwd, runner, reporter, terminal, System.getenv("LOSSLESS_DEBUG") != null);
    }

    private Cli(PrintWriter out, PrintWriter err, Path cwd, Supplier<ScenarioRunner> runner, Consumer<Path> reporter,
                Terminal terminal, boolean debug) {
        this.ctx = new Context(out, err, cwd.toAbsolutePath().normalize(), runner, reporter, terminal);
        this.debug = debug;
    }

    /** Parses and runs one command line; returns the exit status. Never throws, never exits. */
    public int execute(String... args) {
        try {
            CommandLine cl = commandLine(args);
            int code = cl.execute(args);
            ctx.out().flush();
            ctx.err().flush();
            return code;
        } catch (Throwable t) {
            return internal(t);
        }
    }

    /**
     * The command line for {@code args}: when the first word names a command, only that command is built
     * (picocli builds each command's model by reflection over its annotations: for all 13 commands that
     * was about a third of a tiny run's start-up in JFR samples, most of it for commands the invocation does not use).
     * Anything else (no command, an option such as {@code --help}, an unknown word) gets every command,
     * so that the listing, "did you mean" and the top-level usage are complete.
     */
    CommandLine commandLine(String... args) {
        Map<String, Supplier<CommandLine>> commands = commands();
        Supplier<CommandLine> only = args.length > 0 ? commands.get(args[0]) : null;
        CommandLine cl = new CommandLine(new LosslessCommand());
        if (only != null) {
            cl.addSubcommand(args[0], only.get());
        } else {
            commands.forEach((name, command) -> cl.addSubcommand(name, command.get()));
        }
        cl.setOut(ctx.out());
        cl.setErr(ctx.err());
        cl.setParameterExceptionHandler(this::badParameter);
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (ex instanceof RunInterruptedException) {
                return INTERRUPTED; // the shutdown hook has said it (Interrupts); the JVM is ending
            }
            if (ex instanceof ScenarioException || ex instanceof UserError) {
                ctx.err().println("lossless: " + org.lossless.core.text.Printable.message(ex.getMessage()));
                ctx.err().flush();
                return BAD_INPUT;
            }
            return internal(ex);
        });
        return cl;
    }

    /** Every top-level command, in the order {@code --help} lists them, built on demand. */
    private Map<String, Supplier<CommandLine>> commands() {
        Map<String, Supplier<CommandLine>> m = new LinkedHashMap<>();
        m.put("run", () -> new CommandLine(new RunCommand(ctx)));
        m.put("check", () -> new CommandLine(new CheckCommand(ctx)));
        m.put("sweep", () -> new CommandLine(new SweepCommand(ctx)));
        m.put("demo", () -> new CommandLine(new DemoCommand(ctx)));
        m.put("report", () -> new CommandLine(new ReportCommand(ctx)));
        m.put("fluid", () -> new CommandLine(new FluidCommand()));
        m.put("headroom", () -> new CommandLine(new HeadroomCommand()));
        m.put("import", () -> new CommandLine(new ImportCommand())
                .addSubcommand("hpcc", new CommandLine(new ImportHpccCommand(ctx)))
                .addSubcommand("mlx5", new CommandLine(new ImportMlx5Command()))
                .addSubcommand("sonic", new CommandLine(new ImportSonicCommand(ctx.cwd()))));
        m.put("export", () -> new CommandLine(new ExportCommand())
                .addSubcommand("dot", new CommandLine(new ExportDotCommand(ctx)))
                .addSubcommand("hpcc", new CommandLine(new ExportHpccCommand(ctx)))
                .addSubcommand("flows", new CommandLine(new ExportFlowsCommand(ctx))));
        m.put("replay", () -> VerbsCommands.replay(ctx));
        m.put("calibrate", () -> new CommandLine(new CalibrateCommand(ctx)));
        m.put("daemon", () -> new CommandLine(new DaemonCommand(ctx)));
        return m;
    }

    /** What to do when the heap is too small: a limit the user can raise, not a bug. */
    public static String outOfMemory() {
        long max = Runtime.getRuntime().maxMemory();
        String heap = max >= 1_000_000_000L ? String.format(java.util.Locale.ROOT, "%.1f GB", max / 1e9)
                : max / 1_000_000 + " MB";
        return String.format(java.util.Locale.ROOT, "lossless: out of memory: the scenario needs more than the "
                + "%s Java heap; give it more with LOSSLESS_HEAP (e.g. LOSSLESS_HEAP=16g ./lossless ...), or "
                + "make it smaller (fewer hosts or flows, a shorter stop_time, less telemetry)", heap);
    }

    private int badParameter(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        StringBuilder sb = new StringBuilder(cmd.getCommandSpec().qualifiedName()).append(": ");
        if (ex instanceof UnmatchedArgumentException u && !cmd.getSubcommands().isEmpty() && !u.getUnmatched().isEmpty()
                && !u.getUnmatched().get(0).startsWith("-") && cmd.getParseResult() != null
                && !cmd.getParseResult().hasSubcommand()) {
            // a word where a command belongs: name it and list the commands instead of picocli's "Unmatched argument"
            String word = u.getUnmatched().get(0);
            sb.append("unknown command '").append(org.lossless.core.text.Printable.of(word))
                    .append("' (commands: ").append(String.join(", ", cmd.getSubcommands().keySet())).append(')');
            String close = DidYouMean.closest(word, cmd.getSubcommands().keySet());
            if (close != null) {
                sb.append(" (did you mean ").append(close).append("?)");
            }
        } else {
            sb.append(ex.getMessage());
        }
        if (ex instanceof UnmatchedArgumentException u && !sb.toString().contains("unknown command '")) {
            List<String> suggestions = u.getSuggestions();
            List<String> unmatched = u.getUnmatched();
            if (suggestions.isEmpty() && !unmatched.isEmpty() && !cmd.getSubcommands().isEmpty()
                    && !unmatched.get(0).startsWith("-")) {
                String close = DidYouMean.closest(unmatched.get(0), cmd.getSubcommands().keySet());
                suggestions = close == null ? List.of() : List.of(close);
            }
            if (!suggestions.isEmpty()) {
                sb.append(" (did you mean ").append(String.join(" or ", suggestions)).append("?)");
            }
        }
        sb.append(" (see '").append(cmd.getCommandSpec().qualifiedName()).append(" --help')");
        ctx.err().println(sb);
        ctx.err().flush();
        return BAD_INPUT;
    }

    private int internal(Throwable t) {
        PrintWriter err = ctx.err();
        if (t instanceof OutOfMemoryError) {
            err.println(outOfMemory());
            err.flush();
            return BAD_INPUT;
        }
        if (t instanceof UnsupportedOperationException) {
            err.println("lossless: not available yet: " + t.getMessage());
        } else {
            err.println("lossless: internal error: " + t);
            if (debug) {
                t.printStackTrace(err);
            } else {
                err.println("lossless: please report it with the scenario; set LOSSLESS_DEBUG=1 to see the stack trace");
            }
        }
        err.flush();
        return INTERNAL;
    }
}
