package org.lossless.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.lossless.experiments.results.OutputRule;
import org.lossless.verbs.measure.MeasurementBuilder;
import org.lossless.verbs.measure.MeasurementJson;
import org.lossless.verbs.parse.Parsers;
import org.lossless.verbs.parse.TextInput;
import org.lossless.verbs.run.BundleReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lossless replay parse FILE...}: the measurement record of any supported tool output, or of a run bundle. */
@Command(name = "parse", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Parses tool outputs into one measurement record and prints it as JSON.",
            "The format is detected from the content: perftest (text, --out_json, --help), nccl-tests, fio JSON,"
                + " ethtool -S, hw_counters or a sysfs dump (grep -H), mlnx_qos, mlxconfig q, SONiC counters, CONFIG_DB,"
                + " pg_profile_lookup.ini; a run bundle directory gives the run's record (counter deltas, flows"
                + " attributed). A missing counter is null, never 0."})
final class ReplayParseCommand implements Callable<Integer> {
    private final Context ctx;
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Tool output files or run bundle directories.")
    List<Path> files = new ArrayList<>();

    @Option(names = "--out", paramLabel = "FILE", description = "Write the JSON here instead of standard output.")
    Path out;

    @Option(names = "--force", description = "Replace --out if it exists.")
    boolean force;

    ReplayParseCommand(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws Exception {
        return VerbsCommands.guard("replay parse", spec.commandLine().getErr(), this::parse);
    }

    private int parse() throws Exception {
        MeasurementBuilder b = new MeasurementBuilder();
        for (Path f : files) {
            Path p = ctx.resolve(f);
            if (Files.isDirectory(p) && BundleReader.isBundle(p)) {
                BundleReader.addTo(p, f.toString(), b);
            } else {
                Parsers.parse(TextInput.read(p, f.toString()), Parsers.Origin.NONE, b);
            }
        }
        String json = MeasurementJson.write(b.build());
        if (out == null) {
            spec.commandLine().getOut().print(json);
            spec.commandLine().getOut().flush();
        } else {
            OutputRule.writeFile(ctx.resolve(out), json, force);
        }
        return 0;
    }
}
