package org.lossless.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.lossless.core.units.Units;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.verbs.plan.Approximation;
import org.lossless.verbs.plan.HardwarePlan;
import org.lossless.verbs.plan.HostsFile;
import org.lossless.verbs.plan.PlanOptions;
import org.lossless.verbs.plan.PlanWriter;
import org.lossless.verbs.plan.ReplayPlanner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lossless replay plan SCENARIO --hosts HOSTS.yaml --out DIR}. */
@Command(name = "plan", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Maps the scenario's hosts onto lab hosts and writes the commands each host runs.",
            "Per host the exact commands (perftest for flows, nccl-tests under mpirun for collective jobs, fio for"
                + " NVMe-oF jobs) and a start schedule, into DIR (plan.json, schedule.csv, hosts/<name>.sh,"
                + " approximations.txt). What the tools cannot express is listed with the approximation used. Nothing"
                + " is run."})
final class ReplayPlanCommand implements Callable<Integer> {
    private final Context ctx;
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Scenario file (YAML).")
    Path scenario;

    @Option(names = "--hosts", required = true, paramLabel = "HOSTS.yaml", description = "Lab hosts (ssh, address, device,"
            + " port, GID index, interface, link rate, DSCP, NVMe-oF devices) and SONiC switches (docs/verbs-validation.md).")
    Path hosts;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Plan directory to write.")
    Path out;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a scenario key. Repeatable.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--verb", paramLabel = "write|send|read", description = "RDMA operation of bandwidth flows"
            + " (default: ${DEFAULT-VALUE}; the simulator models WRITE).", defaultValue = "write")
    String verb;

    @Option(names = "--latency-max", paramLabel = "SIZE", description = "Flows up to this size become latency probes"
            + " (ib_<verb>_lat); 0 = none (default: ${DEFAULT-VALUE}).", defaultValue = "4KiB")
    String latencyMax;

    @Option(names = "--latency-iterations", paramLabel = "N", description = "Ping-pongs per latency probe (default:"
            + " ${DEFAULT-VALUE}).", defaultValue = "1000")
    int latencyIterations;

    @Option(names = "--message-size", paramLabel = "SIZE", description = "perftest message size of bandwidth flows"
            + " (default: ${DEFAULT-VALUE}).", defaultValue = "64KiB")
    String messageSize;

    ReplayPlanCommand(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws Exception {
        return VerbsCommands.guard("replay plan", spec.commandLine().getErr(), this::plan);
    }

    private int plan() throws Exception {
        PlanOptions options;
        try {
            options = new PlanOptions(verb, Units.forKey("--latency-max", latencyMax, Units::parseSize), latencyIterations,
                    Units.forKey("--message-size", messageSize, Units::parseSize));
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage().startsWith("--") ? e.getMessage() : "options: " + e.getMessage()
                    + " (--verb write|send|read, --latency-iterations >= 5, --message-size >= 1)");
        }
        Scenario s = RunCommand.load(ctx, scenario, sets, null);
        Path hostsPath = ctx.resolve(hosts);
        HostsFile h = HostsFile.read(hostsPath, hosts.toString());
        HardwarePlan plan = new ReplayPlanner().plan(s, h, hosts.toString(), options);
        PlanWriter.write(ctx.resolve(out), plan, s, Files.readString(hostsPath));
        var o = spec.commandLine().getOut();
        long servers = plan.processes().stream().filter(p -> p.server()).count();
        o.println("wrote " + out + ": " + plan.hosts().size() + " lab host(s), " + servers + " server(s) and "
                + (plan.processes().size() - servers) + " client(s)" + (plan.switches().isEmpty() ? "" : ", "
                + plan.switches().size() + " switch(es) read") + ", timeout " + plan.timeoutSeconds() + " s");
        for (Approximation a : plan.approximations()) {
            o.println("approximation: " + (a.flowIds().isEmpty() ? (a.what().startsWith("job ") ? "" : "all flows: ")
                    : "flow " + a.flowIds() + ": ") + a.what() + " -> " + a.instead());
        }
        o.println("next: lossless replay run " + out + "   (prints what it would do; add --execute to run it)");
        o.flush();
        return 0;
    }
}
