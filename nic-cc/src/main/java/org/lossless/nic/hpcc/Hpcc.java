package org.lossless.nic.hpcc;

import org.lossless.core.net.Packet;
import org.lossless.core.net.Telemetry;
import org.lossless.core.net.WireFormat;
import org.lossless.nic.cc.CcAlgorithm;
import org.lossless.nic.cc.CongestionControl;
import org.lossless.nic.cc.CongestionEcho;
import org.lossless.nic.cc.RateWindowSender;

/**
 * HPCC as a {@link CcAlgorithm}: an {@link HpccSender} per sending QP; the receiver copies the data packet's
 * in-band telemetry into its ACK (one stateless echo for all QPs) and sends no CNPs.
 */
public final class Hpcc implements CcAlgorithm {
    /** The name in {@code nic.cc}. */
    public static final String NAME = "hpcc";
    private final HpccParams params;
    private final long lineRateBps;
    private final int mtu;
    private final long windowBytes;
    private final Echo echo;

    /**
     * @param params      with {@code base_rtt} resolved
     * @param lineRateBps the NIC's line rate, the highest rate
     * @param mtu         payload bytes per packet
     */
    public Hpcc(HpccParams params, long lineRateBps, int mtu) {
        this.params = params;
        this.lineRateBps = lineRateBps;
        this.mtu = mtu;
        this.windowBytes = RateWindowSender.bdpWindow(NAME, params.baseRttPs(), lineRateBps);
        this.echo = new Echo((int) params.intBytes());
    }

    public HpccParams params() {
        return params;
    }

    @Override
    public String name() {
        return NAME;
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
            ack.frameBytes += intBytes;
            ack.wireBytes = (char) (WireFormat.wireBytes(ack.frameBytes));
        }
    }
}
