package org.lossless.nic.dcqcn;

import org.lossless.nic.cc.CcAlgorithm;
import org.lossless.nic.cc.CongestionControl;
import org.lossless.nic.cc.CongestionEcho;

/**
 * DCQCN as a {@link CcAlgorithm}: a {@link ReactionPoint} per sending QP and a {@link NotificationPoint}
 * per receiving QP, both from one parameter set at the NIC's line rate. One instance per NIC: with
 * {@code cnp_scope: port} its notification points share one hold-off clock, the NIC port's.
 */
public final class Dcqcn implements CcAlgorithm {
    /** The name in {@code nic.cc}. */
    public static final String NAME = "dcqcn";
    private final DcqcnParams params;
    /** The port's CNP hold-off clock with {@code cnp_scope: port}, else null (each QP has its own). */
    private final CnpClock portClock;

    /** DCQCN for one NIC (one port). */
    public Dcqcn(DcqcnParams params) {
        this.params = java.util.Objects.requireNonNull(params, "params");
        this.portClock = params.cnpScope() == CnpScope.PORT ? new CnpClock() : null;
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
        return portClock == null ? new NotificationPoint(params) : new NotificationPoint(params, portClock);
    }
}
