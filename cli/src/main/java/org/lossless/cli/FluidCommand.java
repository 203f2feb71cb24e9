package org.lossless.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
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
 * the CoNEXT'16 DCQCN fluid model for N flows on one bottleneck (CONTRACT.md §2).
 */
@Command(name = "fluid", mixinStandardHelpOptions = true,
    description = {"The DCQCN fluid model (CoNEXT'16) for N flows on one bottleneck; writes fluid.csv, fluid.json and fluid.png.",
        "Defaults: profile paper2015 with ECN 5KB / 200KB / 1 % (the CoNEXT'16 setting)."})
public final class FluidCommand implements Callable<Integer> {
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

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "output directory")
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
        FluidRun.Result r;
        try {
            r = FluidRun.run(new FluidRun.Request(flows, rate, delay, duration, sets, step, sample, m), out);
        } catch (IllegalArgumentException e) {
            err.println("lossless fluid: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("lossless fluid: cannot write " + out + ": " + e.getMessage());
            return 2;
        }
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
        Path png = out.resolve(FluidChart.FILE_NAME);
        try {
            FluidChart.write(r.csv(), png);
        } catch (IOException e) {
            err.println("lossless fluid: cannot write " + png + ": " + e.getMessage());
            return 2;
        }
        o.println("wrote " + r.csv() + " and " + png);
        return 0;
    }
}
