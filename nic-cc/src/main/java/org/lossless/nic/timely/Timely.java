package org.lossless.nic.timely;

import org.lossless.nic.cc.BdpWindowAlgorithm;
import org.lossless.nic.cc.CcAlgorithm;
import org.lossless.nic.cc.CongestionControl;
import org.lossless.nic.cc.CongestionEcho;

/**
 * TIMELY as a {@link CcAlgorithm}: a {@link TimelySender} per sending QP; the receiver echoes only the data
 * packet's send timestamp (every ACK does), so there is no receiver state.
 */
public final class Timely extends BdpWindowAlgorithm<TimelyParams> {
    public static final String NAME = "timely";

    public Timely(TimelyParams params, long lineRateBps, int mtu) {
        super(NAME, params, params.window(), params.baseRttPs(), lineRateBps, mtu);
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
