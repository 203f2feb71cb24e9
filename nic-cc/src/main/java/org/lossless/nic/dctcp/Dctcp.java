package org.lossless.nic.dctcp;

import org.lossless.nic.cc.BdpWindowAlgorithm;
import org.lossless.nic.cc.CcAlgorithm;
import org.lossless.nic.cc.CongestionControl;
import org.lossless.nic.cc.CongestionEcho;

/**
 * DCTCP for RDMA as a {@link CcAlgorithm}: a {@link DctcpSender} per sending QP; the receiver echoes every
 * CE mark at once (as the ECN-echo flag of the packet's ACK when the NIC ACKs every packet, else as a CNP).
 */
public final class Dctcp extends BdpWindowAlgorithm<DctcpParams> {
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

    public Dctcp(DctcpParams params, long lineRateBps, int mtu) {
        super(NAME, params, params.window(), params.baseRttPs(), lineRateBps, mtu);
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
