package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

import org.junit.jupiter.api.Test;
import org.lossless.core.settings.KeyTable;
import org.lossless.switchmodel.settings.EcnSchema;

/** {@code switch.ecn} read, checked, written and documented through its schema (EcnSchema): hand-written expectations. */
class EcnSchemaReadingTest {
    @Test
    void outOfRangeValuesNameFileKeyPathAndProblem() {
        assertEquals("t.yaml: switch.ecn.pmax: '1.5' is not a fraction: it must be between 0 and 1",
                error(MINIMAL + "switch: {ecn: {pmax: 1.5}}\n"));
        assertEquals("t.yaml: switch.ecn.by_rate.100Gbps.pmax: '2' is not a fraction: it must be between 0 and 1",
                error(MINIMAL + "switch: {ecn: {by_rate: {100Gbps: {pmax: 2}}}}\n"));
        assertEquals("t.yaml: switch.ecn.mark_on: 'dequeu' is not allowed; did you mean 'dequeue'? (allowed: dequeue, "
                + "enqueue)", error(MINIMAL + "switch: {ecn: {mark_on: dequeu}}\n"));
        assertEquals("t.yaml: switch.ecn.by_rate.100Gbps.kmax: kmax (1KB) must be >= kmin (2KB)",
                error(MINIMAL + "switch: {ecn: {by_rate: {100Gbps: {kmin: 2KB, kmax: 1KB}}}}\n"));
    }

    @Test
    void theOrderIsCheckedOnceByTheModelAndNamedAtTheKeyAsWritten() {
        // switch-model's check (RedParams.check, through the settings) names the key that set kmax, else the entry's
        // kmin; a speed written with a dot stays one key of the path
        assertEquals("t.yaml: switch.ecn.kmax: kmax (300KB) must be >= kmin (400KB)",
                error(MINIMAL + "switch: {ecn: {kmax: 300KB}}\n"));
        assertEquals("t.yaml: switch.ecn.by_rate.2.5Gbps.kmax: kmax (100KB) must be >= kmin (400KB)",
                error(MINIMAL + "switch: {ecn: {by_rate: {2.5Gbps: {kmax: 100KB}}}}\n"));
        // hpcc2019 without kmin: 4 KB per Gb/s of the entry's speed, 1.6 MB at 400 Gb/s, above the section's kmax
        assertEquals("t.yaml: switch.ecn.by_rate.400Gbps.kmin: kmax (1MB) must be >= kmin (1600KB)",
                error(MINIMAL + "switch: {profile: hpcc2019, ecn: {kmax: 1MB, by_rate: {400Gbps: {pmax: 0.1}}}}\n"));
        // the section first, then the entries in the file's order
        assertEquals("t.yaml: switch.ecn.by_rate.400Gbps.kmax: kmax (1KB) must be >= kmin (2KB)",
                error(MINIMAL + "switch: {ecn: {by_rate: {400Gbps: {kmin: 2KB, kmax: 1KB}, 100Gbps: {kmin: 4KB, "
                        + "kmax: 3KB}}}}\n"));
    }

    @Test
    void anEmptyByRateEntryTakesTheSectionsValues() {
        var e = parse(MINIMAL + "switch: {ecn: {kmin: 10KB, by_rate: {100Gbps: {}}}}\n").switchSettings().ecn();
        var r = e.byRate().get(100_000_000_000L);
        assertEquals(10_000L, r.kmin());
        assertEquals(1_600_000L, r.kmax());
        assertEquals(0.2, r.pmax());
    }

    @Test
    void theResolvedYamlWritesEveryEcnKeyInSchemaOrder() {
        String yaml = ResolvedYaml.write(parse(MINIMAL + "switch: {ecn: {pmax: 0.5, kmin: 100KB, "
                + "by_rate: {400Gbps: {kmax: 6400KB}}}}\n"));
        assertTrue(yaml.contains("""
                  ecn:
                    enabled: true
                    kmin: 100KB
                    kmax: 1600KB
                    pmax: 0.5
                    mark_on: dequeue
                    by_rate:
                      400Gbps:
                        kmin: 100KB
                        kmax: 6400KB
                        pmax: 0.5
                """), yaml);
    }

    @Test
    void theDocsTableHasAHandWrittenRow() {
        assertTrue(KeyTable.markdown(EcnSchema.ECN).contains("| `pmax` | fraction | `0.2` (HPCC simulator) | marking "
                + "probability at `kmax` |\n"));
        assertTrue(KeyTable.markdown(EcnSchema.BY_RATE).contains("| `kmin` | size | the section's `kmin` | lower "
                + "threshold at this port speed, bytes |\n"));
    }
}
