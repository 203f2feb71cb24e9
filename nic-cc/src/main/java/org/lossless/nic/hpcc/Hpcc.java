package org.lossless.nic.hpcc;

import org.lossless.core.net.Packet;
import org.lossless.core.net.Telemetry;
import org.lossless.nic.cc.BdpWindowAlgorithm;
import org.lossless.nic.cc.CcAlgorithm;
import org.lossless.nic.cc.CongestionControl;
import org.lossless.nic.cc.CongestionEcho;

/**
 * HPCC as a {@link CcAlgorithm}: an {@link HpccSender} per sending QP; the receiver copies the data packet's
 * in-band telemetry into its ACK (one stateless echo for all QPs) and sends no CNPs.
 */
public final class Hpcc extends BdpWindowAlgorithm<HpccParams> {
    /** The name in {@code nic.cc}. */
    public static final String NAME = "hpcc";
    private final Echo echo;

    /**
     * @param params      with {@code base_rtt} resolved
     * @param lineRateBps the NIC's line rate, the highest rate
     * @param mtu         payload bytes per packet
     */
    public Hpcc(HpccParams params, long lineRateBps, int mtu) {
        super(NAME, params, true, params.baseRttPs(), lineRateBps, mtu);
        this.echo = new Echo((int) params.intBytes());
    }

    @Override
    public CongestionControl newSender() {
        return new HpccSender(params, lineRateBps, windowBytes, mtu);
    }

    @Override
    public CongestionEcho newEcho() {
        return echo;
    }

    /** The receiver: telemetry into the ACK (which grows by the INT header), no CNPs. */
    private static final class Echo implements CongestionEcho {
        private final int intBytes;

        Echo(int intBytes) {
            this.intBytes = intBytes;
        }

        @Override
        public long onCePacket(long nowPs) {
            return NO_CNP;
        }

        @Override
        public boolean cnpOnAck() {
            return false;
        }

        @Override
        public void echo(Packet data, Packet ack) {
            Telemetry.copy(data, ack);
            ack.frameBytes += intBytes;   // the NIC pads it and sets its line bytes after the echo (NicFrames)
        }
    }
}
