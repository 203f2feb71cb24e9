package org.lossless.nic;

import java.util.List;

/**
 * The NIC receive buffer ({@code nic.rx_buffer}): frames of the lossless {@code priorities} wait here
 * until the host takes them at {@code drainRateBps} (PCIe, memory, address translation), and the NIC
 * pauses its switch with PFC when a priority's occupancy reaches the XOFF threshold (reference
 * switch-buffer-pfc.md §3.2 item 2, §5.5). Off unless configured.
 *
 * <p>Thresholds are occupancy levels in bytes of frames (Ethernet header to FCS) of one priority:
 * XOFF is sent when the occupancy reaches {@code xoffBytes}, XON when it falls to {@code xonBytes} or
 * below. {@link #AUTO} follows the mlx5 driver: XOFF threshold = size − mlx5 xoff, where
 * mlx5 xoff [B] = (301 + 2.16·L[m])·S[Gb/s] + 2.72·MTU[B] (L = host cable length, S = host link rate,
 * MTU = largest data frame), and XON threshold = XOFF threshold − MTU.
 *
 * @param sizeBytes      buffer per lossless priority, bytes (&gt; 0); a frame that does not fit is dropped
 * @param drainRateBps   rate at which the host takes frames out of the buffer (all priorities share it), bps
 * @param xoffBytes      XOFF threshold, 1..size, or {@link #AUTO}
 * @param xonBytes       XON threshold, 0..xoff − 1, or {@link #AUTO}
 * @param priorities     bit mask of the priorities that go through the buffer (bit p = priority p), not 0
 * @param hosts          host numbers that have the buffer; empty = every host
 * @param stormTimeoutPs pause-storm protection: a priority that has asked for a pause continuously this
 *                       long stops sending PAUSE for the rest of the run (mlx5 tx_pause_storm_error);
 *                       0 = off
 */
public record RxBufferConfig(long sizeBytes, long drainRateBps, long xoffBytes, long xonBytes, int priorities,
                             List<Integer> hosts, long stormTimeoutPs) {
    /** Threshold value meaning "computed with the mlx5 rule". */
    public static final long AUTO = -1;
    /** Propagation per metre of cable used to turn a link delay into a length, ps (5 ns/m). */
    public static final long PS_PER_METRE = 5_000;

    public RxBufferConfig {
        if (sizeBytes <= 0) {
            throw new IllegalArgumentException("nic.rx_buffer.size must be > 0 bytes, got " + sizeBytes);
        }
        if (drainRateBps <= 0) {
            throw new IllegalArgumentException("nic.rx_buffer.drain_rate must be > 0 bps, got " + drainRateBps);
        }
        if (xoffBytes != AUTO && (xoffBytes < 1 || xoffBytes > sizeBytes)) {
            throw new IllegalArgumentException("nic.rx_buffer.xoff must be auto or 1.." + sizeBytes
                    + " bytes (at most the size), got " + xoffBytes);
        }
        if (xonBytes != AUTO && xonBytes < 0) {
            throw new IllegalArgumentException("nic.rx_buffer.xon must be auto or >= 0 bytes, got " + xonBytes);
        }
        if (xonBytes != AUTO && xoffBytes != AUTO && xonBytes >= xoffBytes) {
            throw new IllegalArgumentException("nic.rx_buffer.xon (" + xonBytes + " B) must be below xoff ("
                    + xoffBytes + " B)");
        }
        if (priorities <= 0 || priorities > 0xFF) {
            throw new IllegalArgumentException("nic.rx_buffer.priorities must list priorities 0..7, got mask " + priorities);
        }
        hosts = List.copyOf(hosts);
        for (int h : hosts) {
            if (h < 0) {
                throw new IllegalArgumentException("nic.rx_buffer.hosts must be host numbers >= 0, got " + h);
            }
        }
        if (stormTimeoutPs < 0) {
            throw new IllegalArgumentException("nic.rx_buffer.storm_timeout must be >= 0 (0 = off), got "
                    + stormTimeoutPs + " ps");
        }
    }

    /** Whether frames of {@code priority} go through the buffer. */
    public boolean buffers(int priority) {
        return (priorities & (1 << priority)) != 0;
    }

    /** Whether host {@code host} has the buffer. */
    public boolean appliesTo(int host) {
        return hosts.isEmpty() || hosts.contains(host);
    }

    /** The thresholds in force, bytes. */
    public record Thresholds(long xoffBytes, long xonBytes) {
    }

    /**
     * The thresholds for a NIC on a link of {@code rateBps} and {@code delayPs} (cable length = delay / 5 ns),
     * with frames of at most {@code maxFrameBytes}.
     *
     * @throws IllegalArgumentException naming the key when the size leaves no room for the mlx5 headroom
     */
    public Thresholds thresholds(long rateBps, long delayPs, int maxFrameBytes) {
        long xoff = xoffBytes;
        if (xoff == AUTO) {
            long headroom = mlx5XoffBytes(rateBps, delayPs / (double) PS_PER_METRE, maxFrameBytes);
            xoff = sizeBytes - headroom;
            if (xoff <= (xonBytes == AUTO ? maxFrameBytes : xonBytes)) {
                throw new IllegalArgumentException("nic.rx_buffer.size: " + sizeBytes + " B is too small for "
                        + "xoff: auto: the mlx5 headroom at " + rateBps / 1e9 + " Gb/s and " + delayPs / PS_PER_METRE
                        + " m of cable is " + headroom + " B, so the size must exceed " + (headroom
                        + (xonBytes == AUTO ? maxFrameBytes : xonBytes)) + " B (or set xoff and xon)");
            }
        }
        long xon = xonBytes == AUTO ? xoff - maxFrameBytes : xonBytes;
        if (xon < 0 || xon >= xoff) {
            throw new IllegalArgumentException("nic.rx_buffer.xon: auto (xoff − one " + maxFrameBytes
                    + " B frame) needs xoff above " + maxFrameBytes + " B, got xoff " + xoff + " B");
        }
        return new Thresholds(xoff, xon);
    }

    /**
     * The mlx5 driver's receive-buffer headroom ("xoff", net/mlx5e receive buffer configuration), bytes,
     * rounded up: (301 + 2.16·L)·S + 2.72·MTU with L in metres, S in Gb/s and MTU in bytes.
     * 100 Gb/s, 100 m, MTU 1500: 55,780 B.
     */
    public static long mlx5XoffBytes(long rateBps, double cableMetres, int mtuBytes) {
        double s = rateBps / 1e9;
        return (long) Math.ceil((301 + 2.16 * cableMetres) * s + 2.72 * mtuBytes - 1e-9);
    }
}
