package org.lossless.benchmarks.hpcc;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.lossless.topology.io.HpccPaperFatTree;

/**
 * Writes the three HPCC simulator input files of the V-09 setting (docs/validation.md) into a folder:
 *
 * <ul>
 *   <li>{@code topology.txt}: the HPCC paper's fat-tree ({@link HpccPaperFatTree}: 320 hosts in 5 pods, hosts at
 *       100 Gb/s, switch links at 400 Gb/s, 1 us each; node ids as the simulator's fat.txt).</li>
 *   <li>{@code flow.txt}: open-loop traffic as the simulator's traffic generator makes it: per host, Poisson arrivals
 *       whose mean inter-arrival gives {@code load} of the host link with the CDF's mean size (whole ns, as the
 *       generator truncates), a size from the CDF (interpolated, whole bytes, at least 1) and a destination uniform
 *       over the other hosts; from 2 s (the simulator's start) for {@code duration}; sorted by start time.</li>
 *   <li>{@code config.txt}: the simulator's {@code run.py --cc dcqcn --bw 100} settings (docs/dcqcn-profiles.md,
 *       hpcc2019; per-speed ECN 400/1600 KB at 100 G and 1600/6400 KB at 400 G, 20 %; 32 MiB buffer), or with
 *       {@code cc = hpcc} its {@code run.py --cc hp --bw 100} settings (HPCC: η 0.95, W_AI 40 Mb/s, MI_THRESH 0,
 *       fast reaction, INT_MULTI 4, its window; ACK_HIGH_PRIO 0; the same ECN and buffer).</li>
 * </ul>
 *
 * <p>Usage: {@code HpccSetup DIR CDF_FILE [load=0.3] [duration_s=0.001] [seed=1] [cc=dcqcn|hpcc]}
 */
public final class HpccSetup {
    static final int HOSTS = 320;
    static final long HOST_BPS = 100_000_000_000L;
    /** The simulator's flows start at 2 s. */
    static final long BASE_NS = 2_000_000_000L;

    private HpccSetup() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: HpccSetup DIR CDF_FILE [load=0.3] [duration_s=0.001] [seed=1] [cc=dcqcn|hpcc]");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        SizeCdf cdf = SizeCdf.read(Path.of(args[1]));
        double load = args.length > 2 ? Double.parseDouble(args[2]) : 0.3;
        double duration = args.length > 3 ? Double.parseDouble(args[3]) : 0.001;
        long seed = args.length > 4 ? Long.parseLong(args[4]) : 1;
        String cc = args.length > 5 ? args[5] : "dcqcn";
        if (!cc.equals("dcqcn") && !cc.equals("hpcc")) {
            System.err.println("HpccSetup: cc must be dcqcn or hpcc, got " + cc);
            System.exit(2);
        }
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("topology.txt"), HpccPaperFatTree.text(), StandardCharsets.UTF_8);
        int n = flows(dir.resolve("flow.txt"), cdf, load, (long) Math.round(duration * 1e9), seed);
        Files.writeString(dir.resolve("config.txt"), cc.equals("hpcc") ? hpccConfig() : config(), StandardCharsets.UTF_8);
        System.out.printf(Locale.ROOT, "wrote %s: %d hosts, %d flows (mean size %.0f B, load %.2f, %.3f ms)%n", dir, HOSTS,
                n, cdf.mean(), load, duration * 1e3);
    }

    /** Writes the flow file; returns the number of flows. */
    static int flows(Path file, SizeCdf cdf, double load, long durationNs, long seed) throws IOException {
        double meanGapNs = cdf.mean() * 8 / (HOST_BPS * load) * 1e9;
        SplittableRandom rnd = new SplittableRandom(seed);
        List<long[]> flows = new ArrayList<>();   // start ns, src, dst, size
        for (int src = 0; src < HOSTS; src++) {
            long t = BASE_NS + (long) (-Math.log(1 - rnd.nextDouble()) * meanGapNs);
            while (t <= BASE_NS + durationNs) {
                int dst = rnd.nextInt(HOSTS - 1);
                if (dst >= src) {
                    dst++;
                }
                long size = Math.max(1, (long) cdf.at(rnd.nextDouble() * 100));
                flows.add(new long[] {t, src, dst, size});
                t += (long) (-Math.log(1 - rnd.nextDouble()) * meanGapNs);
            }
        }
        flows.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(flows.size() + "\n");
            for (long[] f : flows) {
                w.write(String.format(Locale.ROOT, "%d %d 3 100 %d %d.%09d%n", f[1], f[2], f[3], f[0] / 1_000_000_000L,
                        f[0] % 1_000_000_000L));
            }
        }
        return flows.size();
    }

    /**
     * The simulator's HPCC settings at 100 Gb/s ({@code run.py --cc hp --bw 100}: ai = 10 x bw / 25 = 40 Mb/s,
     * int_multi = bw / 25 = 4, utgt 95, mi 0, has_win 1, vwin 1, us (FAST_REACT) 1, ack_prio 0), as config lines.
     */
    static String hpccConfig() {
        return String.join("\n",
                "ENABLE_QCN 1",
                "USE_DYNAMIC_PFC_THRESHOLD 1",
                "PACKET_PAYLOAD_SIZE 1000",
                "TOPOLOGY_FILE topology.txt",
                "FLOW_FILE flow.txt",
                "CC_MODE 3",
                "ALPHA_RESUME_INTERVAL 1",
                "RATE_DECREASE_INTERVAL 4",
                "CLAMP_TARGET_RATE 0",
                "RP_TIMER 300",
                "EWMA_GAIN 0.00390625",
                "FAST_RECOVERY_TIMES 1",
                "RATE_AI 40Mb/s",
                "RATE_HAI 40Mb/s",
                "MIN_RATE 1000Mb/s",
                "L2_ACK_INTERVAL 1",
                "L2_BACK_TO_ZERO 0",
                "HAS_WIN 1",
                "GLOBAL_T 1",
                "VAR_WIN 1",
                "FAST_REACT 1",
                "U_TARGET 0.95",
                "MI_THRESH 0",
                "INT_MULTI 4",
                "MULTI_RATE 0",
                "SAMPLE_FEEDBACK 0",
                "ACK_HIGH_PRIO 0",
                "KMAX_MAP 2 100000000000 1600 400000000000 6400",
                "KMIN_MAP 2 100000000000 400 400000000000 1600",
                "PMAX_MAP 2 100000000000 0.20 400000000000 0.20",
                "BUFFER_SIZE 32",
                "");
    }

    /** The simulator's DCQCN settings at 100 Gb/s (run.py --cc dcqcn --bw 100), as config lines. */
    static String config() {
        return String.join("\n",
                "ENABLE_QCN 1",
                "USE_DYNAMIC_PFC_THRESHOLD 1",
                "PACKET_PAYLOAD_SIZE 1000",
                "TOPOLOGY_FILE topology.txt",
                "FLOW_FILE flow.txt",
                "CC_MODE 1",
                "ALPHA_RESUME_INTERVAL 1",
                "RATE_DECREASE_INTERVAL 4",
                "CLAMP_TARGET_RATE 0",
                "RP_TIMER 300",
                "EWMA_GAIN 0.00390625",
                "FAST_RECOVERY_TIMES 1",
                "RATE_AI 20Mb/s",
                "RATE_HAI 200Mb/s",
                "MIN_RATE 1000Mb/s",
                "L2_ACK_INTERVAL 1",
                "L2_BACK_TO_ZERO 0",
                "HAS_WIN 0",
                "VAR_WIN 0",
                "ACK_HIGH_PRIO 1",
                "KMAX_MAP 2 100000000000 1600 400000000000 6400",
                "KMIN_MAP 2 100000000000 400 400000000000 1600",
                "PMAX_MAP 2 100000000000 0.20 400000000000 0.20",
                "BUFFER_SIZE 32",
                "") ;
    }
}
