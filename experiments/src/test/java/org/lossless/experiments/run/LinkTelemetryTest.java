package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.results.ResultsWriter;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;

/**
 * timeseries/links.csv (bytes per port per sample interval) and the cnps column of rates.csv: a 2-to-1
 * incast of 1 MB each at 100 Gb/s, sampled every 1 µs.
 */
class LinkTelemetryTest {
    @TempDir
    static Path dir;
    static List<String[]> links;
    static List<String[]> rates;
    static List<String[]> ports;
    static List<String[]> flows;

    @BeforeAll
    static void run() throws IOException {
        Scenario s = ScenarioLoader.parse("t.yaml", """
                name: links
                topology: {type: star, hosts: 3, host_link: {rate: 100Gbps, delay: 1us}}
                switch: {buffer_size: 4MB, ecn: {kmin: 20KB, kmax: 80KB, pmax: 0.2}}
                nic: {mtu: 1024, cc: dcqcn, dcqcn: {profile: mlx5}}
                workloads:
                  - type: flows
                    flows: [{src: 1, dst: 0, size: 1MB}, {src: 2, dst: 0, size: 1MB}]
                telemetry: {sample_interval: 1us, queues: none, flow_rates: all}
                """, dir, List.of());
        Path out = dir.resolve("r");
        ResultsWriter.runAndWrite(out, s, new ScenarioEngine());
        links = read(out.resolve("timeseries/links.csv"), "time_ps,node,port,tx_bytes");
        rates = read(out.resolve("timeseries/rates.csv"), "time_ps,flow_id,rate_bps,cnps");
        ports = read(out.resolve("ports.csv"), null);
        flows = read(out.resolve("flows.csv"), null);
    }

    static List<String[]> read(Path f, String header) throws IOException {
        List<String> lines = Files.readAllLines(f);
        if (header != null) {
            assertEquals(header, lines.get(0));
        }
        List<String[]> rows = new ArrayList<>();
        lines.subList(1, lines.size()).forEach(l -> rows.add(l.split(",", -1)));
        return rows;
    }

    @Test
    void rowsOfAPortAddUpToItsTotalInPortsCsv() {
        Map<String, Long> fromLinks = new HashMap<>();
        links.forEach(r -> fromLinks.merge(r[1] + ":" + r[2], Long.parseLong(r[3]), Long::sum));
        Map<String, Long> fromPorts = new HashMap<>();
        ports.forEach(r -> fromPorts.merge(r[0] + ":" + r[1], Long.parseLong(r[5]), Long::sum));
        assertEquals(fromPorts, fromLinks);
    }

    @Test
    void anIdleIntervalHasNoRow() {
        assertTrue(links.stream().noneMatch(r -> r[3].equals("0")), "a row says bytes were sent");
    }

    @Test
    void noIntervalCarriesMoreThanTheLineRatePlusOneFrame() {
        long perMicrosecond = 100_000_000_000L / 8 / 1_000_000; // 12,500 B
        for (String[] r : links) {
            assertTrue(Long.parseLong(r[3]) <= perMicrosecond + 1200, String.join(",", r));
        }
    }

    @Test
    void withoutCongestionControlTheBottleneckIsBusyWhileBothFlowsSend() throws IOException {
        // nic.cc none: both senders at line rate into one port, so sw0:0 (to h0) has a standing queue and sends
        // at line rate from the first arrival to the end (PFC pauses the senders, never sw0:0): 2 MB in 160 µs
        Scenario s = ScenarioLoader.parse("t.yaml", """
                name: links-nocc
                topology: {type: star, hosts: 3, host_link: {rate: 100Gbps, delay: 1us}}
                switch: {buffer_size: 4MB}
                nic: {mtu: 1024, cc: none}
                workloads:
                  - type: flows
                    flows: [{src: 1, dst: 0, size: 1MB}, {src: 2, dst: 0, size: 1MB}]
                telemetry: {sample_interval: 1us, queues: none}
                """, dir, List.of());
        Path out = dir.resolve("nocc");
        ResultsWriter.runAndWrite(out, s, new ScenarioEngine());
        List<String[]> rows = read(out.resolve("timeseries/links.csv"), "time_ps,node,port,tx_bytes");
        assertTrue(rows.stream().noneMatch(r -> r[3].equals("0")), "a row says bytes were sent");
        List<Long> busy = new ArrayList<>();
        rows.stream().filter(r -> r[1].equals("sw0") && r[2].equals("0")).forEach(r -> busy.add(Long.parseLong(r[3])));
        busy.sort(null);
        assertTrue(busy.size() > 100, "about 170 µs of transfer: " + busy.size());
        assertTrue(busy.get(busy.size() / 2) >= 12_500 * 95 / 100, "median " + busy.get(busy.size() / 2));
    }

    @Test
    void cnpCountsGrowAndEndAtMostAtTheFlowsTotal() {
        Map<String, Long> last = new HashMap<>();
        for (String[] r : rates) {
            long c = Long.parseLong(r[3]);
            assertTrue(c >= last.getOrDefault(r[1], 0L), "non-decreasing for flow " + r[1]);
            last.put(r[1], c);
        }
        long marked = 0;
        for (String[] f : flows) {
            long total = Long.parseLong(f[12]);
            assertTrue(last.getOrDefault(f[0], 0L) <= total);
            marked += total;
        }
        assertTrue(marked > 0, "the incast makes CNPs");
        assertTrue(last.values().stream().mapToLong(Long::longValue).sum() > 0, "and rates.csv shows them");
    }
}
