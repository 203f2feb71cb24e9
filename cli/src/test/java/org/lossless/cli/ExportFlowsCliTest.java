package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lossless export flows}: the messages a run sends, as CSV and JSON, through the real command line. */
class ExportFlowsCliTest {
    static final String SCENARIO = """
            name: conn
            topology: {type: star, hosts: 3, host_link: {rate: 100Gbps, delay: 1us}}
            workloads:
              - type: flows
                name: w
                flows:
                  - {src: 1, dst: 0, size: 64000, qps: 4, connection: a}
                  - {src: 1, dst: 0, size: 4KB, start: 3us, qps: 4, connection: a}
                  - {src: 2, dst: 0, size: 1MB, start: 1us}
            """;

    @TempDir
    Path cwd;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    int lossless(String... args) {
        return InProcessCli.run(cwd, out, err, args);
    }

    @Test
    void writesEveryMessageTheRunSends() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), SCENARIO);
        assertEquals(0, lossless("export", "flows", "s.yaml", "--out", "x"), err::toString);
        assertEquals(List.of(
                "id,workload,src,dst,size_bytes,priority,connection,qps,op,post_ps,iteration,step,channel,operation,depends_on,"
                    + "delay_ps,dscp",
                "0,w,1,0,64000,3,0,4,write,0,,,,,,,24",
                "1,w,1,0,4000,3,0,4,write,3000000,,,,,,,24",
                "2,w,2,0,1000000,3,1,1,write,1000000,,,,,,,24"), Files.readAllLines(cwd.resolve("x/messages.csv")));
        assertTrue(Files.readString(cwd.resolve("x/messages.json")).contains("\"op\" : \"write\""));
        assertTrue(out.toString().contains("(3 messages on 2 connections)"), out::toString);
        assertEquals(0, lossless("run", "s.yaml", "--out", "r"), err::toString);
        List<String> flows = Files.readAllLines(cwd.resolve("r/flows.csv"));
        assertEquals(4, flows.size());
        for (int i = 1; i <= 3; i++) {
            String[] run = flows.get(i).split(",", -1);
            String[] exported = Files.readAllLines(cwd.resolve("x/messages.csv")).get(i).split(",", -1);
            assertEquals(List.of(exported[0], exported[1], exported[2], exported[3], exported[4], exported[6]),
                    List.of(run[0], run[1], run[2], run[3], run[5], run[13]), "message " + i);
        }
        // a second export replaces its own files
        assertEquals(0, lossless("export", "flows", "s.yaml", "--out", "x"), err::toString);
    }

    @Test
    void refusesToReplaceAFileItDidNotWrite() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), SCENARIO);
        Files.createDirectories(cwd.resolve("x"));
        Files.writeString(cwd.resolve("x/messages.csv"), "mine\n");
        assertEquals(2, lossless("export", "flows", "s.yaml", "--out", "x"));
        assertTrue(err.toString().contains("was not written by 'lossless export flows'"), err::toString);
        assertEquals("mine\n", Files.readString(cwd.resolve("x/messages.csv")));
    }
}
