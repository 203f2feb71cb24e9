package org.lossless.switchmodel.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** EcnSchema: unset keys resolve to the documented defaults (HPCC simulator, 100 Gb/s); settings round-trip. */
class EcnSchemaTest {
    @Test
    void nothingSetResolvesToTheDocumentedDefaults() {
        assertEquals(new EcnSettings(true, 400_000L, 1_600_000L, 0.2, "dequeue"), EcnSettings.UNSET.resolved(false));
        EcnSettings hpcc = EcnSettings.UNSET.resolved(true);
        assertNull(hpcc.kmin(), "hpcc2019: per port speed");
        assertEquals(new EcnSettings.Rate(400_000L, 1_600_000L, 0.2), hpcc.forRate(null, 100_000_000_000L, true),
                "4 KB / 16 KB per Gb/s at 100 Gb/s");
    }

    @Test
    void aKminAboveTheDefaultKmaxRaisesTheDefaultKmax() {
        assertEquals(2_000_000L, new EcnSettings(null, 2_000_000L, null, null, null).resolved(false).kmax());
    }

    @Test
    void valuesAndSettingsRoundTrip() {
        Map<Long, EcnSettings.Rate> byRate = Map.of(400_000_000_000L, new EcnSettings.Rate(1_600_000L, null, 0.5));
        EcnSettings e = new EcnSettings(false, 10_000L, 20_000L, 1.0, "enqueue", byRate);
        assertEquals(e, EcnSchema.settings(EcnSchema.values(e), e.byRate()));
        EcnSettings.Rate r = byRate.get(400_000_000_000L);
        assertEquals(r, EcnSchema.rate(EcnSchema.values(r)));
        assertEquals(Map.of("kmin", 1_600_000L, "pmax", 0.5), EcnSchema.values(r).asMap(), "unset kmax left out");
    }
}
