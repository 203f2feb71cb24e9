package org.lossless.nic.dcqcn;

import org.lossless.nic.cc.CcAlgorithm;
import org.lossless.nic.cc.CongestionControl;
import org.lossless.nic.cc.CongestionEcho;

/**
 * DCQCN as a {@link CcAlgorithm}: a {@link ReactionPoint} per sending QP and a {@link NotificationPoint}
 * per receiving QP, both from one parameter set at the NIC's line rate.
 */
public final class Dcqcn implements CcAlgorithm {
    /** The name in {@code nic.cc}. */
    public static final String NAME = "dcqcn";
    private final DcqcnParams params;

    public Dcqcn(DcqcnParams params) {
        this.params = java.util.Objects.requireNonNull(params, "params");
    }

    public DcqcnParams params() {
        return params;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CongestionControl newSender() {
        return new ReactionPoint(params);
    }

    @Override
    public CongestionEcho newEcho() {
        return new NotificationPoint(params);
    }
}
