package org.lossless.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.lossless.experiments.results.OutputRule;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.nic.fluid.FixedPoint;
import org.lossless.nic.fluid.FluidRun;
import org.lossless.plots.FluidChart;
import org.lossless.nic.fluid.FluidSolver;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lossless fluid --flows N --rate R --delay T [--duration D] [--set KEY=VALUE]... --out DIR}:
 * the CoNEXT'16 DCQCN fluid model for N flows on one bottleneck; its options and files are
 * documented in {@code lossless fluid --help} and README.md.
 */
@Command(name = "fluid", mixinStandardHelpOptions = true,
    description = {"The DCQCN fluid model (CoNEXT'16) for N flows on one bottleneck; writes fluid.csv, fluid.json and fluid.png.",
        "Defaults: profile paper2015 with ECN 5KB / 200KB / 1 %% (the CoNEXT'16 setting). The model counts 1000 B packets (on the wire): compare it with packet runs at MTU 918, or see docs/validation.md (V-04 at N = 6)."})
public final class FluidCommand implements Callable<Integer> {
    /** The result kind of a fluid directory ({@link OutputRule}). */
    static final String KIND = "fluid";
    @Spec
    CommandSpec spec;

    @Option(names = "--flows", required = true, paramLabel = "N", description = "number of flows")
    int flows;

    @Option(names = "--rate", required = true, paramLabel = "R", description = "bottleneck rate, e.g. 40Gbps")
    String rate;

    @Option(names = "--delay", required = true, paramLabel = "T", description = "feedback delay tau*, e.g. 4us")
    String delay;

    @Option(names = "--duration", paramLabel = "D", description = "simulated time (default 100ms)")
    String duration;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "nic.dcqcn.* or switch.ecn.kmin|kmax|pmax")
    Map<String, String> sets = new LinkedHashMap<>();

    @Option(names = "--step", paramLabel = "T", description = "integration step (default 0.1us)")
    String step;

    @Option(names = "--sample", paramLabel = "T", description = "output sample period (default 10us)")
    String sample;

    @Option(names = "--method", paramLabel = "M", description = "euler (default) or rk4")
    String method;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "output directory: created, or replaced if it is a previous fluid result (a folder holding anything else is refused)")
    Path out;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        FluidSolver.Method m = null;
        if (method != null) {
            switch (method.toLowerCase(Locale.ROOT)) {
                case "euler" -> m = FluidSolver.Method.EULER;
                case "rk4" -> m = FluidSolver.Method.RK4;
                default -> {
                    err.println("lossless fluid: --method: unknown method '" + method + "' (allowed: euler, rk4)");
                    return 2;
                }
            }
        }
        FluidRun.Result[] result = new FluidRun.Result[1];
        FluidRun.Request request = new FluidRun.Request(flows, rate, delay, duration, sets, step, sample, m);
        try {
            FluidRun.plan(request);
            OutputRule.checkDirectory(out, KIND);
            OutputRule.writeDirectory(out, KIND, dir -> {
                result[0] = FluidRun.run(request, dir);
                FluidChart.write(result[0].csv(), dir.resolve(FluidChart.FILE_NAME));
            });
        } catch (IllegalArgumentException | ScenarioException e) {
            err.println("lossless fluid: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("lossless fluid: cannot write the results to " + out + ": " + OutputFiles.reason(e));
            return 2;
        }
        FluidRun.Result r = result[0];
        PrintWriter o = spec.commandLine().getOut();
        FixedPoint fp = r.fixedPoint();
        if (fp.exists()) {
            o.printf(Locale.ROOT, "fixed point: p* = %.4g, q* = %.2f KB, R* = %.4f Gb/s per flow%n",
                fp.markProbability(), fp.queueBytes() / 1000, fp.rateBps() / 1e9);
        } else {
            o.println("fixed point: " + fp.reason());
        }
        o.printf(Locale.ROOT, "second half of the run: mean queue %.2f KB%n", r.meanQueueBytes() / 1000);
        for (String note : r.plan().notes()) {
            o.println("note: " + note);
        }
        o.println("wrote " + out.resolve(r.csv().getFileName()) + " and " + out.resolve(FluidChart.FILE_NAME));
        return 0;
    }
}
