package org.lossless.experiments.scenario;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.lossless.nic.NicConfig;
import org.lossless.nic.dcqcn.DcqcnParams;
import org.lossless.nic.dcqcn.Order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

/** The {@code nic} section: transport keys and DCQCN as a profile plus any key of its schema (DcqcnSchema). */
class NicSectionTest {
    static final long G = 1_000_000_000L;

    @Nested
    class Transport {
        @Test
        void everyKey() {
            NicConfig n = parse(MINIMAL + "nic: {mtu: 4KiB, ack_interval: 4, ack_priority: 7, cnp_priority: 5, rto: 2.5ms}\n").nic();
            assertEquals(NicConfig.builder().mtu(4096).ackEvery(4).rtoPs(2_500_000_000L).ackPriority(7).cnpPriority(5).dcqcn(DcqcnParams.profile("mlx5", 100 * G)).build(), n);
            NicConfig t = parse(MINIMAL + "nic: {ack_delay: 750ns, nack_interval: 0}\n").nic();
            assertEquals(750_000, t.ackDelayPs());
            assertEquals(0, t.nackIntervalPs());
        }

        @Test
        void ackPriorityDataMeansTheDataPacketsPriority() {
            assertEquals(NicConfig.SAME_AS_DATA, parse(MINIMAL + "nic: {ack_priority: data}\n").nic().ackPriority());
            assertEquals("t.yaml: nic.ack_priority: expected a priority from 0 to 7, or data (the data packet's priority), "
                    + "got 'dat'", error(MINIMAL + "nic: {ack_priority: dat}\n"));
            assertEquals("t.yaml: nic.ack_priority: expected a priority from 0 to 7, or data (the data packet's priority), "
                    + "got the number 8", error(MINIMAL + "nic: {ack_priority: 8}\n"));
        }

        @Test
        void ranges() {
            assertEquals("t.yaml: nic.ack_interval: 0 is out of range: expected an integer from 1 to 65536",
                    error(MINIMAL + "nic: {ack_interval: 0}\n"));
            assertEquals("t.yaml: nic.cnp_priority: 9 is out of range: expected an integer from 0 to 7",
                    error(MINIMAL + "nic: {cnp_priority: 9}\n"));
            assertEquals("t.yaml: nic.rto: the retransmission timeout must be > 0, e.g. 67108864ns (4.096 us x 2^14, the"
                    + " IB ACK timeout 14)", error(MINIMAL + "nic: {rto: 0}\n"));
            assertEquals("t.yaml: nic.ack_delay: '-1us' is not a valid time: it must not be negative",
                    error(MINIMAL + "nic: {ack_delay: -1us}\n"));
            assertEquals("t.yaml: nic.nack_interval: '5' is not a time: a unit is required (ps, ns, us, ms or s), e.g."
                    + " 10us; only 0 may be written without one",
                    error(MINIMAL + "nic: {nack_interval: 5}\n"));
            assertEquals("t.yaml: nic.cnp_dscp: 64 is out of range: expected an integer from 0 to 63",
                    error(MINIMAL + "nic: {cnp_dscp: 64}\n"));
        }

        @Test
        void ccNoneKeepsTheCheckedDcqcnSectionForConnectionsThatChooseDcqcn() {
            // nic.cc is only the default: a connection may choose dcqcn, so its parameters are kept and written
            Scenario s = parse(MINIMAL + "nic: {cc: none, dcqcn: {profile: paper2015}}\n");
            assertEquals("none", s.nic().cc());
            assertEquals("paper2015", s.nic().dcqcn().profile());
            String yaml = ResolvedYaml.write(s);
            assertTrue(yaml.contains("  cc: none\n"), yaml);
            assertTrue(yaml.contains("  dcqcn:\n    profile: paper2015\n"), yaml);
            assertEquals(s, parse(yaml));
            assertTrue(error(MINIMAL + "nic: {cc: none, dcqcn: {alpha_gian: 1/256}}\n").startsWith(
                    "t.yaml: nic.dcqcn.alpha_gian: unknown key; did you mean 'alpha_gain'?"));
        }

        @Test
        void everyImplementedCongestionControlIsAccepted() {
            for (String cc : new String[] {"dcqcn", "hpcc", "timely", "dctcp", "swift", "none"}) {
                assertEquals(cc, parse(MINIMAL + "nic: {cc: " + cc + "}\n").nic().cc());
            }
        }
    }

    @Nested
    class Window {
        @Test
        void noneByDefaultBdpOrASizeShownInTheResolvedFile() {
            Scenario none = parse(MINIMAL);
            assertEquals(NicConfig.NO_WINDOW, none.nic().window());
            assertTrue(ResolvedYaml.write(none).contains("  rto: 67108864ns\n  ack_delay: 0\n  nack_interval: 500us\n"
                    + "  window: none\n"), ResolvedYaml.write(none));
            assertEquals(NicConfig.NO_WINDOW, parse(MINIMAL + "nic: {window: none}\n").nic().window());
            Scenario bdp = parse(MINIMAL + "nic: {window: bdp}\n");
            assertEquals(NicConfig.BDP_WINDOW, bdp.nic().window());
            assertTrue(ResolvedYaml.write(bdp).contains("  window: bdp\n"), ResolvedYaml.write(bdp));
            assertEquals(bdp, parse(ResolvedYaml.write(bdp)));
            Scenario sized = parse(MINIMAL + "nic: {window: 64KB}\n");
            assertEquals(64_000L, sized.nic().window());
            assertTrue(ResolvedYaml.write(sized).contains("  window: 64KB\n"), ResolvedYaml.write(sized));
            assertEquals(sized, parse(ResolvedYaml.write(sized)));
            assertEquals(4096L, parse(MINIMAL + "nic: {window: 4096}\n").nic().window(), "exactly one MTU (the default 4096)");
            assertEquals(1024L, parse(MINIMAL + "nic: {mtu: 1024, window: 1024}\n").nic().window(), "one MTU of 1024");
        }

        @ParameterizedTest
        @ValueSource(strings = {"0", "-1KB", "x", "1000", "1023", "true", "[1]"})
        void badValuesNameTheKey(String value) {
            String message = error(MINIMAL + "nic: {window: " + value + "}\n");
            assertTrue(message.startsWith("t.yaml: nic.window: "), message);
        }

        @Test
        void belowOneMtuSaysWhy() {
            assertEquals("t.yaml: nic.window: 1000 B is below one MTU (1024 B): a QP could never send a full packet;"
                    + " use none, bdp or a size of at least 1024 B", error(MINIMAL + "nic: {mtu: 1024, window: 1000}\n"));
            assertEquals("t.yaml: nic.window: 4000 B is below one MTU (4096 B): a QP could never send a full packet;"
                    + " use none, bdp or a size of at least 4096 B", error(MINIMAL + "nic: {window: 4000}\n"));
            assertEquals("t.yaml: nic.window: expected none, bdp or a size of at least one MTU (4096 B) such as 64KB,"
                    + " got 'x'", error(MINIMAL + "nic: {mtu: 4096, window: x}\n"));
        }

        @Test
        void recordRejectsAWindowBelowOneMtu() {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> NicConfig.builder().mtu(1024).ackEvery(1).build().withWindow(1023));
            assertEquals("nic.window must be none, bdp or at least one MTU (1024 bytes), got 1023 bytes", e.getMessage());
        }
    }

    @Nested
    class Dcqcn {
        @Test
        void anyKeyOverridesTheProfile() {
            DcqcnParams d = parse(MINIMAL + """
                    nic:
                      dcqcn: {profile: hpcc2019, cnp_delay: 4us, order: alpha_first, hyper_step: progressive,
                              qcn_target_quirk: true, max_rate: 50Gbps, rate_decrease_period: 0, rate_decrease_offset: 0}
                    """).nic().dcqcn();
            assertEquals("hpcc2019", d.profile());
            assertEquals(4_000_000L, d.cnpDelayPs());
            assertEquals(Order.ALPHA_FIRST, d.order());
            assertTrue(d.qcnTargetQuirk());
            assertEquals(50 * G, d.maxRateBps());
            assertEquals(DcqcnParams.profile("hpcc2019", 100 * G).alphaGain(), d.alphaGain(), 0.0);
        }

        @Test
        void resolvedAtTheHostLinkRate() {
            DcqcnParams d = parse(MINIMAL.replace("hosts: 3}", "hosts: 3, host_link: {rate: 25Gbps, delay: 1us}}")).nic().dcqcn();
            assertEquals(25 * G, d.lineRateBps());
            assertEquals(25 * G, d.effectiveMaxRateBps());
        }

        @ParameterizedTest
        @ValueSource(strings = {"paper2015", "mlx5", "hpcc2019"})
        void theResolvedFileListsEveryKeyAndReloadsToEqualParameters(String profile) {
            Scenario s = parse(MINIMAL + "nic: {dcqcn: {profile: " + profile + ", alpha_gain: 0.3, byte_counter: 1MiB}}\n");
            String yaml = ResolvedYaml.write(s);
            for (String key : org.lossless.nic.dcqcn.DcqcnSchema.names()) {
                assertTrue(yaml.contains("\n    " + key + ": "), key + " missing in\n" + yaml);
            }
            assertTrue(yaml.contains("    alpha_gain: 0.3\n    alpha_update_period"), yaml);
            assertEquals(s, parse(yaml));
            assertEquals(yaml, ResolvedYaml.write(parse(yaml)));
        }

        @Test
        void unknownKeyWithDidYouMean() {
            assertTrue(error(MINIMAL + "nic: {dcqcn: {rate_increse_timer: 55us}}\n").startsWith(
                    "t.yaml: nic.dcqcn.rate_increse_timer: unknown key; did you mean 'rate_increase_timer'? (allowed here: "
                            + "profile, cnp_interval, cnp_mode,"));
            assertEquals("t.yaml: nic.dcqcn.profile: 'mlx' is not allowed; did you mean 'mlx5'? (allowed: paper2015, "
                    + "mlx5, hpcc2019)", error(MINIMAL + "nic: {dcqcn: {profile: mlx}}\n"));
        }

        @Test
        void badValuesNameTheirKey() {
            String e = error(MINIMAL + "nic: {dcqcn: {alpha_update_period: 55}}\n");
            assertTrue(e.startsWith("t.yaml: nic.dcqcn.alpha_update_period: "), e);
            e = error(MINIMAL + "nic: {dcqcn: {cnp_mode: nps}}\n");
            assertTrue(e.startsWith("t.yaml: nic.dcqcn.cnp_mode: bad value 'nps' (did you mean 'np'?)"), e);
            e = error(MINIMAL + "nic: {dcqcn: {fast_recovery_steps: [5]}}\n");
            assertEquals("t.yaml: nic.dcqcn.fast_recovery_steps: expected an integer, got a list", e);
        }

        @Test
        void inconsistentSetsNameTheKeyTheUserWrote() {
            // 200 Gb/s is above the 100 Gb/s line rate, the default maximum
            assertEquals("t.yaml: nic.dcqcn.min_rate: min_rate (200000000000 bps) must not exceed the maximum rate "
                    + "(100000000000 bps, the line rate)", error(MINIMAL + "nic: {dcqcn: {min_rate: 200Gbps}}\n"));
            // mlx5 has a 4 us decrease window, which order paper does not have
            String e = error(MINIMAL + "nic: {dcqcn: {order: paper}}\n");
            assertTrue(e.startsWith("t.yaml: nic.dcqcn: rate_decrease_period and rate_decrease_offset need order "
                    + "timer_driven"), e);
        }

        @Test
        void overridesAreNamed() {
            assertTrue(error(MINIMAL, "nic.dcqcn.alpha_gain=2").startsWith(
                    "t.yaml: nic.dcqcn.alpha_gain (from --set nic.dcqcn.alpha_gain=2): "));
        }
    }
}
