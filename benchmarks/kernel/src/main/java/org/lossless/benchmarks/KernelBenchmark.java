package org.lossless.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Hold-model benchmark of the kernel against stock DSOL. Prints events per second of process
 * CPU time, median of {@code --runs} measured runs after one warm-up run per configuration.
 *
 * <pre>
 * benchmarks/run-kernel.sh [--pending 1000,100000] [--runs 3] [--events N] [--stock-events N]
 *                          [--variants kernel,stock]
 * </pre>
 */
public final class KernelBenchmark {
    private KernelBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int[] pendings = {1_000, 100_000};
        int runs = 3;
        long kernelEvents = 20_000_000;
        long stockEvents = 4_000_000;
        List<String> variants = List.of("kernel", "stock");
        for (int i = 0; i < args.length; i += 2) {
            String v = i + 1 < args.length ? args[i + 1] : "";
            switch (args[i]) {
                case "--pending" -> pendings = Arrays.stream(v.split(",")).mapToInt(Integer::parseInt).toArray();
                case "--runs" -> runs = Integer.parseInt(v);
                case "--events" -> kernelEvents = Long.parseLong(v);
                case "--stock-events" -> stockEvents = Long.parseLong(v);
                case "--variants" -> variants = List.of(v.split(","));
                default -> {
                    System.err.println("unknown option " + args[i]);
                    System.exit(2);
                }
            }
        }
        System.out.printf(Locale.ROOT, "JDK %s, %s, %d cores%n", System.getProperty("java.version"),
                System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors());
        System.out.printf(Locale.ROOT, "%-8s %9s %12s %12s %12s %s%n", "variant", "pending", "events",
                "M ev/s CPU", "M ev/s wall", "runs (M ev/s CPU)");
        for (int pending : pendings) {
            for (String variant : variants) {
                long n = variant.equals("stock") ? stockEvents : kernelEvents;
                run(variant, pending, n, 42); // warm-up
                List<HoldModel.Result> results = new ArrayList<>();
                for (int r = 0; r < runs; r++) {
                    results.add(run(variant, pending, n, 42));
                }
                report(variant, pending, results);
            }
        }
        System.exit(0); // DSOL threads must never keep the JVM alive
    }

    private static HoldModel.Result run(String variant, int pending, long events, long seed) throws Exception {
        System.gc();
        return switch (variant) {
            case "kernel" -> HoldModel.kernel(pending, events, seed);
            case "stock" -> HoldModel.stock(pending, events, seed);
            default -> throw new IllegalArgumentException("unknown variant " + variant + " (kernel, stock)");
        };
    }

    private static void report(String variant, int pending, List<HoldModel.Result> results) {
        double[] cpu = results.stream().mapToDouble(HoldModel.Result::eventsPerCpuSecond).sorted().toArray();
        double[] wall = results.stream().mapToDouble(r -> r.events() / (r.wallNs() / 1e9)).sorted().toArray();
        StringBuilder each = new StringBuilder();
        for (HoldModel.Result r : results) {
            each.append(String.format(Locale.ROOT, " %.2f", r.eventsPerCpuSecond() / 1e6));
        }
        System.out.printf(Locale.ROOT, "%-8s %9d %12d %12.2f %12.2f%s   (end %d ps)%n", variant, pending,
                results.get(0).events(), cpu[cpu.length / 2] / 1e6, wall[wall.length / 2] / 1e6, each,
                results.get(0).endPs());
    }
}
