package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.experiments.scenario.TelemetryConfig;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.Topology;

/** {@code timeseries/pfc.csv}: one row per XOFF/XON a switch sends. */
class PfcLogTest {
    private static final long G40 = 40_000_000_000L;

    @Nested
    class Rows {
        /**
         * The line of {@code validation.PauseTimingTest} (h0 -40G- sw0 -40G- sw1 -10G- h1, 100 ns cables,
         * static threshold 10 frames): sw1 pauses sw0 at 3,236,000 ps and resumes it at 5,845,600 ps on its
         * port 0 (the cable to sw0), as computed by hand there.
         */
        @Test
        void pausesAndResumesInEventOrderWithTheHandComputedFirstPair() {
            Topology.Builder b = Topology.builder("line");
            int h0 = b.addHost("h0");
            int h1 = b.addHost("h1");
            int sw0 = b.addSwitch("sw0", 1);
            int sw1 = b.addSwitch("sw1", 1);
            b.connect(h0, sw0, G40, 100_000);
            b.connect(sw0, sw1, G40, 100_000);
            b.connect(sw1, h1, 10_000_000_000L, 100_000);
            Topology t = b.build();
            PfcSettings pfc = new PfcSettings(true, List.of(3), null, 10_620L, null, null, null, null, null, null, null,
                    null, null, null);
            SwitchSettings s = new SwitchSettings(null, null, null, null, pfc, null, null, null,
                    new EcnSettings(false, null, null, null, null), null);
            EngineInput in = new EngineInput(t, NicConfig.builder().mtu(1000).ackEvery(1).build(), s,
                    List.of(new FlowSpec("f", 0, 1, 200_000, 0, 3)), 5_000_000_000L, 1);
            StringWriter csv = new StringWriter();
            List<String> seen = new ArrayList<>();
            TelemetryConfig config = new TelemetryConfig(1_000_000, TelemetryConfig.Selection.nothing(),
                    TelemetryConfig.Selection.nothing(), true);
            RunResult r = new PacketEngine().run(in, new PacketEngine.Telemetry(config, null, null, csv),
                    (sim, net, flows) -> net.switchAt(t.nodeId("sw1")).observePfc(
                            (time, node, port, prio, pause) -> seen.add(time + "," + node + "," + port)));
            String[] lines = csv.toString().split("\n");
            assertEquals("time_ps,node,port,priority,event", lines[0]);
            assertEquals("3236000,sw1,0,3,pause", lines[1]);
            // sw0 in turn pauses h0 once 10 frames wait for the paused port toward sw1
            assertTrue(lines[2].matches("\\d+,sw0,0,3,pause"), lines[2]);
            // XON at 11,039,200: sw0 obeys the PAUSE after its 1,510,400 ps response time (118 quanta at 40 G), so
            // packets 14-20 reach sw1's headroom and drain first (PauseTimingTest computes it by hand)
            assertEquals("11039200,sw1,0,3,resume", lines[3]);
            long previous = 0;
            int pauses = 0;
            int resumes = 0;
            int sw1Rows = 0;
            for (int i = 1; i < lines.length; i++) {
                String[] f = lines[i].split(",");
                assertEquals(5, f.length, lines[i]);
                long time = Long.parseLong(f[0]);
                assertTrue(time >= previous, "rows in time order");
                previous = time;
                if (f[4].equals("pause")) {
                    pauses++;
                } else {
                    assertEquals("resume", f[4]);
                    resumes++;
                }
                sw1Rows += f[1].equals("sw1") ? 1 : 0;
            }
            assertEquals(pauses, resumes, "the run drained: every pause was resumed");
            assertEquals(seen.size(), sw1Rows, "a second observer sees the same decisions");
            long pauseTx = r.ports().stream().filter(p -> p.node().startsWith("sw")).mapToLong(PortResult::pauseTx).sum();
            assertEquals(pauses + resumes, pauseTx, "no refresh in this short run: one frame per row");
        }
    }

    @Nested
    class Files_ {
        private static final String SCENARIO = """
                name: pfc-log
                stop_time: 5ms
                topology: {type: star, hosts: 3, host_link: {rate: 100Gbps, delay: 1us}}
                switch: {buffer_size: 2MB}
                nic: {cc: none}
                workloads:
                  - type: flows
                    flows: [{src: 1, dst: 0, size: 10MB}, {src: 2, dst: 0, size: 10MB}]
                telemetry: {queues: none%s}
                """;

        @Test
        void writtenByDefault(@TempDir Path dir) throws IOException {
            Path out = run(dir, "");
            List<String> lines = Files.readAllLines(out.resolve("timeseries/pfc.csv"));
            assertEquals("time_ps,node,port,priority,event", lines.get(0));
            assertTrue(lines.size() > 2, "a 2-to-1 incast of 10 MB each without congestion control fills the thresholds");
            assertTrue(lines.get(1).matches("\\d+,sw0,[12],3,pause"), lines.get(1));
            assertFalse(Files.exists(out.resolve("timeseries/queues.csv")));
        }

        @Test
        void offWithPfcFalse(@TempDir Path dir) throws IOException {
            Path out = run(dir, ", pfc: false");
            assertFalse(Files.exists(out.resolve("timeseries/pfc.csv")));
        }

        private Path run(Path dir, String extra) throws IOException {
            Path file = dir.resolve("s.yaml");
            Files.writeString(file, SCENARIO.formatted(extra));
            Scenario s = ScenarioLoader.load(file);
            Path out = dir.resolve("out");
            Files.createDirectories(out);
            new ScenarioEngine().run(s, out);
            return out;
        }
    }
}
