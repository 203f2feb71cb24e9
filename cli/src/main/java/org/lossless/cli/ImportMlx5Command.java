package org.lossless.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.lossless.experiments.results.OutputRule;
import org.lossless.nic.importers.Mlx5SysfsImporter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lossless import mlx5 DIR --out FILE}: DCQCN settings from a dump of an mlx5 NIC's sysfs
 * {@code ecn/roce_rp} and {@code ecn/roce_np} files, written as a scenario fragment (YAML).
 */
@Command(name = "mlx5", mixinStandardHelpOptions = true,
    description = {"DCQCN settings from a dump of an mlx5 NIC's sysfs ecn/roce_rp and ecn/roce_np files.",
        "DIR is a copy of /sys/class/net/<if>/ecn (or of the netdev directory holding it).",
        "Unit conversions: docs/dcqcn-import.md."})
public final class ImportMlx5Command implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "the dumped directory")
    Path dir;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "scenario fragment to write (YAML)")
    Path out;

    @Option(names = "--force", description = "Replace --out if it exists.")
    boolean force;

    @Override
    public Integer call() {
        OutputRule.checkFile(out, force);
        PrintWriter err = spec.commandLine().getErr();
        Mlx5SysfsImporter.Result r;
        try {
            r = Mlx5SysfsImporter.read(dir);
        } catch (IllegalArgumentException e) {
            err.println("lossless import mlx5: " + org.lossless.core.text.Printable.message(e.getMessage()));
            return 2;
        } catch (NoSuchFileException e) {
            err.println("lossless import mlx5: " + e.getFile() + ": no such file or directory");
            return 2;
        } catch (IOException e) {
            err.println("lossless import mlx5: " + dir + ": " + e.getMessage());
            return 2;
        }
        StringBuilder text = new StringBuilder();
        text.append("# imported by 'lossless import mlx5' from ").append(dir).append('\n');
        for (Map.Entry<String, List<Integer>> e : r.enabled().entrySet()) {
            text.append("# ").append(e.getKey()).append(" enabled on priorities ").append(e.getValue()).append('\n');
        }
        for (Map.Entry<String, String> e : r.ignored().entrySet()) {
            text.append("# ignored ").append(e.getKey()).append(": ").append(e.getValue()).append('\n');
        }
        for (String f : r.unknownFiles()) {
            text.append("# unknown file ").append(f).append(" (not imported)\n");
        }
        text.append(KeyPathYaml.write(r.settings()));
        OutputFiles.write(out, text.toString(), force);
        PrintWriter o = spec.commandLine().getOut();
        o.println("wrote " + out + " (" + (r.settings().size() - 1) + " settings on profile mlx5)");
        for (String f : r.unknownFiles()) {
            err.println("warning: unknown file " + f + " not imported");
        }
        return 0;
    }
}
