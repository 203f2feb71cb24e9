package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;
import org.lossless.core.units.Units;

import java.util.Map;
import java.util.TreeMap;

import org.lossless.core.settings.Values;
import org.lossless.switchmodel.settings.EcnSchema;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.workloads.yaml.SectionReader;

/**
 * Reads {@code switch.ecn} through {@link EcnSchema#ECN} and its {@code by_rate} entries (a mapping keyed by port
 * speed) through {@link EcnSchema#BY_RATE}; checks kmax &ge; kmin; unset keys stay null for
 * {@link EcnSettings#resolved}.
 */
final class EcnReader {
    private EcnReader() {
    }

    static EcnSettings read(Cursor c, boolean hpcc2019) {
        Values v = SectionReader.read(c, EcnSchema.ECN);
        if (v == null) {
            return null;
        }
        Long kmin = v.number("kmin");
        Long kmax = v.number("kmax");
        // kmax against kmin or its default (per port speed for hpcc2019: checked when the switch is built)
        checkOrder(c, kmin != null || hpcc2019 ? kmin : (Long) EcnSchema.DEFAULT_KMIN, kmax, true);
        EcnSettings section = SwitchReader.build(c, () -> EcnSchema.settings(v, null)).resolved(hpcc2019);
        checkOrder(c, section.kmin(), section.kmax(), kmax != null);

        Cursor byRate = c.key("by_rate");
        Map<Long, EcnSettings.Rate> entries = new TreeMap<>();
        for (String key : byRate.keys("a mapping of port speed to {kmin, kmax, pmax}, e.g. {400Gbps: {kmin: 1MB}}")) {
            Cursor e = byRate.key(key);
            long rate;
            try {
                rate = Units.parseRate(key.strip());
            } catch (IllegalArgumentException ex) {
                throw e.error("the key must be a port speed: " + ex.getMessage());
            }
            if (rate <= 0) {
                throw e.error("the port speed must be > 0, e.g. 400Gbps");
            }
            if (entries.containsKey(rate)) {
                throw e.error("port speed " + Units.formatRate(rate) + " is listed twice");
            }
            Values read = SectionReader.read(e, EcnSchema.BY_RATE);
            Values ev = read != null ? read : new Values(EcnSchema.BY_RATE, Map.of()); // an empty entry: the section's
            Long rmin = ev.number("kmin");
            Long rmax = ev.number("kmax");
            checkOrder(e, rmin, rmax, true);
            EcnSettings.Rate entry = SwitchReader.build(e, () -> EcnSchema.rate(ev));
            // the entry's kmin (or the section's, or the default) against its kmax (or the section's explicit one)
            // (hpcc2019 without kmin: 4 KB per Gb/s of this speed)
            long effectiveKmin = rmin != null ? rmin : section.kmin() != null ? section.kmin()
                    : EcnSettings.HPCC_KMIN_PER_GBPS * (rate / 1_000_000_000L);
            checkOrder(e, effectiveKmin, rmax != null ? rmax : kmax, rmax != null);
            entries.put(rate, entry);
        }
        return SwitchReader.build(c, () -> EcnSchema.settings(v, entries));
    }

    private static void checkOrder(Cursor c, Long kmin, Long kmax, boolean kmaxGiven) {
        if (kmin != null && kmax != null && kmax < kmin) {
            throw c.key(kmaxGiven ? "kmax" : "kmin").error("kmax (" + Units.formatSize(kmax) + ") must be >= kmin ("
                    + Units.formatSize(kmin) + ")");
        }
    }
}
