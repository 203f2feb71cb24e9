package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.ScenarioException;

import org.lossless.core.settings.Values;
import org.lossless.switchmodel.settings.PfcSchema;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.workloads.yaml.SectionReader;

/**
 * Reads {@code switch.pfc} (with {@code watchdog}) through {@link PfcSchema#PFC}: names, ranges, exclusive groups
 * and messages come from the schema; unset keys stay null for {@link PfcSettings#resolved}.
 */
final class PfcReader {
    private PfcReader() {
    }

    static PfcSettings read(Cursor c) {
        Values v = SectionReader.read(c, PfcSchema.PFC);
        return v == null ? null : SwitchReader.build(c, () -> PfcSchema.settings(v));
    }

    /**
     * A PFC response time ({@code nic.pfc_response_time}; {@code switch.pfc.response_time} is read by the schema): {@code auto} (the
     * IEEE 802.3 budget at the port's speed) or a time &ge; 0; null when absent.
     *
     * @param auto the value standing for {@code auto}
     */
    static Long responseTime(Cursor c, long auto) {
        if (!c.present()) {
            return null;
        }
        String expected = "auto or a time such as 2us (from a received PAUSE until no new frame starts)";
        if ("auto".equals(c.text(expected).strip())) {
            return auto;
        }
        long ps;
        try {
            ps = c.timePs();
        } catch (ScenarioException e) {
            throw c.error("expected " + expected + ", got " + c.describe());
        }
        if (ps < 0) {
            throw c.error("must be >= 0 (or auto), e.g. 2us");
        }
        return ps;
    }
}
