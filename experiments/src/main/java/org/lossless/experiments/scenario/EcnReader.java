package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;
import org.lossless.core.units.Units;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.lossless.core.settings.Values;
import org.lossless.switchmodel.settings.EcnSchema;
import org.lossless.switchmodel.settings.SwitchModel;
import org.lossless.workloads.yaml.SectionReader;

/**
 * Reads {@code switch.ecn} through {@link EcnSchema#ECN} and its {@code by_rate} entries (a mapping keyed by port
 * speed) through {@link EcnSchema#BY_RATE}, and returns them as read ({@link SwitchModel.Ecn}) for
 * {@link SwitchModel#of}, which makes the settings and checks kmax against kmin (the section's, each entry's against
 * what it inherits; a refusal names the key, as it did when this reader checked). The values are never opened here;
 * the port speeds, which are keys, are parsed here.
 */
final class EcnReader {
    private EcnReader() {
    }

    static SwitchModel.Ecn read(Cursor c) {
        Values v = SectionReader.read(c, EcnSchema.ECN);
        if (v == null) {
            return null;
        }
        Cursor byRate = c.key("by_rate");
        List<SwitchModel.Ecn.Entry> entries = new ArrayList<>();
        Set<Long> rates = new HashSet<>();
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
            if (!rates.add(rate)) {
                throw e.error("port speed " + Units.formatRate(rate) + " is listed twice");
            }
            Values read = SectionReader.read(e, EcnSchema.BY_RATE);
            // an empty entry: the section's values
            entries.add(new SwitchModel.Ecn.Entry(key, rate, read != null ? read : new Values(EcnSchema.BY_RATE,
                    Map.of())));
        }
        return new SwitchModel.Ecn(v, entries);
    }
}
