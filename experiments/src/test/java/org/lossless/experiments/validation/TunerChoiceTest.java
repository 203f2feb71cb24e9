package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lossless.workloads.traffic.JobIteration;

/**
 * {@code algorithm: auto} and {@code protocol: auto} (the defaults) against the packet engine: every
 * candidate (ring and tree, LL, LL128 and Simple) is run on its own, and the job left to the tuner must
 * run with the one the packet engine finished first, in exactly that time. One-GPU hosts on a star, 100 Gb/s,
 * 1 us links, MTU 4096, DCQCN, NCCL's latencies: the regimes where NCCL's own model picks otherwise (tree
 * LL128 for small buffers, the tree up to 8 MiB, LL128 over Simple at 4 MiB).
 */
class TunerChoiceTest {
    static String scenario(int hosts, String size, String algorithm, String protocol) {
        return "name: tuner\ntopology: {type: star, hosts: " + hosts + ", host_link: {rate: 100Gbps, delay: 1us}}\n"
                + "nic: {mtu: 4096, cc: dcqcn}\ntelemetry: {queues: none, flow_rates: none}\nworkloads:\n"
                + "  - {type: allreduce, name: ar, size: " + size + ", algorithm: " + algorithm + ", protocol: "
                + protocol + "}\n";
    }

    static JobIteration run(int hosts, String size, String algorithm, String protocol) {
        return CollectiveValidationTest.job(CollectiveValidationTest.run(scenario(hosts, size, algorithm, protocol)),
                "ar");
    }

    @ParameterizedTest(name = "{0} hosts, {1}")
    @CsvSource({"8, 64KiB", "8, 4MiB", "16, 1MiB"})
    void autoRunsTheCandidateThePacketEngineFinishesFirst(int hosts, String size) {
        List<String> times = new ArrayList<>();
        JobIteration fastest = null;
        for (String a : List.of("ring", "tree")) {
            for (String p : List.of("ll", "ll128", "simple")) {
                JobIteration it = run(hosts, size, a, p);
                assertEquals(a, it.algorithm());
                assertEquals(p, it.protocol());
                times.add(a + "/" + p + " " + it.durationPs() + " ps");
                if (fastest == null || it.durationPs() < fastest.durationPs()) {
                    fastest = it;
                }
            }
        }
        JobIteration auto = run(hosts, size, "auto", "auto");
        String what = "auto ran " + auto.algorithm() + "/" + auto.protocol() + "; " + times;
        assertEquals(fastest.algorithm(), auto.algorithm(), what);
        assertEquals(fastest.protocol(), auto.protocol(), what);
        assertEquals(fastest.durationPs(), auto.durationPs(), what);
    }
}
