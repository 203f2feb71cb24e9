package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.core.units.Units;
import org.lossless.core.settings.Values;
import org.lossless.nic.IrnSchema;
import org.lossless.nic.LossRecoveryConfig;
import org.lossless.nic.NicConfig;
import org.lossless.workloads.yaml.SectionReader;

/**
 * Reads {@code nic.irn} through {@link IrnSchema#IRN} ({@code bdp_cap}, {@code path} or a packet count, here) and
 * hands it as read, with {@code nic.loss_recovery} (read by the {@code nic} schema), to nic-cc's builder
 * ({@link NicConfig.Builder#lossRecovery(String, Values, long)}), which makes the {@link LossRecoveryConfig}. The
 * reader opens {@code rto_low} and {@code rto_high} for their order check only. {@code nic.irn} is read and checked
 * whatever the mode, and used only under {@code irn}.
 */
final class LossRecoveryReader {
    private LossRecoveryReader() {
    }

    /**
     * @param mode {@code nic.loss_recovery}, already read through {@link org.lossless.nic.NicSchema#NIC}
     * @param irn  the {@code nic.irn} cursor, read through {@link IrnSchema#IRN}
     * @param nic  the builder it goes to
     */
    static void read(String mode, Cursor irn, NicConfig.Builder nic) {
        Values written = SectionReader.read(irn, IrnSchema.IRN);
        Values v = IrnSchema.IRN.resolve(written == null ? Values.empty(IrnSchema.IRN) : written);
        long low = v.number("rto_low");
        long high = v.number("rto_high");
        if (high < low) {
            throw irn.key("rto_high").error(Units.formatTime(high) + " is below rto_low (" + Units.formatTime(low)
                    + "): RTO_high applies with more packets in flight and must be at least RTO_low");
        }
        long cap = bdpCap(irn.key("bdp_cap"));
        SwitchReader.build(irn, () -> nic.lossRecovery(mode, written, cap));
    }

    /** {@code path} (the default: each QP's path BDP in MTU packets) or 1..2^20 packets. */
    private static long bdpCap(Cursor c) {
        if (!c.present()) {
            return LossRecoveryConfig.PATH_BDP_CAP;
        }
        if (c.isScalar() && "path".equals(c.scalar("path or a packet count"))) {
            return LossRecoveryConfig.PATH_BDP_CAP;
        }
        try {
            return c.integer(1, LossRecoveryConfig.MAX_BDP_CAP);
        } catch (ScenarioException e) {
            throw c.error("expected path (one BDP of the QP's path, in MTU packets) or a packet count from 1 to "
                    + LossRecoveryConfig.MAX_BDP_CAP + ", got " + c.describe());
        }
    }
}
