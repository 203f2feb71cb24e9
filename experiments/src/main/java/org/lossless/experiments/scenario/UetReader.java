package org.lossless.experiments.scenario;

import org.lossless.core.settings.Values;
import org.lossless.nic.NicConfig;
import org.lossless.nic.UetConfig;
import org.lossless.nic.UetSchema;
import org.lossless.nic.nscc.NsccParams;
import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.SectionReader;

/**
 * Reads {@code nic.uet} (Ultra Ethernet's transport) through {@link UetSchema#UET} and its {@code nscc} row through
 * NSCC's section, and hands them as read, with {@code nic.transport} (read by the {@code nic} schema) and the
 * {@code rccc} row (read here), to nic-cc's builder ({@link NicConfig.Builder#uetNscc},
 * {@link NicConfig.Builder#uet(String, Values, double, int)}), which makes the {@link UetConfig}. {@code nic.uet} is
 * read and checked whatever the transport.
 */
final class UetReader {
    private UetReader() {
    }

    /**
     * @param transport {@code nic.transport}, already read through {@link org.lossless.nic.NicSchema#NIC}
     * @param uet       the {@code nic.uet} cursor, read through {@link UetSchema#UET}
     * @param nic       the builder it goes to
     */
    static void read(String transport, Cursor uet, NicConfig.Builder nic) {
        Values written = SectionReader.read(uet, UetSchema.UET);
        NicReader.ccSection(uet.key("nscc"), NsccParams.SECTION, nic::uetNscc);
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
        SwitchReader.build(uet, () -> nic.uet(transport, written, spec, grant));
    }
}
