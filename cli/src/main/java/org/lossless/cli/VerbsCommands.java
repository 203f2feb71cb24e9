package org.lossless.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

import org.lossless.core.text.Printable;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.verbs.VerbsException;
import org.lossless.verbs.parse.ParseException;
import picocli.CommandLine;

/**
 * The verbs-validation commands ({@code replay plan|run|parse|compare}, {@code calibrate}): registration and
 * the one place that turns their bad-input exceptions into a one-line message and exit status 2.
 */
final class VerbsCommands {
    private VerbsCommands() {
    }

    /** The {@code replay} group with its subcommands. */
    static CommandLine replay(Context ctx) {
        return new CommandLine(new ReplayCommand())
                .addSubcommand("plan", new CommandLine(new ReplayPlanCommand(ctx)))
                .addSubcommand("run", new CommandLine(new ReplayRunCommand(ctx)))
                .addSubcommand("parse", new CommandLine(new ReplayParseCommand(ctx)))
                .addSubcommand("compare", new CommandLine(new ReplayCompareCommand(ctx)));
    }

    /**
     * Runs {@code body}; bad input becomes "lossless NAME: message" on stderr and exit status 2, the message made safe
     * to print as the scenario loader's are (control characters escaped, long quotations cut: a hosts file or plan
     * cannot write escape codes or extra lines to the terminal).
     */
    static int guard(String name, PrintWriter err, Callable<Integer> body) throws Exception {
        try {
            return body.call();
        } catch (VerbsException | ParseException | ScenarioException | UserError e) {
            err.println("lossless " + name + ": " + Printable.message(e.getMessage()));
            err.flush();
            return Cli.BAD_INPUT;
        }
    }
}
