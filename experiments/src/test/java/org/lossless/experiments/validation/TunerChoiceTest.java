package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lossless.workloads.traffic.JobIteration;

/**
 * {@code algorithm: auto} and {@code protocol: auto} (the defaults) against the packet engine: every
 * candidate (ring and tree, LL, LL128 and Simple) is run on its own, and the job left to the tuner must
 * run with the one the packet engine finished first, in exactly that time. One-GPU hosts on a star, 100 Gb/s,
 * 1 us links, MTU 4096, DCQCN, NCCL's latencies, at sizes where NCCL's own model ({@code tuner: nccl}) picks
 * a slower candidate: tree/LL128 for 64 KiB, ring/LL128 for 4 MiB on 8 hosts and for 1 MiB on 16.
 */
class TunerChoiceTest {
    static String scenario(int hosts, String size, String algorithm, String protocol, String tuner) {
        return "name: tuner\ntopology: {type: star, hosts: " + hosts + ", host_link: {rate: 100Gbps, delay: 1us}}\n"
                + "nic: {mtu: 4096, cc: dcqcn}\ntelemetry: {queues: none, flow_rates: none}\nworkloads:\n"
                + "  - {type: allreduce, name: ar, size: " + size + ", algorithm: " + algorithm + ", protocol: "
                + protocol + ", tuner: " + tuner + "}\n";
    }

    static JobIteration run(int hosts, String size, String algorithm, String protocol) {
        return run(hosts, size, algorithm, protocol, "simulator");
    }

    static JobIteration run(int hosts, String size, String algorithm, String protocol, String tuner) {
        return CollectiveValidationTest.job(CollectiveValidationTest.run(scenario(hosts, size, algorithm, protocol,
                tuner)), "ar");
    }

    /** {@code nccl}: what NCCL's own cost model picks there (slower on the packet engine). */
    @ParameterizedTest(name = "{0} hosts, {1}")
    @CsvSource({"8, 64KiB, tree/ll128", "8, 4MiB, ring/ll128", "16, 1MiB, ring/ll128"})
    void autoRunsTheCandidateThePacketEngineFinishesFirst(int hosts, String size, String nccl) {
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
        JobIteration byNccl = run(hosts, size, "auto", "auto", "nccl");
        assertEquals(nccl, byNccl.algorithm() + "/" + byNccl.protocol(), "NCCL's model; " + times);
        assertTrue(byNccl.durationPs() > fastest.durationPs(), "NCCL's model's pick is slower here; " + times);
    }
}
