package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.WireFormat;
import org.lossless.nic.dcqcn.DcqcnParams;

/** {@link NicConfig#builder()}: its defaults, derived values, copies and the record's validation. */
class NicConfigBuilderTest {
    @Test
    void defaultsAreTheScenarioDefaults() {
        NicConfig c = NicConfig.builder().build();
        assertEquals(4096, c.mtu());
        assertEquals(1, c.ackEvery());
        assertEquals(4_096_000L << 14, c.rtoPs(), "4.096 us x 2^14");
        assertEquals(NicConfig.SAME_AS_DATA, c.ackPriority());
        assertEquals(NicConfig.SAME_AS_DATA, c.ackDscp(), "ACKs on the data priority carry the data DSCP");
        assertEquals(6, c.cnpPriority());
        assertEquals(48, c.cnpDscp(), "CS6 = 6 x 8");
        assertEquals("none", c.cc(), "no DCQCN parameters");
        assertEquals(NicConfig.NO_WINDOW, c.window());
        assertEquals(NicConfig.AUTO_PFC_RESPONSE, c.pfcResponsePs());
        assertEquals(500_000_000L, c.nackIntervalPs());
        assertEquals(0, c.ackDelayPs());
        assertEquals(CcSettings.DEFAULTS, c.ccSettings());
        assertEquals(LossRecoveryConfig.DEFAULT, c.lossRecovery());
        assertEquals(WireFormat.ROCEV2, c.wire());
        assertEquals(UetConfig.ROCE, c.uet());
    }

    @Test
    void dcqcnAsReadIsResolvedByItsProfileAtTheHostRate() {
        long g100 = 100_000_000_000L;
        NicConfig none = NicConfig.builder().dcqcn((org.lossless.core.settings.Values) null, g100).build();
        assertEquals(DcqcnParams.profile("mlx5", g100), none.dcqcn(), "nothing written: every mlx5 default");
        assertEquals("dcqcn", none.cc());
        org.lossless.core.settings.Values written = new org.lossless.core.settings.Values(
                org.lossless.nic.dcqcn.DcqcnSchema.DCQCN, java.util.Map.of("additive_increase", 50_000_000L));
        assertEquals(50_000_000L, NicConfig.builder().dcqcn(written, g100).build().dcqcn().additiveIncreaseBps());
    }

    @Test
    void derivedValuesFollowWhatIsSet() {
        NicConfig c = NicConfig.builder().ackPriority(3).cnpPriority(5)
                .dcqcn(DcqcnParams.profile("mlx5", 100_000_000_000L)).build();
        assertEquals(24, c.ackDscp(), "CS3");
        assertEquals(40, c.cnpDscp(), "CS5");
        assertEquals("dcqcn", c.cc(), "DCQCN parameters given and no cc set");
        assertEquals(10, NicConfig.builder().ackPriority(3).ackDscp(10).build().ackDscp(), "an explicit DSCP wins");
    }

    @Test
    void toBuilderCopiesEveryField() {
        NicConfig c = NicConfig.builder().mtu(1024).ackEvery(4).rtoPs(5_000_000L).ackPriority(2).window(8192)
                .pfcResponsePs(1_000_000L).ackDelayPs(7).nackIntervalPs(9).cc("hpcc").build();
        assertEquals(c, c.toBuilder().build());
        assertEquals(2048, c.toBuilder().mtu(2048).build().mtu());
        assertEquals(c.withRto(6_000_000L), c.toBuilder().rtoPs(6_000_000L).build());
    }

    @Test
    void anAlgorithmsSectionAsReadIsReadByItsSpecHere() {
        org.lossless.core.settings.Values written = org.lossless.nic.cc.CcValues.parse(
                org.lossless.nic.hpcc.HpccParams.SECTION, java.util.Map.of("ai", "20Mbps"));
        NicConfig c = NicConfig.builder().ccSection("hpcc", written).build();
        org.lossless.nic.hpcc.HpccParams hpcc = c.ccSettings().get("hpcc", org.lossless.nic.hpcc.HpccParams.class);
        assertEquals(20_000_000L, hpcc.aiBps(), "20 Mb/s as written");
        assertEquals(0.95, hpcc.eta(), "a key not written keeps its default");
        assertEquals(CcSettings.DEFAULTS.byName().get("timely"), c.ccSettings().byName().get("timely"),
                "the other sections untouched");
        assertEquals(CcSettings.DEFAULTS, NicConfig.builder().ccSection("hpcc", null).build().ccSettings(),
                "not written: the defaults");
    }

    @Test
    void irnAndTheReceiveBufferAsReadAreMadeHere() {
        org.lossless.core.settings.Values irn = new org.lossless.core.settings.Values(IrnSchema.IRN,
                java.util.Map.of("rto_low", 50_000_000L));
        LossRecoveryConfig lr = NicConfig.builder().lossRecovery("irn", irn, 40).build().lossRecovery();
        assertEquals(new LossRecoveryConfig("irn", 50_000_000L, 320_000_000L, 3, 40), lr,
                "rto_low as written (50 us), rto_high and rto_low_packets at the IRN paper's 320 us and 3");
        org.lossless.core.settings.Values rx = new org.lossless.core.settings.Values(RxBufferSchema.RX_BUFFER,
                java.util.Map.of("size", 20_000L, "drain_rate", 50_000_000_000L));
        NicConfig.Builder b = NicConfig.builder().rxBuffer(rx, RxBufferConfig.AUTO, RxBufferConfig.AUTO, 1 << 3,
                java.util.List.of(), 0);
        assertEquals(20_000L, b.build().rxBuffer().sizeBytes());
        // mlx5 headroom at 100 Gb/s, 100 m, 1500 B frames: (301 + 216) x 100 + 2.72 x 1500 = 55,780 B > 20 KB
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> b.checkRxBuffer(100_000_000_000L, 100 * RxBufferConfig.PS_PER_METRE, 1500));
        assertEquals(true, e.getMessage().startsWith("nic.rx_buffer.size: 20000 B is too small"), e.getMessage());
    }

    @Test
    void theRecordValidates() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NicConfig.builder().mtu(9001).build());
        assertEquals("nic.mtu must be 64..9000 bytes, got 9001", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> NicConfig.builder().mtu(1024).window(1000).build());
        assertEquals("nic.window must be none, bdp or at least one MTU (1024 bytes), got 1000 bytes", e.getMessage());
    }
}
