package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

import org.junit.jupiter.api.Test;
import org.lossless.nic.UetConfig;

/** {@code nic.transport} and {@code nic.uet}. */
class UetSectionTest {
    static final long US = 1_000_000L;

    @Test
    void roceByDefaultAndTheUetSectionOnlyWrittenUnderUet() {
        Scenario s = parse(MINIMAL);
        assertEquals(UetConfig.ROCE, s.nic().uet());
        String yaml = ResolvedYaml.write(s);
        assertTrue(yaml.contains("  transport: rocev2\n"), yaml);
        assertFalse(yaml.contains("uet:"), yaml);
    }

    @Test
    void uetWithItsDefaultsRoundTrips() {
        Scenario s = parse(MINIMAL + "nic: {transport: uet}\n");
        assertTrue(s.nic().uetTransport());
        assertEquals(UetConfig.REPS, s.nic().uet().spray());
        assertEquals(100 * US, s.nic().uet().rtoPs());
        String yaml = ResolvedYaml.write(s);
        assertTrue(yaml.contains("  transport: uet\n  uet:\n    spray: reps\n    entropies: 256\n    reps_buffer: 32\n"
                + "    rto: 100us\n    max_outstanding: 1024\n    cc: nscc\n    nscc:\n      target_qdelay: auto\n"), yaml);
        assertEquals(s, parse(yaml));
    }

    @Test
    void everyKey() {
        Scenario s = parse(MINIMAL + "nic: {transport: uet, uet: {spray: oblivious, entropies: 64, reps_buffer: 8,"
                + " rto: 50us, max_outstanding: 256, cc: hybrid, nscc: {target_qdelay: 4us, gamma: 0.5},"
                + " rccc: {speculative: 0.5, grant: 2}}}\n");
        UetConfig u = s.nic().uet();
        assertEquals(UetConfig.OBLIVIOUS, u.spray());
        assertEquals(64, u.entropies());
        assertEquals(8, u.repsBuffer());
        assertEquals(50 * US, u.rtoPs());
        assertEquals(256, u.maxOutstanding());
        assertEquals("hybrid", u.cc());
        assertEquals(0.5, u.speculativeBdp());
        assertEquals(2, u.grantPackets());
        assertEquals(4 * US, u.nscc().targetQdelayPs());
        assertEquals(0.5, u.nscc().gamma());
        assertEquals(s, parse(ResolvedYaml.write(s)));
    }

    @Test
    void badValuesNameTheKey() {
        assertEquals("t.yaml: nic.transport: 'tcp' is not allowed (allowed: rocev2, uet)",
                error(MINIMAL + "nic: {transport: tcp}\n"));
        assertEquals("t.yaml: nic.uet.cc: 'credits' is not allowed (allowed: nscc, rccc, hybrid, none)",
                error(MINIMAL + "nic: {transport: uet, uet: {cc: credits}}\n"));
        assertTrue(error(MINIMAL + "nic: {uet: {rccc: {grant: 0}}}\n").startsWith("t.yaml: nic.uet.rccc.grant:"));
        assertTrue(error(MINIMAL + "nic: {uet: {sprey: reps}}\n").startsWith("t.yaml: nic.uet.sprey: unknown key"));
        assertTrue(error(MINIMAL + "nic: {uet: {nscc: {gama: 1}}}\n").startsWith("t.yaml: nic.uet.nscc.gama: unknown key"));
        assertEquals("t.yaml: nic.uet.nscc.gamma: must be in (0, 1], got 2.0",
                error(MINIMAL + "nic: {uet: {nscc: {gamma: 2}}}\n"));
        assertTrue(error(MINIMAL + "nic: {uet: {max_outstanding: 10}}\n").startsWith("t.yaml: nic.uet.max_outstanding:"));
    }
}
