package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.switchmodel.settings.CbfcSettings;
import org.lossless.switchmodel.settings.SwitchSettings;

/** {@code switch.flow_control: cbfc} and {@code switch.cbfc}: what is read, resolved and refused. */
class CbfcSectionTest {
    @Nested
    class Read {
        @Test
        void offUnlessAClassRunsIt() {
            assertNull(parse(MINIMAL).switchSettings().cbfc());
            assertNull(parse(MINIMAL + "switch: {flow_control: none}\n").switchSettings().cbfc());
        }

        @Test
        void everyClassWithAScalarAndPfcOff() {
            SwitchSettings s = parse(MINIMAL + "switch: {flow_control: cbfc}\n").switchSettings();
            assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), s.cbfc().priorities());
            assertEquals(false, s.pfc().enabled());
            assertNull(s.cbfc().credits());
            assertEquals(100_000L, s.cbfc().creditDelay()); // written out by the resolution
        }

        @Test
        void perClassBesidePfcAndItsKeys() {
            Scenario sc = parse(MINIMAL + "switch: {flow_control: {3: cbfc, 5: pfc},"
                    + " cbfc: {credits: 64KB, credit_delay: 250ns}}\n");
            SwitchSettings s = sc.switchSettings();
            assertEquals(new CbfcSettings(List.of(3), 64_000L, 250_000L), s.cbfc());
            assertEquals(List.of(5), s.pfc().priorities());
            assertEquals(sc, parse(ResolvedYaml.write(sc)));
        }

        @Test
        void theResolvedScenarioSpellsItOut() {
            Scenario sc = parse(MINIMAL + "switch: {flow_control: {3: cbfc}}\n");
            String yaml = ResolvedYaml.write(sc);
            assertEquals(true, yaml.contains("cbfc:"), yaml);
            assertEquals(true, yaml.contains("credits: \"auto\"") || yaml.contains("credits: auto"), yaml);
            assertEquals(sc, parse(yaml));
        }
    }

    @Nested
    class Refused {
        @Test
        void keysWithoutAClass() {
            assertEquals("t.yaml: switch.cbfc: is set but no class runs cbfc: set switch.flow_control: cbfc (every"
                    + " class) or e.g. {3: cbfc}", error(MINIMAL + "switch: {cbfc: {credits: 64KB}}\n"));
        }

        @Test
        void badValuesNameTheKey() {
            assertEquals("t.yaml: switch.cbfc.credit_delay: '-1ns' is not a valid time: it must not be negative",
                    error(MINIMAL + "switch: {flow_control: cbfc, cbfc: {credit_delay: -1ns}}\n"));
            assertEquals("t.yaml: switch.cbfc.priorities: is [2] but switch.flow_control gives cbfc to [3]: set one of"
                    + " them", error(MINIMAL + "switch: {flow_control: {3: cbfc}, cbfc: {priorities: [2]}}\n"));
            assertEquals("t.yaml: switch.cbfc.credits: 1000 B is less than the largest frame (4174 B at nic.mtu"
                    + " 4096): no frame could ever start", error(MINIMAL + "switch: {flow_control: cbfc,"
                    + " cbfc: {credits: 1000B}}\n"));
        }

        @Test
        void combinationsThatCannotRun() {
            assertEquals("t.yaml: switch.trimming: trims priorities that run CBFC [3]: credits keep their buffer from"
                    + " overflowing, so they never trim (trim a class with switch.flow_control: none)",
                    error(MINIMAL + "switch: {flow_control: {3: cbfc}, trimming: {priorities: [3]}}\n"));
            assertEquals("t.yaml: switch.flow_control: cannot run with frame errors and switch.llr.enabled false: a"
                    + " lost frame's credit never comes back (turn link-level retry on)",
                    error(MINIMAL + "switch: {flow_control: cbfc, llr: {enabled: false, frame_error_rate: 1e-6}}\n"));
            assertEquals(true, error(MINIMAL + "switch: {flow_control: cbfc, buffer_size: 20KB}\n")
                    .startsWith("t.yaml: switch.flow_control: the credits reserve "));
        }
    }

    /**
     * The lint, by hand on MINIMAL (a star at 100 G, 1 us of cable each way, nic.mtu 4096: frame 4,174 B): a link
     * needs 4,174 + (2,000 + 6.72 + 100 ns) x 12.5 B/ns = 30,508 B, 8 whole frames = 33,392 B; 16 KB holds 3 frames,
     * 3/8 of the line.
     */
    @Nested
    class Lint {
        @Test
        void creditsBelowTheBoundAreWarnedWithIt() {
            List<org.lossless.experiments.lint.Finding> f = org.lossless.experiments.lint.CbfcLint.of(parse(MINIMAL
                    + "switch: {flow_control: cbfc, cbfc: {credits: 16KB}}\n"));
            List<String> w = org.lossless.experiments.lint.Finding.messages(f);
            // 3 cables of the star, both directions, all below 16 KB; 33,392 B = 8 whole frames of 4,174 B
            assertEquals(List.of("switch.cbfc.credits"), f.get(0).keyPaths());
            assertEquals(List.of(org.lossless.experiments.lint.Finding.Value.bytes("credits", 16_000),
                    org.lossless.experiments.lint.Finding.Value.bytes("frame", 4_174),
                    new org.lossless.experiments.lint.Finding.Value("link_directions", 6,
                            org.lossless.experiments.lint.Finding.Unit.COUNT)), f.get(0).values());
            assertEquals(1, w.size(), w.toString());
            assertEquals(true, w.get(0).startsWith("switch.cbfc.credits 16,000 B is below the 33,392 B a link needs"),
                    w.get(0));
            assertEquals(true, w.get(0).contains("about 38 % of the line"), w.get(0));
        }

        @Test
        void autoAndEnoughCreditsAreQuiet() {
            assertEquals(List.of(), org.lossless.experiments.lint.CbfcLint.of(parse(MINIMAL
                    + "switch: {flow_control: cbfc}\n")));
            assertEquals(List.of(), org.lossless.experiments.lint.CbfcLint.of(parse(MINIMAL
                    + "switch: {flow_control: cbfc, cbfc: {credits: 34KB}}\n")));
        }
    }
}
