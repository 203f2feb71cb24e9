package org.lossless.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad input through the real command-line entry: exit status 2, exactly one line on stderr naming the file
 * and key path (or the option), no stack trace, and no result directory.
 */
class CliBadInputTest {
    static final String OK = CliTest.SCENARIO;

    /**
     * @param name     what is wrong
     * @param yaml     content of s.yaml, or null for no file
     * @param args     command line
     * @param expected the exact stderr line
     */
    record Case(String name, String yaml, List<String> args, String expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
            new Case("bad unit", OK.replace("rate: 100Gbps", "rate: 10 Gbps"), List.of("run", "s.yaml"),
                "lossless: s.yaml: topology.host_link.rate: '10 Gbps' is not a rate: expected a number followed by bps, "
                    + "Kbps, Mbps, Gbps or Tbps, e.g. 100Gbps"),
            new Case("negative size", OK.replace("size: 1MB}, {src: 2", "size: -1MB}, {src: 2"), List.of("run", "s.yaml"),
                "lossless: s.yaml: workloads[0].flows[0].size: '-1MB' is not a valid size: it must not be negative"),
            new Case("unknown key with did-you-mean", OK + "swich: {buffer_size: 1MB}\n", List.of("run", "s.yaml"),
                "lossless: s.yaml: swich: unknown key; did you mean 'switch'? (allowed here: name, seed, stop_time, "
                    + "topology, switch, nic, workloads, telemetry, routing, failures, metrics, engine)"),
            new Case("unknown host", OK.replace("{src: 2, dst: 0", "{src: 2, dst: 5"), List.of("run", "s.yaml"),
                "lossless: s.yaml: workloads[0].flows[1].dst: host 5 does not exist: the star topology has 3 hosts, "
                    + "numbered 0 to 2"),
            new Case("missing file", null, List.of("run", "s.yaml"), "lossless: s.yaml: no such file"),
            new Case("malformed YAML", "name: small\ntopology: {type: star\n", List.of("run", "s.yaml"),
                "lossless: s.yaml:3:1: malformed YAML: expected ',' or '}', but got the end of the file "
                    + "(while parsing a flow mapping that starts at line 2)"),
            new Case("bad --set path", OK, List.of("run", "s.yaml", "--set", "workloads[0]..size=1MB"),
                "lossless: --set workloads[0]..size=1MB: malformed key 'workloads[0]..size' at position 14: expected a "
                    + "name, e.g. switch.ecn.kmin or workloads[0].flows[1].size"),
            new Case("--set index out of range", OK, List.of("run", "s.yaml", "--set", "workloads[0].flows[5].size=1MB"),
                "lossless: --set workloads[0].flows[5].size=1MB: index 5 is out of range: 'workloads[0].flows' has 2 "
                    + "entries (use index 2 to add one)"),
            new Case("bad --set value", OK, List.of("run", "s.yaml", "--set", "switch.ecn.kmin=10 Gbps"),
                "lossless: s.yaml: switch.ecn.kmin (from --set switch.ecn.kmin=10 Gbps): '10 Gbps' is not a size: "
                    + "expected a number followed by B, KB, MB, GB, KiB, MiB or GiB, e.g. 32MB (a bare integer means bytes)"),
            new Case("wrong type", OK.replace("hosts: 3", "hosts: [3]"), List.of("run", "s.yaml"),
                "lossless: s.yaml: topology.hosts: expected an integer from 2 to 1000000, got a list"),
            new Case("bare number time", OK + "stop_time: 50\n", List.of("run", "s.yaml"),
                "lossless: s.yaml: stop_time: '50' is not a time: a unit is required (ps, ns, us, ms or s), e.g. 10us; "
                    + "only 0 may be written without one"),
            new Case("topology key missing", OK.replace("type: star, hosts: 3", "type: leaf-spine, leaves: 4"),
                List.of("run", "s.yaml"),
                "lossless: s.yaml: topology.spines: is required (an integer >= 1)"),
            new Case("unknown workload type", OK + "  - {type: allreduse, size: 1MB}\n", List.of("run", "s.yaml"),
                "lossless: s.yaml: workloads[1].type: unknown workload type 'allreduse'; did you mean 'allreduce'? "
                    + "(supported: flows, hpcc-flows, allreduce, allgather, reducescatter, alltoall, broadcast, nvmeof, replication, checkpoint, cdf, incast, permutation, training, chakra, simai)"),
            new Case("missing name", OK.replace("name: small\n", ""), List.of("run", "s.yaml"),
                "lossless: s.yaml: name: is required: a name made of letters, digits, '.', '_' and '-', e.g. incast-8to1"),
            new Case("bad name characters", OK.replace("name: small", "name: small/run"), List.of("run", "s.yaml"),
                "lossless: s.yaml: name: 'small/run' is not a valid name: use only letters, digits, '.', '_' and '-' "
                    + "(not only dots), e.g. incast-8to1"),
            new Case("negative seed", OK, List.of("run", "s.yaml", "--seed", "-1"),
                "lossless: --seed -1: the seed must be >= 0"),
            new Case("seed not a number", OK, List.of("run", "s.yaml", "--seed", "one"),
                "lossless run: Invalid value for option '--seed': 'one' is not a long (see 'lossless run --help')"),
            new Case("unknown option", OK, List.of("run", "s.yaml", "--sed", "1"),
                "lossless run: Unknown options: '--sed', '1' (did you mean --seed or --set?) (see 'lossless run --help')"),
            new Case("missing scenario argument", OK, List.of("run"),
                "lossless run: Missing required parameter: 'SCENARIO' (see 'lossless run --help')"),
            new Case("unknown command", OK, List.of("rnu", "s.yaml"),
                "lossless: unknown command 'rnu' (commands: run, check, sweep, demo, report, fluid, headroom, import, export, replay, calibrate, daemon) (did you "
                    + "mean run?) (see 'lossless --help')"),
            new Case("a command that does not exist", OK, List.of("frobnicate", "s.yaml"),
                "lossless: unknown command 'frobnicate' (commands: run, check, sweep, demo, report, fluid, headroom, import, export, replay, calibrate, daemon) (see "
                    + "'lossless --help')"),
            new Case("check: bad choice", OK + "nic: {cc: dcqnc}\n", List.of("check", "s.yaml"),
                "lossless: s.yaml: nic.cc: 'dcqnc' is not allowed; did you mean 'dcqcn'? (allowed: "
                    + String.join(", ", org.lossless.nic.CcAlgorithms.NAMES) + ")"),
            new Case("congestion control parameter out of range", OK + "nic: {cc: hpcc, hpcc: {eta: 2}}\n", List.of("run", "s.yaml"),
                "lossless: s.yaml: nic.hpcc.eta: must be in (0, 1], got 2.0"),
            new Case("unknown DCQCN key", OK + "nic: {dcqcn: {profile: mlx5, alpha_gian: 1/256}}\n", List.of("check", "s.yaml"),
                "lossless: s.yaml: nic.dcqcn.alpha_gian: unknown key; did you mean 'alpha_gain'? (allowed here: "
                    + String.join(", ", org.lossless.nic.dcqcn.DcqcnSchema.names()) + ")"),
            new Case("bad DCQCN value from --set", OK, List.of("run", "s.yaml", "--set", "nic.dcqcn.min_rate=200Gbps"),
                "lossless: s.yaml: nic.dcqcn.min_rate (from --set nic.dcqcn.min_rate=200Gbps): min_rate (200000000000 bps) "
                    + "must not exceed the maximum rate (100000000000 bps, the line rate)"),
            new Case("unknown switch key", OK + "switch: {pfc: {pause_qanta: 100}}\n", List.of("run", "s.yaml"),
                "lossless: s.yaml: switch.pfc.pause_qanta: unknown key; did you mean 'pause_quanta'? (allowed here: "
                    + "enabled, priorities, dynamic_th, static_th, headroom, xon_offset, xon, reserved, pool, cable_length, "
                    + "mode, pause_quanta, refresh, watchdog, response_time)"),
            new Case("undefined switch pool", OK + "switch: {lossy_pg: {pool: lossy}}\n", List.of("run", "s.yaml"),
                "lossless: s.yaml: switch.lossy_pg.pool: pool 'lossy' is not defined: switch.pools is not set (remove "
                    + "this key to use the switch's implicit pools)"),
            new Case("queue both strict and DWRR", OK + "switch: {scheduling: {strict: [7, 3], dwrr: {3: 2}}}\n",
                List.of("run", "s.yaml"),
                "lossless: s.yaml: switch.scheduling.dwrr.3: queue 3 is also in strict: a queue is either strict or dwrr"),
            new Case("DWRR weight out of range", OK, List.of("run", "s.yaml", "--set", "switch.scheduling.dwrr.4=0"),
                "lossless: s.yaml: switch.scheduling.dwrr.4 (from --set switch.scheduling.dwrr.4=0): 0 is out of range: "
                    + "expected an integer from 1 to 100"),
            new Case("--out is a file", OK, List.of("run", "s.yaml", "--out", "s.yaml"),
                "lossless: %CWD%/s.yaml exists and is not a directory; choose another --out or remove it"));
    }

    @TempDir
    Path cwd;

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void exitsWithTwoAndOneMessageAndNoResults(Case c) throws IOException {
        if (c.yaml() != null) {
            Files.writeString(cwd.resolve("s.yaml"), c.yaml());
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = new Cli(new PrintWriter(out), new PrintWriter(err), cwd, () -> CliTest.FAKE, p -> { })
                .execute(c.args().toArray(String[]::new));
        String stderr = err.toString();
        assertEquals(2, code, stderr);
        assertEquals(c.expected().replace("%CWD%", cwd.toString()) + "\n", stderr);
        assertFalse(stderr.contains("Exception") || stderr.contains("\tat "), stderr);
        assertEquals("", out.toString());
        try (Stream<Path> s = Files.list(cwd)) {
            assertEquals(c.yaml() == null ? List.of() : List.of("s.yaml"),
                    s.map(p -> p.getFileName().toString()).toList());
        }
    }

    @Test
    void atLeastTenDistinctBadInputs() {
        assertTrue(cases().count() >= 10);
    }
}
