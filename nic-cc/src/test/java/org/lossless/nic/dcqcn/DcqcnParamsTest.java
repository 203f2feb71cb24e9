package org.lossless.nic.dcqcn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DcqcnParamsTest {
    static final long LINE = 40_000_000_000L;

    static String error(Runnable r) {
        return assertThrows(IllegalArgumentException.class, r::run).getMessage();
    }

    @Test
    void paperProfileMatchesReferenceTable() {
        DcqcnParams p = DcqcnParams.profile("paper2015", LINE);
        assertEquals(50_000_000L, p.cnpIntervalPs());
        assertEquals(1.0 / 256, p.alphaGain());
        assertEquals(55_000_000L, p.alphaUpdatePeriodPs());
        assertEquals(55_000_000L, p.rateIncreaseTimerPs());
        assertEquals(10_000_000L, p.byteCounterBytes());
        assertEquals(5, p.fastRecoverySteps());
        assertEquals(40_000_000L, p.additiveIncreaseBps());
        assertEquals(200_000_000L, p.hyperIncreaseBps());
        assertEquals(100_000_000L, p.minRateBps());
        assertEquals(LINE, p.effectiveMaxRateBps());
        assertEquals(Order.PAPER, p.order());
    }

    @Test
    void overridesTakeUnitStringsWithOrWithoutPrefix() {
        Map<String, String> o = new LinkedHashMap<>();
        o.put("nic.dcqcn.alpha_gain", "1/16");
        o.put("rate_increase_timer", "300us");
        o.put("additive_increase", "5Mbps");
        o.put("byte_counter", "2MiB");
        o.put("cnp_mode", "RP");
        o.put("clamp_target_rate", "0");
        o.put("min_decrease_factor", "50%");
        DcqcnParams p = DcqcnParams.profile("paper2015", LINE).override(o);
        assertEquals(1.0 / 16, p.alphaGain());
        assertEquals(300_000_000L, p.rateIncreaseTimerPs());
        assertEquals(5_000_000L, p.additiveIncreaseBps());
        assertEquals(2L << 20, p.byteCounterBytes());
        assertEquals(CnpMode.RP, p.cnpMode());
        assertEquals(false, p.clampTargetRate());
        assertEquals(0.5, p.minDecreaseFactor());
    }

    @Test
    void resolveReadsTheProfileKeyFirst() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("fast_recovery_steps", "3");
        s.put("nic.dcqcn.profile", "mlx5");
        DcqcnParams p = DcqcnParams.resolve(s, "paper2015", LINE);
        assertEquals("mlx5", p.profile());
        assertEquals(3, p.fastRecoverySteps());
        assertEquals(Order.TIMER_DRIVEN, p.order());
    }

    @Test
    void settingsRoundTrip() {
        for (String name : DcqcnProfiles.NAMES) {
            DcqcnParams p = DcqcnParams.profile(name, 100_000_000_000L);
            Map<String, String> s = new LinkedHashMap<>(p.toSettings());
            assertEquals(name, s.remove("profile"));
            assertEquals(p, DcqcnParams.profile(name, 100_000_000_000L).override(s));
            // every value is a key: starting from another profile gives the same parameters
            String other = name.equals("mlx5") ? "hpcc2019" : "mlx5";
            assertEquals(p, renamed(DcqcnParams.profile(other, 100_000_000_000L).override(s), name));
        }
        assertEquals("55us", DcqcnParams.profile("paper2015", LINE).toSettings().get("alpha_update_period"));
        assertEquals("1/256", DcqcnParams.profile("paper2015", LINE).toSettings().get("alpha_gain"));
        assertEquals("1023/1024", DcqcnParams.profile("mlx5", LINE).toSettings().get("initial_alpha"));
        assertEquals("5/1024", DcqcnParams.profile("mlx5", LINE).toSettings().get("alpha_gain"));
        assertEquals("40Mbps", DcqcnParams.profile("paper2015", LINE).toSettings().get("additive_increase"));
        assertEquals("10MB", DcqcnParams.profile("paper2015", LINE).toSettings().get("byte_counter"));
    }

    private static DcqcnParams renamed(DcqcnParams p, String name) {
        DcqcnParams.Builder b = p.toBuilder();
        b.profile = name;
        return b.build();
    }

    @Test
    void unknownKeySuggestsTheClosest() {
        String m = error(() -> DcqcnParams.profile("mlx5", LINE).override(Map.of("alpha_gian", "1/256")));
        assertTrue(m.startsWith("nic.dcqcn.alpha_gian: unknown key (did you mean 'alpha_gain'?)"), m);
    }

    @Test
    void unknownProfileSuggestsTheClosest() {
        String m = error(() -> DcqcnParams.profile("paper2016", LINE));
        assertEquals("nic.dcqcn.profile: unknown profile 'paper2016' (did you mean 'paper2015'?)"
            + " (allowed: paper2015, mlx5, hpcc2019)", m);
    }

    @Test
    void badValuesNameKeyAndAllowedForms() {
        assertEquals("nic.dcqcn.rate_increase_timer: '55' is not a time: a unit is required"
                + " (ps, ns, us, ms or s), e.g. 10us; only 0 may be written without one",
            error(() -> DcqcnParams.profile("mlx5", LINE).override(Map.of("rate_increase_timer", "55"))));
        assertEquals("nic.dcqcn.cnp_mode: bad value 'pn' (did you mean 'np'?) (allowed: np, np_sampled, rp)",
            error(() -> DcqcnParams.profile("mlx5", LINE).override(Map.of("cnp_mode", "pn"))));
        assertEquals("nic.dcqcn.alpha_gain: '2' is not a fraction: it must be between 0 and 1",
            error(() -> DcqcnParams.profile("mlx5", LINE).override(Map.of("alpha_gain", "2"))));
        assertEquals("nic.dcqcn.fast_recovery_steps: bad integer 'five'",
            error(() -> DcqcnParams.profile("mlx5", LINE).override(Map.of("fast_recovery_steps", "five"))));
        assertTrue(error(() -> DcqcnParams.profile("mlx5", LINE).override(Map.of("order", "paper")))
            .startsWith("nic.dcqcn.rate_decrease_period and rate_decrease_offset need order timer_driven"));
        assertEquals("nic.dcqcn.min_rate (50000000000 bps) must not exceed the maximum rate"
                + " (40000000000 bps, the line rate)",
            error(() -> DcqcnParams.profile("mlx5", LINE).override(Map.of("min_rate", "50Gbps"))));
    }
}
