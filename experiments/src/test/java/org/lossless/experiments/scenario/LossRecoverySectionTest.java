package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

import org.junit.jupiter.api.Test;
import org.lossless.nic.LossRecoveryConfig;

/** {@code nic.loss_recovery} and {@code nic.irn}. */
class LossRecoverySectionTest {
    static final long US = 1_000_000L;

    @Test
    void goBackNByDefaultShownInTheResolvedFile() {
        Scenario s = parse(MINIMAL);
        assertEquals(LossRecoveryConfig.DEFAULT, s.nic().lossRecovery());
        String yaml = ResolvedYaml.write(s);
        assertTrue(yaml.contains("  loss_recovery: go-back-n\n"), yaml);
        assertTrue(!yaml.contains("irn"), yaml);
    }

    @Test
    void irnWithThePapersValuesUnlessSet() {
        Scenario s = parse(MINIMAL + "nic: {loss_recovery: irn}\n");
        assertEquals(new LossRecoveryConfig("irn", 100 * US, 320 * US, 3, LossRecoveryConfig.PATH_BDP_CAP),
                s.nic().lossRecovery());
        String yaml = ResolvedYaml.write(s);
        assertTrue(yaml.contains("  loss_recovery: irn\n  irn:\n    rto_low: 100us\n    rto_high: 320us\n"
                + "    rto_low_packets: 3\n    bdp_cap: path\n"), yaml);
        assertEquals(s, parse(yaml));
    }

    @Test
    void everyIrnKey() {
        Scenario s = parse(MINIMAL + "nic: {loss_recovery: irn, irn: {rto_low: 50us, rto_high: 1ms, rto_low_packets: 5,"
                + " bdp_cap: 64}}\n");
        assertEquals(new LossRecoveryConfig("irn", 50 * US, 1_000 * US, 5, 64), s.nic().lossRecovery());
        assertEquals(s, parse(ResolvedYaml.write(s)));
    }

    @Test
    void badValuesNameTheKey() {
        assertEquals("t.yaml: nic.loss_recovery: 'selective' is not allowed (allowed: go-back-n, irn)",
                error(MINIMAL + "nic: {loss_recovery: selective}\n"));
        assertEquals("t.yaml: nic.irn.rto_high: 50us is below rto_low (100us): RTO_high applies with more packets in"
                + " flight and must be at least RTO_low", error(MINIMAL + "nic: {loss_recovery: irn, irn: {rto_high: 50us}}\n"));
        assertEquals("t.yaml: nic.irn.bdp_cap: expected path (one BDP of the QP's path, in MTU packets) or a packet count"
                + " from 1 to 1048576, got the number 0", error(MINIMAL + "nic: {loss_recovery: irn, irn: {bdp_cap: 0}}\n"));
        assertTrue(error(MINIMAL + "nic: {irn: {rto_lo: 1us}}\n").startsWith("t.yaml: nic.irn.rto_lo: unknown key"));
        assertEquals("t.yaml: nic.irn.rto_low: RTO_low must be > 0, e.g. 100us",
                error(MINIMAL + "nic: {loss_recovery: irn, irn: {rto_low: 0us}}\n"));
    }
}
