package org.lossless.nic.nscc;

import org.lossless.nic.cc.CcAlgorithm;
import org.lossless.nic.cc.CongestionControl;
import org.lossless.nic.cc.CongestionEcho;

/**
 * NSCC as a {@link CcAlgorithm}: an {@link NsccSender} per sending QP, made with its path's base RTT. The receiver
 * side (the ECN echo and timestamp on every ACK) is the UET transport's own, so there is no {@link CongestionEcho}.
 */
public final class Nscc implements CcAlgorithm {
    public static final String NAME = "nscc";
    private final NsccParams params;
    private final long lineRateBps;
    private final int mtu;

    public Nscc(NsccParams params, long lineRateBps, int mtu) {
        this.params = params;
        this.lineRateBps = lineRateBps;
        this.mtu = mtu;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean needsPath() {
        return true;
    }

    /** NSCC sizes everything from the path's base RTT; a QP without one cannot run it. */
    @Override
    public CongestionControl newSender() {
        throw new IllegalStateException("NSCC needs the QP's path base RTT");
    }

    @Override
    public CongestionControl newSender(long baseRttPs, int switches) {
        return new NsccSender(params, lineRateBps, mtu, baseRttPs);
    }

    @Override
    public CongestionEcho newEcho() {
        return null;
    }

    @Override
    public boolean echoes() {
        return false;
    }
}
