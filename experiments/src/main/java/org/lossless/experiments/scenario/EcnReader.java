package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;
import org.lossless.core.units.Units;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.MmuFactory;

/** Reads {@code switch.ecn} with its {@code by_rate} entries; unset keys stay null for {@link EcnSettings#resolved}. */
final class EcnReader {
    private EcnReader() {
    }

    static EcnSettings read(Cursor c, boolean hpcc2019) {
        if (!c.present()) {
            return null;
        }
        c.object("enabled", "kmin", "kmax", "pmax", "mark_on", "by_rate");
        Boolean enabled = c.key("enabled").present() ? c.key("enabled").bool(true) : null;
        Long kmin = size(c.key("kmin"));
        Long kmax = size(c.key("kmax"));
        Double pmax = c.key("pmax").present() ? c.key("pmax").fraction() : null;
        String markOn = c.key("mark_on").oneOf(null, List.of("dequeue", "enqueue"));
        // kmax against kmin or its default (per port speed for hpcc2019: checked when the switch is built)
        checkOrder(c, kmin != null || hpcc2019 ? kmin : (Long) MmuFactory.DEFAULT_KMIN, kmax, true);
        EcnSettings section = SwitchReader.build(c, () -> new EcnSettings(enabled, kmin, kmax, pmax, markOn, null))
                .resolved(hpcc2019);
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
            e.object("kmin", "kmax", "pmax");
            Long rmin = size(e.key("kmin"));
            Long rmax = size(e.key("kmax"));
            Double rp = e.key("pmax").present() ? e.key("pmax").fraction() : null;
            checkOrder(e, rmin, rmax, true);
            EcnSettings.Rate entry = SwitchReader.build(e, () -> new EcnSettings.Rate(rmin, rmax, rp));
            // the entry's kmin (or the section's, or the default) against its kmax (or the section's explicit one)
            // (hpcc2019 without kmin: 4 KB per Gb/s of this speed)
            long effectiveKmin = rmin != null ? rmin : section.kmin() != null ? section.kmin()
                    : EcnSettings.HPCC_KMIN_PER_GBPS * (rate / 1_000_000_000L);
            checkOrder(e, effectiveKmin, rmax != null ? rmax : kmax, rmax != null);
            entries.put(rate, entry);
        }
        return SwitchReader.build(c, () -> new EcnSettings(enabled, kmin, kmax, pmax, markOn, entries));
    }

    private static void checkOrder(Cursor c, Long kmin, Long kmax, boolean kmaxGiven) {
        if (kmin != null && kmax != null && kmax < kmin) {
            throw c.key(kmaxGiven ? "kmax" : "kmin").error("kmax (" + Units.formatSize(kmax) + ") must be >= kmin ("
                    + Units.formatSize(kmin) + ")");
        }
    }

    private static Long size(Cursor c) {
        return c.present() ? c.size() : null;
    }
}
