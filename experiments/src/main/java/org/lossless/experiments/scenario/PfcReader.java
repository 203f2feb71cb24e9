package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;

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
}
