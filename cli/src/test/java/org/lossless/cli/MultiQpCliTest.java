package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A flow spread over several queue pairs ({@code qps}) through the real command line. */
class MultiQpCliTest {
    /** 64,000 B = 63 packets at MTU 1024 over 4 QPs (16, 16, 16, 15 packets); DCQCN (the default cc). */
    static final String SCENARIO = """
            name: qps
            topology: {type: star, hosts: 3, host_link: {rate: 100Gbps, delay: 1us}}
            workloads:
              - type: flows
                flows: [{src: 1, dst: 0, size: 64000, qps: 4}, {src: 2, dst: 0, size: 4KB}]
            telemetry: {sample_interval: 1us, queues: none, flow_rates: all}
            """;

    @TempDir
    Path cwd;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    int lossless(String... args) {
        return InProcessCli.run(cwd, out, err, args);
    }

    @Test
    void oneRowPerFlowTheResolvedFileKeepsQpsAndRatesAddUp() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), SCENARIO);
        assertEquals(0, lossless("run", "s.yaml", "--out", "r"), err::toString);
        List<String> flows = Files.readAllLines(cwd.resolve("r/flows.csv"));
        assertEquals(3, flows.size(), flows::toString);
        assertTrue(flows.get(1).startsWith("0,flows-0,1,0,3,64000,0,"), flows.get(1));
        assertTrue(flows.get(2).startsWith("1,flows-0,2,0,3,4000,0,"), flows.get(2));
        String resolved = Files.readString(cwd.resolve("r/scenario.resolved.yaml"));
        assertTrue(resolved.contains("qps: 4"), resolved);
        // at 1 us no CNP can have come back (one way is already 1 us + 2 serializations): each of flow 0's
        // four QPs runs at its reaction point's initial rate, the 100 Gb/s line rate; flow 1 has one QP
        List<String> rates = Files.readAllLines(cwd.resolve("r/timeseries/rates.csv"));
        assertTrue(rates.contains("1000000,0,400000000000,0"), rates.subList(0, Math.min(6, rates.size())).toString());
        assertTrue(rates.contains("1000000,1,100000000000,0"), rates.subList(0, Math.min(6, rates.size())).toString());
    }

    @Test
    void hpccExportWarnsThatQpsIsLost() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), SCENARIO);
        assertEquals(0, lossless("export", "hpcc", "s.yaml", "--out", "h"), err::toString);
        assertEquals("lossless: warning: 1 flow(s) with qps > 1 exported as one QP each (HPCC's flow file has no QP "
                + "count)\n", err.toString());
    }

    @Test
    void badQpsIsBadInputNamingTheKeyPath() throws IOException {
        for (String[] c : new String[][] {
            {"0", "0 is out of range: expected an integer from 1 to 64"},
            {"65", "65 is out of range: expected an integer from 1 to 64"},
            {"x", "expected an integer from 1 to 64, got 'x'"}}) {
            Files.writeString(cwd.resolve("s.yaml"), SCENARIO.replace("qps: 4", "qps: " + c[0]));
            err.getBuffer().setLength(0);
            assertEquals(2, lossless("run", "s.yaml", "--out", "r"));
            assertEquals("lossless: s.yaml: workloads[0].flows[0].qps: " + c[1] + "\n", err.toString());
            assertFalse(Files.exists(cwd.resolve("r")));
        }
    }
}
