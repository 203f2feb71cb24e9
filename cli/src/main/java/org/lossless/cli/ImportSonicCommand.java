package org.lossless.cli;

import java.io.PrintWriter;
import org.lossless.experiments.results.OutputRule;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.lossless.switchmodel.sonic.SonicImport;
import org.lossless.switchmodel.sonic.SonicImporter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lossless import sonic CONFIG_DB.json --out FILE}: the scenario's {@code switch} section from a SONiC
 * CONFIG_DB, with notes and the list of what could not be mapped as comments. Register as a subcommand of
 * {@code import}. Exit 0, or 2 on bad input (nothing written).
 */
@Command(name = "sonic", mixinStandardHelpOptions = true,
        description = {"Switch settings from a SONiC CONFIG_DB JSON, written as a scenario 'switch:' YAML snippet.",
                "Buffer pools, profiles, PFC, ECN/WRED, watchdog and QoS maps; unmapped items are listed as comments."})
public final class ImportSonicCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** The working directory relative paths resolve against (the user's, also in a test or a warm JVM). */
    private final Path cwd;

    public ImportSonicCommand() {
        this(Path.of("").toAbsolutePath());
    }

    ImportSonicCommand(Path cwd) {
        this.cwd = cwd;
    }

    @Parameters(index = "0", paramLabel = "CONFIG_DB.json", description = "SONiC CONFIG_DB (e.g. /etc/sonic/config_db.json)")
    Path input;

    @Option(names = "--out", paramLabel = "FILE", description = "YAML snippet to write (default: standard output)")
    Path out;

    @Option(names = "--force", description = "Replace --out if it exists.")
    boolean force;

    /**
     * What the import writes, the scenario loader reads: the section is loaded as the switch of a two-host star; a
     * setting it refuses is bad input naming the CONFIG_DB and the key, never a file the user's next run rejects.
     */
    private void checkLoads(String yaml) {
        String scenario = "name: sonic-import-check\n"
                + "topology: {type: star, hosts: 2, host_link: {rate: 100Gbps, delay: 1us}}\n"
                + "workloads: [{type: flows, flows: [{src: 0, dst: 1, size: 1KB}]}]\n" + yaml;
        try {
            org.lossless.experiments.scenario.ScenarioLoader.parse("the imported section", scenario,
                    Path.of("").toAbsolutePath(), java.util.List.of());
        } catch (org.lossless.workloads.yaml.ScenarioException e) {
            throw new IllegalArgumentException(this.input + ": imports to settings the scenario loader refuses ("
                    + (e.path() == null ? e.getMessage() : e.getMessage().substring(e.getMessage().indexOf(e.path())))
                    + ")");
        }
    }

    @Override
    public Integer call() {
        PrintWriter stdout = spec == null ? new PrintWriter(System.out, true) : spec.commandLine().getOut();
        PrintWriter err = spec == null ? new PrintWriter(System.err, true) : spec.commandLine().getErr();
        Path input = cwd.resolve(this.input);
        Path out = this.out == null ? null : cwd.resolve(this.out);
        try {
            if (out != null) {
                OutputRule.checkFile(out, force);
            }
            SonicImport imp = SonicImporter.importFile(input);
            String yaml = imp.toYaml();
            checkLoads(yaml);
            for (String n : imp.notes()) {
                if (n.startsWith("warning: ")) {
                    err.println("lossless: " + n);
                }
            }
            if (out == null) {
                stdout.print(yaml);
                stdout.flush();
            } else {
                OutputFiles.write(out, yaml, force);
                err.println("wrote " + out + " (" + imp.notes().size() + " notes, " + imp.unmapped().size()
                        + " items not imported; see the comments)");
                err.flush();
            }
            return 0;
        } catch (IllegalArgumentException e) {
            err.println("lossless import sonic: " + org.lossless.core.text.Printable.message(e.getMessage()));
            err.flush();
            return 2;
        }
    }
}
