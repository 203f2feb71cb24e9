package org.lossless.plots;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.lossless.experiments.results.ResultMarker;

/**
 * Small hand-made result directories for chart and report tests. The run: a star of 3 hosts (h0..h2 on sw0,
 * 100 Gb/s), 10 µs simulated, h1 and h2 sending to h0; every number below is chosen by hand so tests can
 * compute their expectations on paper.
 */
public final class Fixtures {
    public static final long SIM_PS = 10_000_000L; // 10 µs

    private Fixtures() {
    }

    public static Path run(Path dir) throws IOException {
        Files.createDirectories(dir.resolve("timeseries"));
        put(dir, "summary.json", """
                {"name": "tiny", "seed": 1, "engine": "packet", "version": "test",
                 "sim_time_ps": 10000000, "wall_seconds": 0.1, "events": 1000,
                 "flows": {"total": 4, "completed": 3, "bytes_delivered": 3000},
                 "fct_slowdown": {"p50": 2.0, "p95": 4.0, "p99": 4.0, "max": 4.0},
                 "pfc": {"pause_frames": 6, "paused_ps": 3000000, "deadlock": false,
                         "propagation": {"root_pauses": 2, "propagated_pauses": 1, "max_depth": 2}},
                 "drops": {"packets": 2, "bytes": 2000},
                 "ecn": {"marked_packets": 5}, "cnp": {"sent": 3}, "jobs": []}
                """);
        // flow 3 unfinished; slowdowns 1, 2, 4 (workload a: 1 and 2, workload b: 4)
        put(dir, "flows.csv", """
                flow_id,workload,src,dst,priority,size_bytes,start_ps,finish_ps,fct_ps,ideal_fct_ps,slowdown,retransmits,cnps
                0,a,1,0,3,1000,0,1000000,1000000,1000000,1.000000,0,0
                1,a,2,0,3,2000,0,4000000,4000000,2000000,2.000000,0,2
                2,b,1,0,3,4000,0,8000000,8000000,2000000,4.000000,0,1
                3,b,2,0,3,8000,0,,,3000000,,0,0
                """);
        // 100 Gb/s for 10 µs is 125,000 B: sw0:0 -> h0 sends 100,000 B (80 %), h1 and h2 50,000 B (40 %), sw0:1 1 %
        put(dir, "ports.csv", """
                node,port,peer,priority,rate_bps,tx_bytes,tx_packets,drops,ecn_marked,pause_tx,pause_rx,paused_ps,max_queue_bytes
                h1,0,sw0,3,100000000000,50000,50,0,0,0,3,2000000,0
                h2,0,sw0,3,100000000000,50000,50,0,0,0,3,1000000,0
                sw0,0,h0,3,100000000000,100000,100,2,5,0,0,0,50000
                sw0,1,h1,3,100000000000,1250,10,0,0,3,0,0,1000
                sw0,2,h2,3,100000000000,0,0,0,0,3,0,0,0
                """);
        // alone each iteration takes 1 us: algbw and busbw 10 GB/s (2 ranks: busbw factor 1)
        put(dir, "jobs.csv", """
                job,iteration,type,hosts,size_bytes,start_ps,finish_ps,duration_ps,algbw_GBps,busbw_GBps,\
                ideal_duration_ps,ideal_algbw_GBps,ideal_busbw_GBps
                ar,0,allreduce,2,10000,0,4000000,4000000,2.5,2.5,1000000,10,10
                ar,1,allreduce,2,10000,4000000,6000000,2000000,5,5,1000000,10,10
                """);
        // episode 0 root at sw0:1 (pausing h1), 1 propagated from 0 at sw0:2, 2 a root still open at the end
        put(dir, "pause_graph.csv", """
                id,time_ps,end_ps,node,port,priority,peer,peer_port,cause,cause_port,cause_peer,queued_bytes,caused_by,caused_by_node,caused_by_port,depth
                0,1000000,3000000,sw0,1,3,h1,0,congestion,0,h0,40000,,,,1
                1,2000000,3000000,sw0,2,3,h2,0,propagated,0,h0,30000,0,sw0,1,2
                2,9000000,,sw0,1,3,h1,0,congestion,0,h0,40000,,,,1
                """);
        put(dir, "pfcwd.csv", """
                node,port,priority,start_ps,end_ps,action,dropped_packets,dropped_bytes
                sw0,0,3,5000000,6000000,drop,2,2000
                """);
        // the switch queues' levels: ECN 100 KB / 400 KB; XOFF with one ingress at 300,000 B (chosen, not probed)
        put(dir, "thresholds.csv", """
                node,port,priority,rate_bps,ecn_kmin_bytes,ecn_kmax_bytes,xoff_bytes
                sw0,0,3,100000000000,100000,400000,300000
                sw0,1,3,100000000000,100000,400000,300000
                sw0,2,3,100000000000,100000,400000,300000
                """);
        // sampled every 1 µs; sw0:0/3 empty (not written) from 3 to 6 µs
        put(dir, "timeseries/queues.csv", """
                time_ps,node,port,priority,bytes
                1000000,sw0,0,3,10000
                2000000,sw0,0,3,50000
                3000000,sw0,0,3,0
                7000000,sw0,0,3,20000
                8000000,sw0,0,3,0
                1000000,sw0,1,3,1000
                2000000,sw0,1,3,0
                """);
        put(dir, "timeseries/rates.csv", """
                time_ps,flow_id,rate_bps,cnps
                0,1,100000000000,0
                1000000,1,50000000000,1
                2000000,1,50000000000,1
                3000000,1,25000000000,2
                0,2,100000000000,0
                1000000,2,100000000000,0
                """);
        // sw0:0: 12,500 B in each of the first 5 µs (100 % of 100 Gb/s over 1 µs); h1:0: 6,250 B at 1 µs (50 %)
        put(dir, "timeseries/links.csv", """
                time_ps,node,port,tx_bytes
                1000000,sw0,0,12500
                1000000,h1,0,6250
                2000000,sw0,0,12500
                3000000,sw0,0,12500
                4000000,sw0,0,12500
                5000000,sw0,0,12500
                """);
        put(dir, "scenario.resolved.yaml", """
                name: tiny
                seed: 1
                stop_time: 10us
                topology:
                  type: star
                  hosts: 3
                  host_link: {rate: 100Gbps, delay: 1us}
                switch:
                  buffer_size: 4MB
                  pfc: {enabled: true, priorities: [3], dynamic_th: -3, headroom: auto, xon_offset: 2KB}
                  ecn: {enabled: true, kmin: 100KB, kmax: 400KB, pmax: 0.2, mark_on: dequeue}
                nic: {mtu: 1024, cc: dcqcn, dcqcn: {profile: mlx5}}
                workloads:
                  - type: flows
                    name: a
                    flows: [{src: 1, dst: 0, size: 1000}, {src: 2, dst: 0, size: 2000}]
                  - type: flows
                    name: b
                    flows: [{src: 1, dst: 0, size: 4000}, {src: 2, dst: 0, size: 8000}]
                telemetry: {sample_interval: 1us, queues: all, flow_rates: all}
                """);
        // the fabric the run built: host i on sw0's port i; PFC protects priority 3, ECN on
        put(dir, "fabric.json", """
                {"format": 1, "stop_time_ps": 10000000, "sample_interval_ps": 1000000, "ecn": true,
                 "lossless_priorities": [3], "watched_queues": "all",
                 "topology": {"type": "star",
                   "nodes": [{"name": "h0", "tier": 0, "host": true}, {"name": "h1", "tier": 0, "host": true},
                             {"name": "h2", "tier": 0, "host": true}, {"name": "sw0", "tier": 1, "host": false}],
                   "cables": [
                     {"a": "h0", "a_port": 0, "b": "sw0", "b_port": 0, "rate_bps": 100000000000, "delay_ps": 1000000},
                     {"a": "h1", "a_port": 0, "b": "sw0", "b_port": 1, "rate_bps": 100000000000, "delay_ps": 1000000},
                     {"a": "h2", "a_port": 0, "b": "sw0", "b_port": 2, "rate_bps": 100000000000, "delay_ps": 1000000}]}}
                """);
        put(dir, "warnings.json", """
                {"format": 1, "findings": []}
                """);
        // the marker a run of this version writes, listing what it wrote
        try (var names = Files.list(dir)) {
            new ResultMarker("run", "test", names.map(p -> p.getFileName().toString())
                    .collect(java.util.stream.Collectors.toSet())).write(dir);
        }
        return dir;
    }

    /**
     * A sweep over kmin (100KB, 200KB) x profile (mlx5, paper2015), two seeds each: p99 slowdown values chosen
     * so the means and intervals are easy by hand (seeds differ by 2, so s = sqrt(2), half-width = t(0.975, 1)).
     */
    public static Path sweep(Path dir) throws IOException {
        Files.createDirectories(dir.resolve("points"));
        put(dir, "sweep.csv", """
                switch.ecn.kmin,nic.dcqcn.profile,seed,fct_slowdown.p99,pfc.pause_frames,flows.completed
                100KB,mlx5,1,3,10,4
                100KB,mlx5,2,5,12,4
                200KB,mlx5,1,5,20,4
                200KB,mlx5,2,7,22,4
                100KB,paper2015,1,2,30,4
                100KB,paper2015,2,4,32,4
                200KB,paper2015,1,4,40,4
                200KB,paper2015,2,6,42,4
                """);
        run(dir.resolve("points/p0/1"));
        return dir;
    }

    static void put(Path dir, String name, String text) throws IOException {
        Files.writeString(dir.resolve(name), text);
    }
}
