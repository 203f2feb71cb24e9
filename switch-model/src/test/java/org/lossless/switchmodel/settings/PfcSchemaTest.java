package org.lossless.switchmodel.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.settings.Key;
import org.lossless.switchmodel.mmu.Threshold;

/** PfcSchema: the one dynamic_th range is the model's, defaults resolve as documented, settings round-trip. */
class PfcSchemaTest {
    @Test
    void theModelRefusesWhatTheSchemaRefuses() {
        assertEquals(-8, PfcSchema.DYNAMIC_TH.min());
        assertEquals(7, PfcSchema.DYNAMIC_TH.max());
        assertEquals(7, Threshold.dynamic(7).dynamicTh());
        assertEquals(1.0 / 256, Threshold.dynamic(-8).alpha(), 0.0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Threshold.dynamic(8));
        assertEquals("dynamic_th must be in [-8, 7] (alpha = 2^dynamic_th), got 8", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Threshold.dynamic(-9));
    }

    @Test
    void nothingSetResolvesToTheSchemasDefaults() {
        PfcSettings r = PfcSettings.UNSET.resolved(false, null);
        assertEquals(new PfcSettings(true, List.of(3), -3, null, "auto", 2000L, null, 0L, null, null, "timed", 65535,
                0.5, new WatchdogSettings(false, 200_000_000_000L, 200_000_000_000L, "drop", 200_000_000_000L),
                PfcSettings.AUTO_RESPONSE), r);
        assertEquals("xoff_xon", PfcSettings.UNSET.resolved(true, null).mode(), "hpcc2019's pause model");
    }

    @Test
    void valuesAndSettingsRoundTrip() {
        PfcSettings p = new PfcSettings(false, List.of(3, 4), null, 200_000L, "100000", null, 9000L, 512L, "pool_a", 3.0,
                "xoff_xon", 100, 0.25, new WatchdogSettings(true, 1_000_000_000L, null, "alert", null), 2_000_000L);
        assertEquals(p, PfcSchema.settings(PfcSchema.values(p)));
        assertEquals(100_000L, PfcSchema.values(p).number("headroom"));
        assertEquals(3000L, PfcSchema.values(p).number("cable_length"), "mm");
        PfcSettings auto = new PfcSettings(null, null, null, null, "auto", null, null, null, null, null, null, null, null,
                null, PfcSettings.AUTO_RESPONSE);
        assertEquals(Key.AUTO, PfcSchema.values(auto).get("response_time"));
        assertEquals(auto, PfcSchema.settings(PfcSchema.values(auto)));
    }
}
