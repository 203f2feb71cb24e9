package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;
import org.lossless.core.units.Units;

import java.util.Map;
import java.util.TreeMap;

import org.lossless.core.settings.Values;
import org.lossless.switchmodel.settings.EcnSchema;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.SwitchModel;
import org.lossless.workloads.yaml.SectionReader;

/**
 * Reads {@code switch.ecn} through {@link EcnSchema#ECN} and its {@code by_rate} entries (a mapping keyed by port
 * speed) through {@link EcnSchema#BY_RATE}, checks kmax &ge; kmin (with the key path: the section's, each entry's
 * against what it inherits), and returns them as read ({@link SwitchModel.Ecn}) for {@link SwitchModel#of}, which
 * makes the {@link EcnSettings} (unset keys null, for {@link EcnSettings#resolved}). The reader opens kmin and kmax
 * for the order checks only; the port speeds, which are keys, are parsed here.
 */
final class EcnReader {
    private EcnReader() {
    }

    static SwitchModel.Ecn read(Cursor c, boolean hpcc2019) {
        Values v = SectionReader.read(c, EcnSchema.ECN);
        if (v == null) {
            return null;
        }
        Long kmin = v.number("kmin");
        Long kmax = v.number("kmax");
        // kmax against kmin or its default (per port speed for hpcc2019: checked when the switch is built); a kmax
        // left out defaults to at least kmin
        checkOrder(c, kmin != null || hpcc2019 ? kmin : (Long) EcnSchema.DEFAULT_KMIN, kmax, true);

        Cursor byRate = c.key("by_rate");
        Map<Long, Values> entries = new TreeMap<>();
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
            // the entry's kmin (or the section's, or the default) against its kmax (or the section's explicit one)
            // (hpcc2019 without kmin: 4 KB per Gb/s of this speed)
            long effectiveKmin = rmin != null ? rmin : kmin != null ? kmin
                    : hpcc2019 ? EcnSettings.HPCC_KMIN_PER_GBPS * (rate / 1_000_000_000L) : EcnSchema.DEFAULT_KMIN;
            checkOrder(e, effectiveKmin, rmax != null ? rmax : kmax, rmax != null);
            entries.put(rate, ev);
        }
        return new SwitchModel.Ecn(v, entries);
    }

    private static void checkOrder(Cursor c, Long kmin, Long kmax, boolean kmaxGiven) {
        if (kmin != null && kmax != null && kmax < kmin) {
            throw c.key(kmaxGiven ? "kmax" : "kmin").error("kmax (" + Units.formatSize(kmax) + ") must be >= kmin ("
                    + Units.formatSize(kmin) + ")");
        }
    }
}
