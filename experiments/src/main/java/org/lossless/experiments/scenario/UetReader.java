package org.lossless.experiments.scenario;

import org.lossless.core.settings.Values;
import org.lossless.nic.UetConfig;
import org.lossless.nic.UetSchema;
import org.lossless.nic.nscc.NsccParams;
import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.SectionReader;

/**
 * Makes the {@link UetConfig} of {@code nic.transport} (read by the {@code nic} schema) and {@code nic.uet} (Ultra
 * Ethernet's transport), read through {@link UetSchema#UET}; its custom rows {@code nscc} and {@code rccc} here.
 * {@code nic.uet} is read and checked whatever the transport.
 */
final class UetReader {
    private UetReader() {
    }

    /**
     * @param transport {@code nic.transport}, already read through {@link org.lossless.nic.NicSchema#NIC}
     * @param uet       the {@code nic.uet} cursor, read through {@link UetSchema#UET}
     */
    static UetConfig read(String transport, Cursor uet) {
        Values written = SectionReader.read(uet, UetSchema.UET);
        Values v = UetSchema.UET.resolve(written == null ? Values.empty(UetSchema.UET) : written);
        String spray = v.text("spray");
        int entropies = v.integer("entropies");
        int reps = v.integer("reps_buffer");
        long rto = v.number("rto");
        int outstanding = v.integer("max_outstanding");
        String cc = v.text("cc");
        NsccParams nscc = NicReader.ccSection(uet.key("nscc"), NsccParams.SECTION,
                w -> NsccParams.of(org.lossless.nic.cc.CcValues.texts(w)));
        Cursor rccc = uet.key("rccc").object("speculative", "grant");
        Cursor specKey = rccc.key("speculative");
        double speculative = UetConfig.DEFAULT_SPECULATIVE_BDP;
        if (specKey.present()) {
            try {
                speculative = Double.parseDouble(specKey.scalar("a number of BDPs such as 1.5").strip());
            } catch (NumberFormatException e) {
                throw specKey.error("expected a number of BDPs such as 1.5, got " + specKey.describe());
            }
        }
        if (!(speculative >= 0.01 && speculative <= 100)) {
            throw specKey.error(speculative + " is out of range: speculation is 0.01 to 100 BDPs of the QP's path");
        }
        int grant = (int) rccc.key("grant").integer(UetConfig.DEFAULT_GRANT_PACKETS, 1, 1024);
        double spec = speculative;
        return SwitchReader.build(uet, () -> new UetConfig(transport, spray, entropies, reps, rto, outstanding, cc, nscc,
                spec, grant));
    }
}
