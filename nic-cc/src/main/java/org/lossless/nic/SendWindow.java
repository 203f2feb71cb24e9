package org.lossless.nic;

import java.math.BigInteger;

/** The {@code nic.window} of a new QP, and the path BDP in packets (IRN's cap). */
final class SendWindow {
    private SendWindow() {
    }

    /**
     * The window of a QP from {@code src} to {@code dst}, payload bytes ({@link Long#MAX_VALUE}: none). For
     * {@code bdp}: base RTT x line rate, rounded up to whole MTUs, so the window lets a QP alone keep its
     * line busy (a packet's wire bytes exceed its payload, so the rounded-up count of MTU packets covers the
     * RTT).
     */
    static long bytes(NicConfig config, PathRtt pathRtt, int src, int dst, long lineRateBps, String nic) {
        long w = config.window();
        if (w == NicConfig.NO_WINDOW) {
            return Long.MAX_VALUE;
        }
        if (w != NicConfig.BDP_WINDOW) {
            return w;
        }
        return bdpPackets(pathRtt, src, dst, lineRateBps, config.mtu(), nic, "nic.window is bdp") * config.mtu();
    }

    /**
     * One bandwidth-delay product of the path from {@code src} to {@code dst} in MTU packets: base RTT x line
     * rate / (8 x mtu), rounded up, at least 1 (also IRN's BDP cap). {@code why} names the setting that needs it.
     */
    static long bdpPackets(PathRtt pathRtt, int src, int dst, long lineRateBps, int mtu, String nic, String why) {
        if (pathRtt == null) {
            throw new IllegalStateException(nic + ": " + why + " but no path RTT source is set");
        }
        BigInteger bits = BigInteger.valueOf(pathRtt.ps(src, dst)).multiply(BigInteger.valueOf(lineRateBps));
        BigInteger perMtu = BigInteger.valueOf(8_000_000_000_000L * mtu);
        long packets = bits.add(perMtu).subtract(BigInteger.ONE).divide(perMtu).longValueExact();
        return Math.max(1, packets);
    }
}
