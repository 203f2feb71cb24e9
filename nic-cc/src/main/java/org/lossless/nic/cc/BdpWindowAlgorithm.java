package org.lossless.nic.cc;

/**
 * What HPCC, TIMELY and DCTCP share as {@link CcAlgorithm}s: their parameters, the NIC's line rate and MTU,
 * and the send window every sender of the algorithm gets (the base RTT's bandwidth-delay product, or none).
 *
 * @param <P> the algorithm's parameter record
 */
public abstract class BdpWindowAlgorithm<P> implements CcAlgorithm {
    private final String name;
    protected final P params;
    /** The NIC's line rate, the highest rate a sender may use, bit/s. */
    protected final long lineRateBps;
    /** Payload bytes per packet. */
    protected final int mtu;
    /** The send window of every sender, bytes; 0 when the algorithm runs without one. */
    protected final long windowBytes;

    /**
     * @param name        the name in {@code nic.cc}
     * @param params      with {@code base_rtt} resolved when {@code window} is set
     * @param window      whether senders are held to a window of one bandwidth-delay product
     * @param baseRttPs   the base RTT of that product, ps
     * @param lineRateBps the NIC's line rate
     * @param mtu         payload bytes per packet
     */
    protected BdpWindowAlgorithm(String name, P params, boolean window, long baseRttPs, long lineRateBps, int mtu) {
        this.name = name;
        this.params = params;
        this.lineRateBps = lineRateBps;
        this.mtu = mtu;
        this.windowBytes = window ? RateWindowSender.bdpWindow(name, baseRttPs, lineRateBps) : 0;
    }

    public final P params() {
        return params;
    }

    @Override
    public final String name() {
        return name;
    }
}
