package org.lossless.nic.timely;

import org.lossless.nic.cc.CcAlgorithm;
import org.lossless.nic.cc.CongestionControl;
import org.lossless.nic.cc.CongestionEcho;
import org.lossless.nic.cc.RateWindowSender;

/**
 * TIMELY as a {@link CcAlgorithm}: a {@link TimelySender} per sending QP; the receiver echoes only the data
 * packet's send timestamp (every ACK does), so there is no receiver state.
 */
public final class Timely implements CcAlgorithm {
    public static final String NAME = "timely";
    private final TimelyParams params;
    private final long lineRateBps;
    private final int mtu;
    private final long windowBytes;

    public Timely(TimelyParams params, long lineRateBps, int mtu) {
        this.params = params;
        this.lineRateBps = lineRateBps;
        this.mtu = mtu;
        this.windowBytes = params.window() ? RateWindowSender.bdpWindow(NAME, params.baseRttPs(), lineRateBps) : 0;
    }

    public TimelyParams params() {
        return params;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CongestionControl newSender() {
        return new TimelySender(params, lineRateBps, windowBytes, mtu);
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
