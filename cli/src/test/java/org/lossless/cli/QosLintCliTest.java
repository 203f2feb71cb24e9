package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The QoS-mapping lint through the command line: check, check --strict and run. */
class QosLintCliTest {
    /**
     * A broken map: the training job is lossless at its NIC (priority 3) but marked DSCP 10, which the switches map
     * to traffic class 1, without PFC. The lint must name the first hop (h0 -> leaf0) and the key paths.
     */
    static final String BROKEN = """
            name: broken
            stop_time: 20us
            topology: {type: leaf-spine, leaves: 2, spines: 1, hosts_per_leaf: 2}
            switch:
              pfc: {enabled: true, priorities: [3]}
              qos_map: {dscp_to_tc: {26: 3, 10: 1, 48: 6}}
            workloads:
              - type: flows
                name: training
                flows: [{src: 0, dst: 3, size: 10KB, priority: 3, dscp: 10}]
            """;

    @TempDir
    Path cwd;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    int lossless(String... args) {
        return InProcessCli.run(cwd, out, err, args);
    }

    @Test
    void checkWarnsNamingTheHopAndStrictFailsWithStatus2() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), BROKEN);
        assertEquals(0, lossless("check", "s.yaml"), err::toString);
        String warning = "lossless: warning: QoS mapping: workloads[0].flows[0] (priority 3, DSCP 10): hop NIC -> switch "
                + "(h0 -> leaf0): lossless at the NIC (priority 3 is in switch.pfc.priorities) but "
                + "switch.qos_map.dscp_to_tc.10 puts DSCP 10 on traffic class 1, which has no PFC";
        assertTrue(err.toString().startsWith(warning), err.toString());
        assertTrue(out.toString().contains("# warning: QoS mapping: workloads[0].flows[0]"), "also as a comment");
        err.getBuffer().setLength(0);
        out.getBuffer().setLength(0);
        assertEquals(2, lossless("check", "s.yaml", "--strict"));
        assertTrue(err.toString().startsWith(warning), err.toString());
        assertTrue(err.toString().endsWith("lossless: check --strict: s.yaml has 1 warning (above)\n"), err.toString());
    }

    @Test
    void aConsistentMapPassesStrictAndRunPrintsTheWarningToo() throws IOException {
        Files.writeString(cwd.resolve("ok.yaml"), BROKEN.replace("dscp: 10", "dscp: 26"));
        assertEquals(0, lossless("check", "ok.yaml", "--strict"), err::toString);
        assertEquals("", err.toString());
        Files.writeString(cwd.resolve("s.yaml"), BROKEN);
        assertEquals(0, lossless("run", "s.yaml", "--out", "r"), err::toString);
        assertTrue(err.toString().contains("lossless: warning: QoS mapping: workloads[0].flows[0]"), err.toString());
    }

    @Test
    void hpccExportWarnsThatTheDscpIsLost() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), BROKEN);
        assertEquals(0, lossless("export", "hpcc", "s.yaml", "--out", "h"), err::toString);
        assertTrue(err.toString().contains("lossless: warning: 1 flow(s) marked with a DSCP other than 8 x priority "
                + "exported with their priority only"), err.toString());
        err.getBuffer().setLength(0);
        Files.writeString(cwd.resolve("d.yaml"), BROKEN.replace("dscp: 10", "dscp: 24"));
        assertEquals(0, lossless("export", "hpcc", "d.yaml", "--out", "h2"), err::toString);
        assertEquals("", err.toString(), "the default marking of priority 3 loses nothing");
    }
}
