package org.lossless.cli;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.lossless.experiments.results.FlowExport;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.workloads.traffic.Message;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code lossless export flows SCENARIO --out DIR}: the messages the scenario's workloads post and their
 * dependencies ({@link FlowExport}), as {@code messages.csv} and {@code messages.json}, without running the
 * network. Files of these names are replaced only when an earlier export wrote them.
 */
@Command(name = "flows", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Writes the messages the scenario's workloads post, with the messages each one waited for: "
                + "messages.csv (" + FlowExport.CSV_HEADER + "; depends_on separated by ';') and messages.json.",
            "Workloads run without the network (the same traffic programs as 'run'); post times of messages posted "
                + "in reaction to others come from a simple timing model: " + FlowExport.LATENCY_DOC + "."})
final class ExportFlowsCommand implements Callable<Integer> {
    /** The result kind of an export directory ({@link org.lossless.experiments.results.OutputRule}). */
    static final String KIND = "flows-export";
    static final String CSV = "messages.csv";
    static final String JSON = "messages.json";
    private final Context ctx;

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Scenario file (YAML), see docs/scenario.md.")
    Path scenario;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Directory for messages.csv and "
            + "messages.json: created, or replaced if it is an earlier export (a folder holding anything else is refused).")
    Path out;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a scenario key. Repeatable.")
    List<String> sets = new ArrayList<>();

    ExportFlowsCommand(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        Scenario s = RunCommand.load(ctx, scenario, sets, null);
        List<Message> messages = FlowExport.record(ScenarioEngine.input(s));
        Path dir = ctx.resolve(out);
        refuseForeign(dir.resolve(CSV), FlowExport.CSV_HEADER);
        refuseForeign(dir.resolve(JSON), "{\n  \"format\" : \"" + FlowExport.JSON_FORMAT + "\"");
        // the one output rule: a new or empty folder, or an earlier export (replaced atomically)
        OutputFiles.directory(dir, KIND, d -> {
            // streamed: the text of a large export is never held whole in memory
            try (Writer w = Files.newBufferedWriter(d.resolve(CSV), StandardCharsets.UTF_8)) {
                FlowExport.writeCsv(w, messages);
            }
            try (Writer w = Files.newBufferedWriter(d.resolve(JSON), StandardCharsets.UTF_8)) {
                FlowExport.writeJson(w, messages);
            }
        });
        long connections = messages.stream().mapToInt(m -> m.connection().id()).distinct().count();
        ctx.out().printf("wrote %s: %s, %s (%d messages on %d connections)%n", dir, CSV, JSON, messages.size(),
                connections);
        ctx.out().flush();
        return 0;
    }

    /** An existing file that does not start as an export of ours is not replaced. */
    private static void refuseForeign(Path file, String start) {
        if (!Files.exists(file)) {
            return;
        }
        String head;
        try {
            byte[] bytes = Files.readAllBytes(file);
            head = new String(bytes, 0, Math.min(bytes.length, start.length()), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserError("--out " + file + ": cannot read it: " + e);
        }
        if (!head.equals(start)) {
            throw new UserError("--out " + file + ": exists and was not written by 'lossless export flows'; "
                    + "choose another directory or remove it");
        }
    }
}
