package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.settings.Values;
import org.lossless.experiments.metrics.Completion;
import org.lossless.switchmodel.settings.SwitchSchema;

/**
 * {@code switch.cbfc} and {@code metrics} read through their schemas: the names users have always written, the
 * defaults the docs give, and the messages they have always had (file, key path, did-you-mean, range).
 */
class CbfcMetricsSchemaTest {
    @Nested
    class Cbfc {
        @Test
        void theKeysAndDefaultsAreTheDocumentedOnes() {
            assertArrayEquals(new String[] {"priorities", "credits", "credit_delay"}, SwitchSchema.CBFC.names());
            Values r = SwitchSchema.CBFC.resolve(Values.empty(SwitchSchema.CBFC));
            assertTrue(r.isAuto("credits"));
            assertEquals(100_000L, r.number("credit_delay")); // 100 ns
        }

        @Test
        void aMisspeltKeyGetsItsDidYouMean() {
            String m = error(MINIMAL + "switch: {flow_control: cbfc, cbfc: {credit: 64KB}}\n");
            assertTrue(m.startsWith("t.yaml: switch.cbfc.credit") && m.contains("credits"), m);
        }

        @Test
        void creditsKeepTheirMessages() {
            assertEquals("t.yaml: switch.cbfc.credits: must be > 0 bytes (or auto), e.g. 32KB",
                    error(MINIMAL + "switch: {flow_control: cbfc, cbfc: {credits: 0}}\n"));
            assertEquals("t.yaml: switch.cbfc.credits: expected a size such as 32MB, got a mapping",
                    error(MINIMAL + "switch: {flow_control: cbfc, cbfc: {credits: {a: 1}}}\n"));
            assertEquals("t.yaml: switch.cbfc.priorities[0]: 9 is out of range: expected an integer from 0 to 7",
                    error(MINIMAL + "switch: {flow_control: cbfc, cbfc: {priorities: [9]}}\n"));
        }
    }

    @Nested
    class Metrics {
        @Test
        void theDefaultsAreTheSchemasAndTheRecordsOwn() {
            assertEquals(MetricsConfig.DEFAULTS, parse(MINIMAL).metrics());
            assertEquals(MetricsConfig.DEFAULTS, MetricsSchema.config(MetricsSchema.METRICS.resolve(
                    Values.empty(MetricsSchema.METRICS))));
        }

        @Test
        void aValueIsReadAndWrittenBack() {
            Scenario s = parse(MINIMAL + "metrics: {completion: sender, flows: data}\n");
            assertEquals(new MetricsConfig(Completion.SENDER, FlowRows.DATA), s.metrics());
            assertTrue(ResolvedYaml.write(s).contains("metrics:\n  completion: \"sender\"\n  flows: \"data\"\n")
                    || ResolvedYaml.write(s).contains("metrics:\n  completion: sender\n  flows: data\n"),
                    ResolvedYaml.write(s));
            assertEquals(s, parse(ResolvedYaml.write(s)));
        }

        @Test
        void badInputKeepsItsMessages() {
            String m = error(MINIMAL + "metrics: {completoin: sender}\n");
            assertTrue(m.startsWith("t.yaml: metrics.completoin") && m.contains("completion"), m);
            assertEquals("t.yaml: metrics.flows: 'rows' is not allowed (allowed: all, data, summary)",
                    error(MINIMAL + "metrics: {flows: rows}\n"));
        }
    }
}
