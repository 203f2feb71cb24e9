package org.lossless.cli;

import org.lossless.experiments.scenario.Defaults;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.core.units.Units;
import org.lossless.nic.importers.HpccConfigImporter;
import org.lossless.topology.Topology;
import org.lossless.topology.io.HpccFlow;
import org.lossless.topology.io.HpccFlowFile;
import org.lossless.topology.io.HpccTopology;
import org.lossless.topology.io.HpccTopologyFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.File;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.lossless.core.text.UserFiles;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.function.Function;

/**
 * {@code lossless import hpcc --topology F [--flows F] [--config F] --out SCENARIO}: a scenario whose
 * topology is the HPCC file ({@code type: hpcc-file}) and whose traffic is the HPCC flow file
 * ({@code type: hpcc-flows}), both referenced by paths relative to the scenario's folder, so the files
 * are read again (not copied) when the scenario runs.
 */
@Command(name = "hpcc", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Writes a scenario that uses HPCC ns-3 simulator files: the topology file as topology type "
                + "hpcc-file (hosts keep their node ids), the flow file as an hpcc-flows workload (priority group = "
                + "priority, made lossless; time_origin 2s, HPCC's start, when every flow starts at or after it).",
            "With --config, the HPCC config's switch and NIC settings are imported too (docs/dcqcn-import.md).",
            "The files are referenced relative to the scenario's folder, not copied."})
final class ImportHpccCommand implements Callable<Integer> {
    /**
     * How HPCC's simulator behaves whatever its config says, as scenario keys: its packet format (48 B of headers
     * around a data payload, 60 B ACKs, no preamble or gap: {@code nic.wire: hpcc2019}), its switch MMU, no switching
     * latency, a PAUSE obeyed at the next frame boundary (no response time, at the switch and at the NIC), ACKs
     * queued with the data at every switch (its switches' {@code AckHighPrio} is never set: {@code ACK_HIGH_PRIO}
     * reaches its NICs only, which send ACKs first as ours do), and its egress order: queue 0 (our priority 7)
     * first, the data queues round robin (DWRR, weight 1, one largest frame per turn); its NIC ACKs at once and
     * re-sends a NACK after 500 us ("NACK Generation Interval"); its FCT ends at the sender's last ACK.
     */
    static final Map<String, String> HPCC_SIMULATOR = hpccSimulator();
    /** HPCC behaviour an imported scenario does not reproduce (written as a comment, listed in docs/dcqcn-import.md). */
    static final List<String> NOT_IMPORTED = List.of(
            "HPCC's standalone FCT formula: the sender's ideal here is the exact time alone (ACK serialization included)",
            "with DCQCN, HPCC's variable window (VAR_WIN) and global maxBdp window (GLOBAL_T): see the warnings",
            "HPCC's per-hop-rate and sampled variants (MULTI_RATE 1, SAMPLE_FEEDBACK 1), HPCC-PINT, GLOBAL_T 0",
            "the timestamp header HPCC adds with TIMELY (8 B) and PINT (2 B); the INT_MULTI units of HPCC's INT fields"
                    + " (Lossless's telemetry is exact)");

    private static Map<String, String> hpccSimulator() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("nic.wire", "hpcc2019");
        m.put("nic.ack_priority", "data");
        m.put("switch.profile", "hpcc2019");
        m.put("switch.latency", "0");
        m.put("switch.pfc.response_time", "0");
        m.put("switch.scheduling.strict", "[" + HpccConfigImporter.HIGHEST_PRIORITY + "]");
        m.put("nic.pfc_response_time", "0");
        m.put("nic.ack_delay", "0");
        m.put("nic.nack_interval", "500us");
        m.put("metrics.completion", "sender");
        return java.util.Collections.unmodifiableMap(m);
    }

    private final Context ctx;

    @Option(names = "--topology", paramLabel = "FILE", required = true, description = "HPCC topology file "
            + "(e.g. mix/fat.txt).")
    Path topology;

    @Option(names = "--flows", paramLabel = "FILE", description = "HPCC flow file (e.g. mix/flow.txt). Without it "
            + "the scenario gets one example flow to replace.")
    Path flows;

    @Option(names = "--config", paramLabel = "FILE", description = "HPCC config file (mix/config.txt): its DCQCN, "
            + "ECN, buffer and packet settings become switch and nic keys (docs/dcqcn-import.md); settings this "
            + "version's scenario does not accept are kept as comments, with a warning.")
    Path config;

    @Option(names = "--out", paramLabel = "SCENARIO", required = true, description = "The scenario file to write.")
    Path out;

    @Option(names = "--name", paramLabel = "NAME", description = "Scenario name (default: from the --out file name).")
    String name;

    @Option(names = "--force", description = "Replace --out if it exists.")
    boolean force;

    ImportHpccCommand(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        Path scenarioFile = ctx.resolve(out);
        if (Files.isDirectory(scenarioFile)) {
            throw new UserError("--out " + scenarioFile + ": is a directory, expected a scenario file such as "
                    + "imported.yaml");
        }
        if (Files.exists(scenarioFile) && !force) {
            throw new UserError("--out " + scenarioFile + ": exists; choose another file or add --force to replace it");
        }
        String scenarioName = name != null ? name : nameFrom(scenarioFile);
        if (!Scenario.validName(scenarioName)) {
            throw new UserError("--name " + scenarioName + ": use only letters, digits, '.', '_' and '-'");
        }
        Path topoFile = ctx.resolve(topology);
        HpccTopology imported = read("--topology", topoFile, topology.toString(),
                text -> HpccTopologyFile.parse(text, topology.toString()));
        Topology t = imported.topology();
        if (t.hostCount() < 2) {
            throw new UserError("--topology " + topology + ": has " + t.hostCount() + " hosts; a scenario needs at "
                    + "least 2");
        }
        List<String> warnings = new ArrayList<>(imported.warnings());
        Path dir = scenarioFile.getParent();
        ImportedScenario scenario = new ImportedScenario(scenarioName);
        scenario.comment("Imported from HPCC simulator files by 'lossless import hpcc'; keys: docs/scenario.md");
        scenario.comment("topology: " + topology + (flows == null ? "" : "; flows: " + flows)
                + (config == null ? "" : "; config: " + config));
        scenario.hpccTopology(relative(dir, topoFile));
        scenario.comment("HPCC's simulator as it runs, whatever its config says: its packet format (nic.wire hpcc2019:"
                + " 48 B of headers per data packet, 60 B ACKs, no preamble or gap), its switch MMU (switch.profile"
                + " hpcc2019), no switching latency, PAUSE obeyed at the next frame boundary (PFC response times 0),"
                + " priority 7 served first, the rest round robin; ACKs built at once, NACKs re-sent after 500 us; FCT"
                + " and slowdown on the sender's completion (its last ACK), as HPCC's fct.txt");
        scenario.comment("ACKs on the data priority (nic.ack_priority data): HPCC's switches queue ACKs with the data"
                + " whatever ACK_HIGH_PRIO says (the flag reaches its NICs only, which send ACKs first, as Lossless's"
                + " NICs do); nic.ack_priority 7 would serve them first at every hop instead");
        scenario.settings(HPCC_SIMULATOR);
        if (flows == null) {
            scenario.comment("no --flows given: an example flow between the first two hosts; replace it");
            scenario.exampleFlow();
        } else {
            Path flowFile = ctx.resolve(flows);
            HpccFlowFile.Read read = read("--flows", flowFile, flows.toString(),
                    text -> HpccFlowFile.parse(text, flows.toString(), t));
            if (read.flows().isEmpty()) {
                throw new UserError("--flows " + flows + ": holds no flows");
            }
            warnings.addAll(read.warnings());
            long origin = Defaults.HPCC_TIME_ORIGIN_PS;
            long last = 0;
            TreeSet<Integer> groups = new TreeSet<>();
            for (HpccFlow f : read.flows()) {
                if (f.startPs() < Defaults.HPCC_TIME_ORIGIN_PS) {
                    origin = 0;
                }
                last = Math.max(last, f.startPs());
                groups.add(f.priorityGroup());
            }
            // the run ends when every flow has finished; give the last one 100 ms past its start
            scenario.stopTime(ceilMs(last - origin) + Defaults.STOP_TIME_PS);
            scenario.comment("the last flow starts at " + Units.formatTime(last - origin) + " (file time minus "
                    + "time_origin); stop_time leaves 100 ms after it");
            if (!groups.equals(new TreeSet<>(Defaults.PFC_PRIORITIES))) {
                scenario.comment("switch.pfc.priorities: the flows' priority groups, lossless as in HPCC");
                scenario.pfcPriorities(groups);
            }
            scenario.hpccFlows(relative(dir, flowFile), origin);
        }
        String configNote = "";
        java.util.Set<String> fromConfig = new java.util.HashSet<>();
        if (config != null) {
            HpccConfigImporter.Result r = read("--config", ctx.resolve(config), config.toString(),
                    text -> HpccConfigImporter.parse(text.lines().toList(), config.toString()));
            scenario.settings(r.settings());
            fromConfig.addAll(r.settings().keySet());
            warnings.addAll(r.warnings());
            for (HpccConfigImporter.Ignored i : r.ignored()) {
                scenario.trailingComment("config " + i.key() + " " + i.value() + ": ignored, " + i.reason());
            }
            r.files().forEach((key, file) -> scenario.trailingComment("config " + key + " " + file
                    + ": the files come from --topology and --flows"));
        }
        for (String n : NOT_IMPORTED) {
            scenario.trailingComment("not reproduced: " + n);
        }
        String yaml = scenario.render(scenarioFile.toString(), dir);
        warnings.addAll(scenario.warnings());
        if (config != null) {
            configNote = "; " + scenario.kept(fromConfig) + " settings from the config";
        }
        OutputFiles.write(scenarioFile, yaml, force);
        for (String w : warnings) {
            ctx.err().println("lossless: warning: " + w);
        }
        ctx.out().printf("wrote %s: hpcc-file topology with %d hosts, %d switches, %d links%s%s%n", scenarioFile,
                t.hostCount(), t.switchCount(), t.cables().size(), flows == null ? "; no flows (an example flow)"
                        : "; hpcc-flows workload", configNote);
        ctx.out().flush();
        ctx.err().flush();
        return 0;
    }

    /** Reads and parses an input file; every failure is bad input naming the option. */
    private static <T> T read(String option, Path file, String display, Function<String, T> parser) {
        String text;
        if (Files.exists(file) && !Files.isDirectory(file) && !Files.isRegularFile(file)) {
            throw new UserError(option + " " + display + ": is not a regular file (a device, FIFO or socket)");
        }
        try {
            if (Files.isRegularFile(file) && Files.size(file) > UserFiles.DEFAULT_MAX_BYTES) {
                throw new UserError(option + " " + display + ": is larger than 256 MiB, the most Lossless reads");
            }
            text = Files.readString(file, StandardCharsets.UTF_8);
            UserFiles.requireText(display, text);
        } catch (IllegalArgumentException e) {
            throw new UserError(option + " " + e.getMessage());
        } catch (NoSuchFileException e) {
            throw new UserError(option + " " + display + ": no such file");
        } catch (CharacterCodingException e) {
            throw new UserError(option + " " + display + ": is not UTF-8 text");
        } catch (IOException e) {
            throw new UserError(option + " " + display + ": cannot be read: " + e.getMessage());
        }
        try {
            return parser.apply(text);
        } catch (IllegalArgumentException e) {
            throw new UserError(option + " " + e.getMessage());
        }
    }

    /** {@code file} relative to {@code dir} with '/' separators, or absolute if it cannot be made relative. */
    static String relative(Path dir, Path file) {
        try {
            return dir.relativize(file).toString().replace(File.separatorChar, '/');
        } catch (IllegalArgumentException e) {
            return file.toString();
        }
    }

    /** The --out file name without its extension, with characters a name cannot hold replaced by '-'. */
    static String nameFrom(Path file) {
        String base = file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        String cleaned = base.replaceAll("[^A-Za-z0-9._-]", "-");
        return Scenario.validName(cleaned) ? cleaned : "hpcc-import";
    }

    private static long ceilMs(long ps) {
        long ms = 1_000_000_000L;
        return (ps + ms - 1) / ms * ms;
    }
}
