package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.core.units.Units;
import org.lossless.nic.LossRecoveryConfig;

/**
 * Reads {@code nic.loss_recovery} ({@code go-back-n}, the default, or {@code irn}) and {@code nic.irn}
 * ({@code rto_low}, {@code rto_high}, {@code rto_low_packets}, {@code bdp_cap}: {@code path} or a packet count).
 * {@code nic.irn} is read and checked whatever the mode, and used only under {@code irn}.
 */
final class LossRecoveryReader {
    static final String[] IRN_KEYS = {"rto_low", "rto_high", "rto_low_packets", "bdp_cap"};

    private LossRecoveryReader() {
    }

    static LossRecoveryConfig read(Cursor mode, Cursor irn) {
        String m = mode.oneOf(LossRecoveryConfig.GO_BACK_N, LossRecoveryConfig.MODES);
        irn.object(IRN_KEYS);
        Cursor lowKey = irn.key("rto_low");
        long low = lowKey.timePs(LossRecoveryConfig.DEFAULT_RTO_LOW_PS);
        if (low <= 0) {
            throw lowKey.error("RTO_low must be > 0, e.g. 100us");
        }
        Cursor highKey = irn.key("rto_high");
        long high = highKey.timePs(LossRecoveryConfig.DEFAULT_RTO_HIGH_PS);
        if (high < low) {
            throw highKey.error(Units.formatTime(high) + " is below rto_low (" + Units.formatTime(low)
                    + "): RTO_high applies with more packets in flight and must be at least RTO_low");
        }
        int n = (int) irn.key("rto_low_packets").integer(LossRecoveryConfig.DEFAULT_RTO_LOW_PACKETS, 1, 1 << 20);
        long cap = bdpCap(irn.key("bdp_cap"));
        return SwitchReader.build(irn, () -> new LossRecoveryConfig(m, low, high, n, cap));
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
