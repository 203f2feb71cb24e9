package org.lossless.nic.swift;

import org.lossless.nic.cc.CcAlgorithm;
import org.lossless.nic.cc.CongestionControl;
import org.lossless.nic.cc.CongestionEcho;

/**
 * Swift as a {@link CcAlgorithm}: a {@link SwiftSender} per sending QP, made with its path (switch count
 * for the target, base RTT for the first window); receivers echo only timestamps, as every ACK does.
 */
public final class Swift implements CcAlgorithm {
    public static final String NAME = "swift";
    private final SwiftParams params;
    private final long lineRateBps;
    private final int mtu;
    /** Line bytes of a full data packet in the NIC's wire format (BDP in packets, pacing). */
    private final int packetWireBytes;

    /**
     * @param mtu             payload bytes per packet
     * @param packetWireBytes line bytes of a full packet ({@code WireFormat.fullPacketWire(mtu)} of {@code nic.wire})
     */
    public Swift(SwiftParams params, long lineRateBps, int mtu, int packetWireBytes) {
        if (packetWireBytes <= mtu) {
            throw new IllegalArgumentException("a full packet's line bytes must exceed its payload, got "
                    + packetWireBytes + " for " + mtu);
        }
        this.params = params;
        this.lineRateBps = lineRateBps;
        this.mtu = mtu;
        this.packetWireBytes = packetWireBytes;
    }

    public SwiftParams params() {
        return params;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean needsPath() {
        return true;
    }

    /** Without a path: no hop scaling, a first window of one packet. */
    @Override
    public CongestionControl newSender() {
        return new SwiftSender(params, lineRateBps, mtu, packetWireBytes, 0, 1);
    }

    /** The first window is the path's BDP (line rate x base RTT, whole packets, within the window bounds). */
    @Override
    public CongestionControl newSender(long baseRttPs, int switches) {
        double bdpPackets = (double) baseRttPs * lineRateBps / 8e12 / packetWireBytes;
        return new SwiftSender(params, lineRateBps, mtu, packetWireBytes, switches, Math.ceil(bdpPackets));
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
