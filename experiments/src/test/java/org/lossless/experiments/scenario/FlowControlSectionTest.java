package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.experiments.lint.Finding;
import org.lossless.experiments.lint.UetLint;

/** {@code switch.flow_control}, {@code switch.trimming} and the Ultra Ethernet lint. */
class FlowControlSectionTest {
    @Nested
    class FlowControl {
        @Test
        void pfcKeepsThePfcSection() {
            Scenario s = parse(MINIMAL + "switch: {flow_control: pfc}\n");
            assertEquals(true, s.switchSettings().pfc().enabled());
            assertEquals(List.of(3), s.switchSettings().pfc().priorities());
        }

        @Test
        void noneTurnsPfcOff() {
            Scenario s = parse(MINIMAL + "switch: {flow_control: none}\n");
            assertEquals(false, s.switchSettings().pfc().enabled());
            assertEquals(s, parse(ResolvedYaml.write(s)));
        }

        @Test
        void perClassGivesPfcToTheListedOnes() {
            Scenario s = parse(MINIMAL + "switch: {flow_control: {3: pfc, 1: none, 5: pfc}}\n");
            assertEquals(List.of(3, 5), s.switchSettings().pfc().priorities());
            assertEquals(s, parse(ResolvedYaml.write(s)));
        }

        @Test
        void contradictionsAreRefused() {
            assertEquals("t.yaml: switch.flow_control: gives PFC to priorities [2] but switch.pfc.priorities is [3]:"
                    + " set one of them", error(MINIMAL + "switch: {flow_control: {2: pfc}, pfc: {priorities: [3]}}\n"));
            assertEquals("t.yaml: switch.flow_control: turns PFC off but switch.pfc.enabled is true: set one of them",
                    error(MINIMAL + "switch: {flow_control: none, pfc: {enabled: true}}\n"));
            assertTrue(error(MINIMAL + "switch: {flow_control: {x: pfc}}\n").startsWith("t.yaml: switch.flow_control.x:"));
        }
    }

    @Nested
    class Trimming {
        @Test
        void offByDefaultAndRoundTripsWhenSet() {
            assertNull(parse(MINIMAL).switchSettings().trimming());
            Scenario s = parse(MINIMAL + "switch: {flow_control: none, trimming: {priorities: [3]}}\n");
            assertEquals(List.of(3), s.switchSettings().trimming().priorities());
            assertEquals(64, s.switchSettings().trimming().headerBytes());
            assertEquals(s, parse(ResolvedYaml.write(s)));
        }

        @Test
        void badValuesNameTheKey() {
            assertEquals("t.yaml: switch.trimming: needs priorities: the egress queues whose overflow trims, e.g. [1]",
                    error(MINIMAL + "switch: {trimming: {header: 64B}}\n"));
            assertEquals("t.yaml: switch.trimming.header: 32 B is out of range: a trimmed header is 64 to 512 bytes",
                    error(MINIMAL + "switch: {trimming: {priorities: [1], header: 32B}}\n"));
        }
    }

    @Nested
    class Llr {
        @Test
        void offByDefaultAndRoundTripsWhenSet() {
            assertNull(parse(MINIMAL).switchSettings().llr());
            Scenario s = parse(MINIMAL + "switch: {llr: {frame_error_rate: 1e-6}}\n");
            assertEquals(new org.lossless.switchmodel.settings.LlrSettings(true, 1e-6), s.switchSettings().llr());
            assertEquals(s, parse(ResolvedYaml.write(s)));
            assertEquals(false, parse(MINIMAL + "switch: {llr: {enabled: false, frame_error_rate: 0.01}}\n")
                    .switchSettings().llr().enabled());
        }

        @Test
        void badValuesNameTheKey() {
            assertEquals("t.yaml: switch.llr.frame_error_rate: 2.0 is not a probability (0 to 1)",
                    error(MINIMAL + "switch: {llr: {frame_error_rate: 2}}\n"));
            assertTrue(error(MINIMAL + "switch: {llr: {rate: 1}}\n").startsWith("t.yaml: switch.llr.rate: unknown key"));
        }
    }

    @Nested
    class Lint {
        @Test
        void trimmingOnAPfcClassNeverTrims() {
            List<String> w = Finding.messages(UetLint.of(parse(MINIMAL + "nic: {transport: uet, uet: {spray: none}}\n"
                    + "switch: {trimming: {priorities: [3]}, ecn: {kmin: 20KB, kmax: 80KB}}\n")));
            assertEquals(1, w.size(), w.toString());
            assertTrue(w.get(0).startsWith("switch.trimming: priorities [3] are lossless with PFC"), w.get(0));
        }

        @Test
        void trimmingWithRoceAndUetOnASinglePathTopology() {
            // MINIMAL is a star: one path between every two hosts
            List<String> w = Finding.messages(UetLint.of(parse(MINIMAL + "switch: {flow_control: none, trimming: {priorities: [3]}}\n")));
            assertEquals(1, w.size(), w.toString());
            assertTrue(w.get(0).contains("RoCE receivers cannot ask for a trimmed packet"), w.get(0));
            String lowEcn = "switch: {ecn: {kmin: 20KB, kmax: 80KB}}\n";
            w = Finding.messages(UetLint.of(parse(MINIMAL + "nic: {transport: uet}\n" + lowEcn)));
            assertEquals(List.of("nic.transport uet sprays packets, but the topology has one path between every two"
                    + " hosts: spraying changes nothing"), w);
            assertEquals(List.of(), Finding.messages(UetLint.of(parse(MINIMAL + "nic: {transport: uet, uet: {spray: none}}\n" + lowEcn))));
            assertEquals(List.of(), Finding.messages(UetLint.of(parse(MINIMAL))));
        }

        @Test
        void nsccWithEcnFarAboveItsTarget() {
            // the default kmin, 400 KB, drains in 32 us at 100 Gb/s; NSCC's target is 0.75 x the star's base RTT
            // (a few us): far below
            List<String> w = Finding.messages(UetLint.of(parse(MINIMAL + "nic: {transport: uet, uet: {spray: none}}\n")));
            assertEquals(1, w.size(), w.toString());
            assertTrue(w.get(0).startsWith("switch.ecn.kmin 400000 B takes 32.0 us to drain at 100Gbps, more than twice"
                    + " NSCC's target queueing delay"), w.get(0));
            assertEquals(List.of(), Finding.messages(UetLint.of(parse(MINIMAL + "nic: {transport: uet, uet: {spray: none, cc: rccc}}\n"))));
        }

        @Test
        void roceOnlySettingsUnderUet() {
            List<String> w = Finding.messages(UetLint.of(parse(MINIMAL + "nic: {transport: uet, uet: {spray: none, cc: rccc},"
                    + " ack_interval: 4, loss_recovery: irn, rto: 1ms}\n")));
            assertEquals(List.of("nic.ack_interval 4 is not used under nic.transport uet (every packet is acknowledged)",
                    "nic.loss_recovery irn is not used under nic.transport uet (UET retransmits selectively, nic.uet)",
                    "nic.rto is not used under nic.transport uet (its timeout is nic.uet.rto)"), w);
            assertEquals(List.of(), Finding.messages(UetLint.of(parse(MINIMAL + "nic: {ack_interval: 4, loss_recovery: irn, rto: 1ms}\n"))));
        }
    }
}
