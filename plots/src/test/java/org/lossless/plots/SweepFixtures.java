package org.lossless.plots;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Hand-made sweep directories whose answers can be worked out on paper.
 *
 * <p>{@link #study}: a what-if over {@code switch.ecn.kmin} (100KB, 200KB) x {@code switch.pfc.dynamic_th}
 * (-3, -1), seeds 1 and 2, an all-reduce job {@code ar} and an incast workload. Points A (100KB, -3),
 * B (100KB, -1), C (200KB, -3), D (200KB, -1):
 * <ul>
 * <li>busbw of ar (GB/s): A 10, 12; B 20, 22; C 14, 16; D 30, 26.</li>
 * <li>B's seed 1 dropped 3 packets on lossless priority 3 (ports.csv), every other run none.</li>
 * <li>D's seed 2 stopped at stop_time with unfinished flows: its incast p99 over finished flows is 10, the
 * censored p99 40 (seed 1: 18 both).</li>
 * </ul>
 * So the highest busbw with no lossless drop, truncated points left out, is C (mean 15); D's incast p99 mean is
 * (18 + 40) / 2 = 29 when the censored value stands for the truncated run.
 */
public final class SweepFixtures {
    public static final String KMIN = "switch.ecn.kmin";
    public static final String DTH = "switch.pfc.dynamic_th";
    /** Columns after the varied keys: bookkeeping, cost, then the study's figures. */
    static final String HEADER = "point," + KMIN + "," + DTH + ",replication,seed,run_dir,sim_time_ps,wall_seconds,"
            + "cpu_seconds,events,peak_heap_bytes,stopped_by,flows.total,flows.completed,flows.unfinished,"
            + "fct_slowdown.p50,fct_slowdown.p99,fct_slowdown_censored.p99,"
            + "workloads.incast.fct_slowdown.p50,workloads.incast.fct_slowdown.p99,"
            + "workloads.incast.fct_slowdown_censored.p99,workloads.ar.fct_slowdown.p50,workloads.ar.fct_slowdown.p99,"
            + "pfc.pause_frames,pfc.paused_ps,pfc.deadlock,pfc.propagation.max_depth,drops.packets,ecn.marked_packets,"
            + "jobs.ar.hosts,jobs.ar.size_bytes,jobs.ar.duration_ps,jobs.ar.busbw_GBps";

    private SweepFixtures() {
    }

    public static Path study(Path dir) throws IOException {
        Files.createDirectories(dir);
        // point, kmin, dth, seed, stopped_by, unfinished, incast p99, incast censored p99, busbw, lossless drops,
        // paused_ps, ecn marks, sim_time_ps, events
        Object[][] runs = {
            {"A", "100KB", "-3", 1, "done", 0, 30, 30, 10, 0, 4_000_000, 500, 2_000_000_000L, 100_000},
            {"A", "100KB", "-3", 2, "done", 0, 32, 32, 12, 0, 5_000_000, 520, 2_100_000_000L, 110_000},
            {"B", "100KB", "-1", 1, "done", 0, 20, 20, 20, 3, 1_000_000, 700, 1_900_000_000L, 120_000},
            {"B", "100KB", "-1", 2, "done", 0, 22, 22, 22, 0, 1_500_000, 720, 1_950_000_000L, 125_000},
            {"C", "200KB", "-3", 1, "done", 0, 25, 25, 14, 0, 6_000_000, 300, 2_200_000_000L, 90_000},
            {"C", "200KB", "-3", 2, "done", 0, 27, 27, 16, 0, 7_000_000, 310, 2_300_000_000L, 95_000},
            {"D", "200KB", "-1", 1, "done", 0, 18, 18, 30, 0, 2_000_000, 400, 1_800_000_000L, 130_000},
            {"D", "200KB", "-1", 2, "stop_time", 2, 10, 40, 26, 0, 3_000_000, 410, 5_000_000_000L, 300_000},
        };
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (Object[] r : runs) {
            String point = "kmin=" + r[1] + "_dynamic_th=" + r[2];
            String runDir = "points/" + point + "/" + r[3];
            int unfinished = (int) r[5];
            csv.append(String.join(",", List.of(point, (String) r[1], (String) r[2], String.valueOf((int) r[3] - 1),
                    String.valueOf(r[3]), runDir, String.valueOf(r[12]), "0.5", "0.4", String.valueOf(r[13]),
                    "50000000", (String) r[4], "20", String.valueOf(20 - unfinished), String.valueOf(unfinished),
                    "1.5", String.valueOf(r[6]), String.valueOf(r[7]), "2.0", String.valueOf(r[6]),
                    String.valueOf(r[7]), "1.2", "3.5", "12", String.valueOf(r[10]), "false", "1", String.valueOf(r[9]),
                    String.valueOf(r[11]), "4", "4000000", String.valueOf(Math.round(4e6 * 1.5 / (double) (int) r[8]
                    * 1e3)), String.valueOf(r[8])))).append('\n');
            run(dir.resolve(runDir), (int) r[9]);
        }
        Files.writeString(dir.resolve("sweep.csv"), csv.toString());
        return dir;
    }

    /** A run directory: summary.json naming the job's type, ports.csv with {@code drops} on priority 3. */
    static void run(Path dir, int drops) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("summary.json"), """
                {"name": "study", "seed": 1, "sim_time_ps": 2000000000,
                 "jobs": [{"job": "ar", "type": "allreduce", "hosts": 4, "size_bytes": 4000000}]}
                """);
        Files.writeString(dir.resolve("ports.csv"), """
                node,port,peer,priority,rate_bps,tx_bytes,tx_packets,drops,ecn_marked,pause_tx,pause_rx,paused_ps,max_queue_bytes
                h1,0,sw0,3,100000000000,50000,50,0,0,0,3,2000000,900000
                sw0,0,h0,3,100000000000,100000,100,%d,5,0,0,0,250000
                sw0,0,h0,0,100000000000,100000,100,7,0,0,0,0,120000
                """.formatted(drops));
        Files.writeString(dir.resolve("scenario.resolved.yaml"), """
                name: study
                topology: {type: star, hosts: 4, host_link: {rate: 100Gbps, delay: 1us}}
                switch:
                  pfc: {enabled: true, priorities: [3], dynamic_th: -3}
                workloads:
                  - {type: allreduce, name: ar, size: 4MB, hosts: [0, 1, 2, 3]}
                  - {type: incast, name: incast, receiver: 0, senders: [1, 2, 3], size: 100KB}
                """);
    }

    /**
     * A capacity-planning sweep over {@code workloads[0].hosts} = 8, 16, 32, 64, 128 (one seed): a 64 MB ring
     * all-reduce {@code ar} on 100 Gb/s hosts with busbw 11, 10.5, 10, 9, 8 GB/s. Each run's jobs.csv gives the ideal
     * (as a run writes it): busbw at the line rate, 12.5 GB/s; time 64 MB x 2(n-1)/n / 12.5 GB/s: 8.96 ms at 8 hosts,
     * 10.16 ms at 128.
     */
    public static Path scaling(Path dir) throws IOException {
        Files.createDirectories(dir);
        int[] hosts = {8, 16, 32, 64, 128};
        double[] busbw = {11, 10.5, 10, 9, 8};
        StringBuilder csv = new StringBuilder("point,workloads[0].hosts,replication,seed,run_dir,sim_time_ps,"
                + "jobs.ar.hosts,jobs.ar.size_bytes,jobs.ar.duration_ps,jobs.ar.busbw_GBps\n");
        for (int i = 0; i < hosts.length; i++) {
            int n = hosts[i];
            long duration = Math.round(64e6 * 2 * (n - 1) / n / busbw[i] * 1e3);
            String runDir = "points/hosts=" + n + "/1";
            csv.append("hosts=" + n + "," + n + ",0,1," + runDir + "," + duration + "," + n + ",64000000," + duration
                    + "," + busbw[i] + "\n");
            Path run = dir.resolve(runDir);
            Files.createDirectories(run);
            Files.writeString(run.resolve("summary.json"), "{\"name\": \"scale\", \"sim_time_ps\": " + duration
                    + ", \"jobs\": [{\"job\": \"ar\", \"type\": \"allreduce\"}]}\n");
            Files.writeString(run.resolve("ports.csv"), "node,port,peer,priority,rate_bps,tx_bytes,tx_packets,drops,"
                    + "ecn_marked,pause_tx,pause_rx,paused_ps,max_queue_bytes\n"
                    + "h0,0,sw0,3,100000000000,1000,1,0,0,0,0,0,0\nsw0,0,h0,3,400000000000,1000,1,0,0,0,0,0,0\n");
            long ideal = Math.round(64e6 * 2 * (n - 1) / n / 12.5 * 1e3);
            Files.writeString(run.resolve("jobs.csv"), "job,iteration,type,hosts,size_bytes,start_ps,finish_ps,"
                    + "duration_ps,algbw_GBps,busbw_GBps,ideal_duration_ps,ideal_algbw_GBps,ideal_busbw_GBps\n"
                    + "ar,0,allreduce," + n + ",64000000,0," + duration + "," + duration + ",1," + busbw[i] + "," + ideal
                    + ",1,12.5\n");
        }
        Files.writeString(dir.resolve("sweep.csv"), csv.toString());
        return dir;
    }
}
