package org.lossless.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Callable;

import org.lossless.core.units.Units;
import org.lossless.verbs.plan.HardwarePlan;
import org.lossless.verbs.plan.PlanReader;
import org.lossless.verbs.run.BundleInfo;
import org.lossless.verbs.run.ReplayExecutor;
import org.lossless.verbs.run.SshShell;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lossless replay run DIR [--execute] [--out BUNDLE]}. */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Executes a plan over ssh (BatchMode: keys or an agent, no passwords).",
            "Without --execute it only prints every command it would run. With --execute: counters before on every"
                + " host, servers, clients at one instant, counters after, all into a run bundle. Exit 1 when a process"
                + " failed or timed out (the bundle says what happened and is kept)."})
final class ReplayRunCommand implements Callable<Integer> {
    private final Context ctx;
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "Plan directory written by 'lossless replay plan'.")
    Path plan;

    @Option(names = "--execute", description = "Really run it (default: print what would run).")
    boolean execute;

    @Option(names = "--out", paramLabel = "BUNDLE", description = "Bundle directory (default: DIR-run-<UTC time>, so no"
            + " earlier run is replaced).")
    Path out;

    @Option(names = "--lead", paramLabel = "TIME", description = "Time between the last server being ready and T0, the"
            + " clients' start, 0 to 3600s (default: ${DEFAULT-VALUE}).", defaultValue = "2s")
    String lead;

    ReplayRunCommand(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws Exception {
        return VerbsCommands.guard("replay run", spec.commandLine().getErr(), this::run);
    }

    /** Longest {@code --lead}, ps: the clients' start an hour after the servers is a mistake, not a plan. */
    static final long MAX_LEAD_PS = 3_600L * 1_000_000_000_000L;

    /** {@code --lead} in ps; anything but a time from 0 to 3600 s is bad input. */
    static long leadPs(String text) {
        long ps;
        try {
            ps = Units.parseTime(text);
        } catch (IllegalArgumentException e) {
            throw new UserError("--lead " + e.getMessage());
        }
        if (ps < 0 || ps > MAX_LEAD_PS) {
            throw new UserError("--lead '" + text + "' must be between 0 and 3600s");
        }
        return ps;
    }

    private int run() throws Exception {
        long leadPs = leadPs(lead);
        Path dir = ctx.resolve(plan);
        HardwarePlan p = PlanReader.read(dir, plan.toString());
        PrintWriter o = spec.commandLine().getOut();
        ReplayExecutor.Timing d = ReplayExecutor.Timing.defaults();
        ReplayExecutor.Timing timing = new ReplayExecutor.Timing(d.serverReady(), Duration.ofNanos(leadPs / 1000),
                d.serverGrace(), d.snapshot());
        try (SshShell shell = new SshShell(p.ssh())) {
            ReplayExecutor ex = new ReplayExecutor(shell, o, timing);
            if (!execute) {
                ex.dryRun(p);
                return 0;
            }
            Path bundle = out != null ? ctx.resolve(out) : dir.resolveSibling(dir.getFileName() + "-run-"
                    + ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
            BundleInfo info = ex.execute(p, dir, bundle);
            o.println("wrote " + bundle + " (" + info.processes().size() + " processes)");
            if (!info.complete()) {
                PrintWriter err = spec.commandLine().getErr();
                err.println("lossless replay run: INCOMPLETE RUN: the bundle holds what was collected; problems:");
                info.problems().forEach(x -> err.println("  " + x));
                err.flush();
                return 1;
            }
            o.println("next: lossless replay compare " + bundle + " " + dir.resolve("scenario.resolved.yaml"));
            return 0;
        }
    }
}
