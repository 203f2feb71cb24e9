package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** {@code switch.pfc} read, checked and written through its schema (PfcSchema): hand-written expectations. */
class PfcSchemaReadingTest {
    private static final String ALLOWED = "(allowed here: enabled, priorities, dynamic_th, static_th, headroom, "
            + "xon_offset, xon, reserved, pool, cable_length, mode, pause_quanta, refresh, watchdog, response_time)";

    @Nested
    class DynamicThRange {
        @Test
        void bothEndsOfSonicsRangeAreAccepted() {
            assertEquals(-8, parse(MINIMAL + "switch: {pfc: {dynamic_th: -8}}\n").switchSettings().pfc().dynamicTh());
            assertEquals(7, parse(MINIMAL + "switch: {pfc: {dynamic_th: 7}}\n").switchSettings().pfc().dynamicTh());
        }

        @Test
        void outOfRangeNamesFileKeyPathAndRange() {
            assertEquals("t.yaml: switch.pfc.dynamic_th: 8 is out of range: expected an integer from -8 to 7",
                    error(MINIMAL + "switch: {pfc: {dynamic_th: 8}}\n"));
            assertEquals("t.yaml: switch.pfc.dynamic_th: -9 is out of range: expected an integer from -8 to 7",
                    error(MINIMAL + "switch: {pfc: {dynamic_th: -9}}\n"));
        }

        @Test
        void theBufferProfilesShareTheRange() {
            assertEquals("t.yaml: switch.lossy_pg.dynamic_th: 8 is out of range: expected an integer from -8 to 7",
                    error(MINIMAL + "switch: {lossy_pg: {dynamic_th: 8}}\n"));
        }
    }

    @Nested
    class SetOverrides {
        @Test
        void aMisspeltPfcKeyGetsTheSchemasDidYouMean() {
            assertEquals("t.yaml: switch.pfc.dynamc_th (from --set switch.pfc.dynamc_th=-2): unknown key; did you mean "
                    + "'dynamic_th'? " + ALLOWED, error(MINIMAL, "switch.pfc.dynamc_th=-2"));
            assertEquals("t.yaml: switch.pfc.watchdog.acton (from --set switch.pfc.watchdog.acton=drop): unknown key; "
                    + "did you mean 'action'? (allowed here: enabled, detection_time, restoration_time, action, "
                    + "poll_interval)", error(MINIMAL, "switch.pfc.watchdog.acton=drop"));
        }

        @Test
        void anOutOfRangeValueNamesTheOverride() {
            assertEquals("t.yaml: switch.pfc.dynamic_th (from --set switch.pfc.dynamic_th=9): 9 is out of range: "
                    + "expected an integer from -8 to 7", error(MINIMAL, "switch.pfc.dynamic_th=9"));
        }

        @Test
        void aValidValueIsRead() {
            assertEquals(-1, parse(MINIMAL, "switch.pfc.dynamic_th=-1").switchSettings().pfc().dynamicTh());
        }
    }

    @Nested
    class Values {
        @Test
        void floorsAndAutoKeepTheirMessages() {
            assertEquals("t.yaml: switch.pfc.static_th: static_th must be > 0 bytes, e.g. 200KB",
                    error(MINIMAL + "switch: {pfc: {static_th: 0}}\n"));
            assertEquals("t.yaml: switch.pfc.refresh: must be > 0: XOFF is re-sent every refresh x pause time, e.g. 0.5",
                    error(MINIMAL + "switch: {pfc: {refresh: 0}}\n"));
            assertEquals("t.yaml: switch.pfc.response_time: expected auto or a time such as 2us (from a received PAUSE "
                    + "until no new frame starts), got 'soon'", error(MINIMAL + "switch: {pfc: {response_time: soon}}\n"));
            assertEquals("t.yaml: switch.pfc.watchdog.detection_time: must be > 0, e.g. 200ms",
                    error(MINIMAL + "switch: {pfc: {watchdog: {detection_time: 0ms}}}\n"));
            assertEquals("t.yaml: switch.pfc: give either xon_offset (XON below the XOFF threshold, Broadcom style) or "
                    + "xon (an absolute XON level, Mellanox style), not both",
                    error(MINIMAL + "switch: {pfc: {xon_offset: 1KB, xon: 2KB}}\n"));
        }

        @Test
        void theResolvedYamlWritesEveryPfcKeyInSchemaOrder() {
            String yaml = ResolvedYaml.write(parse(MINIMAL + "switch: {pfc: {dynamic_th: 2, headroom: 100KB, "
                    + "cable_length: 3m, refresh: 0.25, watchdog: {detection_time: 1ms}}}\n"));
            assertTrue(yaml.contains("""
                      pfc:
                        enabled: true
                        priorities:
                          - 3
                        dynamic_th: 2
                        headroom: 100KB
                        xon_offset: 2KB
                        reserved: 0
                        cable_length: 3m
                        mode: timed
                        pause_quanta: 65535
                        refresh: 0.25
                        watchdog:
                          enabled: true
                          detection_time: 1ms
                          restoration_time: 2ms
                          action: drop
                          poll_interval: 200ms
                        response_time: auto
                    """), yaml);
        }
    }
}
