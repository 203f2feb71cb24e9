package org.lossless.nic.dctcp;

import org.lossless.nic.cc.CcAlgorithm;
import org.lossless.nic.cc.CongestionControl;
import org.lossless.nic.cc.CongestionEcho;
import org.lossless.nic.cc.RateWindowSender;

/**
 * DCTCP for RDMA as a {@link CcAlgorithm}: a {@link DctcpSender} per sending QP; the receiver echoes every
 * CE mark at once (as the ECN-echo flag of the packet's ACK when the NIC ACKs every packet, else as a CNP).
 */
public final class Dctcp implements CcAlgorithm {
    public static final String NAME = "dctcp";
    private static final CongestionEcho ECHO = new CongestionEcho() {
        @Override
        public long onCePacket(long nowPs) {
            return nowPs;
        }

        @Override
        public boolean cnpOnAck() {
            return true;
        }
    };
    private final DctcpParams params;
    private final long lineRateBps;
    private final int mtu;
    private final long windowBytes;

    public Dctcp(DctcpParams params, long lineRateBps, int mtu) {
        this.params = params;
        this.lineRateBps = lineRateBps;
        this.mtu = mtu;
        this.windowBytes = params.window() ? RateWindowSender.bdpWindow(NAME, params.baseRttPs(), lineRateBps) : 0;
    }

    public DctcpParams params() {
        return params;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CongestionControl newSender() {
        return new DctcpSender(params, lineRateBps, windowBytes, mtu);
    }

    @Override
    public CongestionEcho newEcho() {
        return ECHO;
    }
}
