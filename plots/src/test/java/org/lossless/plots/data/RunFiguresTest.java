package org.lossless.plots.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Lossless drops count only the priorities the run's resolved scenario made lossless. */
class RunFiguresTest {
    static final String PORTS = """
            node,port,peer,priority,rate_bps,tx_bytes,tx_packets,drops,ecn_marked,pause_tx,pause_rx,paused_ps,max_queue_bytes
            sw0,0,h0,3,100000000000,1,1,4,0,0,0,0,1000
            sw0,1,h1,4,100000000000,1,1,5,0,0,0,0,3000
            sw0,1,h1,0,100000000000,1,1,6,0,0,0,0,2000
            h2,0,sw0,3,100000000000,1,1,0,0,0,0,0,9000
            """;
    @TempDir
    Path tmp;

    Map<String, String> figures(String switchYaml) throws IOException {
        Files.writeString(tmp.resolve("ports.csv"), PORTS);
        if (switchYaml != null) {
            Files.writeString(tmp.resolve("scenario.resolved.yaml"), "name: x\ntopology: {type: star, hosts: 3}\n"
                    + switchYaml + "workloads:\n  - {type: flows, flows: [{src: 1, dst: 0, size: 1MB}]}\n");
        }
        return RunFigures.of(tmp);
    }

    @Test
    void dropsOnTheLosslessPrioritiesOnly() throws IOException {
        // priorities 3 and 4 lossless: 4 + 5; the 6 on priority 0 are a lossy class's
        assertEquals("9", figures("switch:\n  pfc: {enabled: true, priorities: [3, 4]}\n").get(RunFigures.LOSSLESS_DROPS));
        // the largest switch queue, 3000 B; the host's 9000 B is its NIC's
        assertEquals("3000", figures("switch:\n  pfc: {priorities: [3]}\n").get(RunFigures.HIGH_WATER));
    }

    @Test
    void withPfcOffNothingIsLosslessAndWithoutTheScenarioNothingIsClaimed() throws IOException {
        assertEquals("0", figures("switch:\n  pfc: {enabled: false, priorities: [3]}\n").get(RunFigures.LOSSLESS_DROPS));
        Files.deleteIfExists(tmp.resolve("scenario.resolved.yaml"));
        assertEquals(null, figures(null).get(RunFigures.LOSSLESS_DROPS));
    }
}
