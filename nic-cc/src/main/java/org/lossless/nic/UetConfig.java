package org.lossless.nic;

import java.util.List;

import org.lossless.nic.nscc.NsccParams;

/**
 * The transport of every QP ({@code nic.transport}) and, under Ultra Ethernet, its settings ({@code nic.uet}).
 *
 * @param transport      {@link #ROCEV2} (the default: RC with {@code nic.loss_recovery}) or {@link #UET} (reliable
 *                       unordered delivery, RUD, with selective retransmission, {@link Rud})
 * @param spray          UET's load balancing: {@link #REPS} (the default: recycle entropies whose ACK came back
 *                       without ECN), {@link #OBLIVIOUS} (a new entropy per packet, in turn), or {@link #NONE} (one
 *                       entropy per QP, as RoCE)
 * @param entropies      distinct entropy values (UDP source ports) a QP sprays over, 1..16384
 * @param repsBuffer     REPS: good entropies a QP remembers, 1..4096
 * @param rtoPs          UET's retransmission timeout, ps: with no progress of the cumulative ACK for this long the
 *                       unacknowledged packets not selectively acknowledged are sent again
 * @param maxOutstanding most packets between the cumulative ACK and the newest packet sent (the size of the
 *                       receiver's and sender's bitmaps), 64..2^20
 * @param cc             congestion control of UET QPs: {@code nscc} (sender window), {@code rccc} (receiver
 *                       credits), {@code hybrid} (both) or {@code none}
 * @param nscc           NSCC's parameters
 * @param speculativeBdp RCCC: what a QP may send before its first ACK or grant, in BDPs of its path
 * @param grantPackets   RCCC: most MTUs one grant gives
 */
public record UetConfig(String transport, String spray, int entropies, int repsBuffer, long rtoPs, int maxOutstanding,
                        String cc, NsccParams nscc, double speculativeBdp, int grantPackets) {
    public static final String ROCEV2 = "rocev2";
    public static final String UET = "uet";
    public static final List<String> TRANSPORTS = List.of(ROCEV2, UET);
    public static final String REPS = "reps";
    public static final String OBLIVIOUS = "oblivious";
    public static final String NONE = "none";
    public static final List<String> SPRAY_MODES = List.of(REPS, OBLIVIOUS, NONE);
    /** Congestion controls a UET QP may run today. */
    public static final List<String> CCS = List.of(org.lossless.nic.nscc.Nscc.NAME, "rccc", "hybrid", "none");
    /** RCCC's default speculation: 1.5 BDP (the UEC reference simulator's first credit, its largest window). */
    public static final double DEFAULT_SPECULATIVE_BDP = 1.5;
    /** RCCC's default grant: 4 MTUs (the UEC reference simulator's credit per pull, "as per default in UEC spec"). */
    public static final int DEFAULT_GRANT_PACKETS = 4;
    /** Default entropy count per QP: 256 (Lossless's choice; enough to reach every path of a 3-tier fat tree). */
    public static final int DEFAULT_ENTROPIES = 256;
    /** Default REPS buffer: 32 entropies (Lossless's choice; about one BDP of 4 KB packets at 100 Gb/s, 10 us). */
    public static final int DEFAULT_REPS_BUFFER = 32;
    /** Default UET timeout: 100 us (the UEC reference simulator's minimum RTO, DEFAULT_UEC_RTO_MIN). */
    public static final long DEFAULT_RTO_PS = 100_000_000L;
    /** Default reorder window: 1,024 packets (1.5 BDP is 150 packets of 4 KB at 400 Gb/s and 8 us). */
    public static final int DEFAULT_MAX_OUTSTANDING = 1024;

    /** RoCEv2, the default: every UET setting at its default and unused. */
    public static final UetConfig ROCE = new UetConfig(ROCEV2, REPS, DEFAULT_ENTROPIES, DEFAULT_REPS_BUFFER,
            DEFAULT_RTO_PS, DEFAULT_MAX_OUTSTANDING, org.lossless.nic.nscc.Nscc.NAME, NsccParams.DEFAULTS,
            DEFAULT_SPECULATIVE_BDP, DEFAULT_GRANT_PACKETS);

    public UetConfig {
        if (transport == null || !TRANSPORTS.contains(transport)) {
            throw new IllegalArgumentException("nic.transport must be one of " + String.join(", ", TRANSPORTS)
                    + ", got " + transport);
        }
        if (spray == null || !SPRAY_MODES.contains(spray)) {
            throw new IllegalArgumentException("nic.uet.spray must be one of " + String.join(", ", SPRAY_MODES)
                    + ", got " + spray);
        }
        if (entropies < 1 || entropies > 16384) {
            throw new IllegalArgumentException("nic.uet.entropies must be 1..16384, got " + entropies);
        }
        if (repsBuffer < 1 || repsBuffer > 4096) {
            throw new IllegalArgumentException("nic.uet.reps_buffer must be 1..4096, got " + repsBuffer);
        }
        if (rtoPs <= 0) {
            throw new IllegalArgumentException("nic.uet.rto must be > 0, got " + rtoPs + " ps");
        }
        if (maxOutstanding < 64 || maxOutstanding > (1 << 20)) {
            throw new IllegalArgumentException("nic.uet.max_outstanding must be 64..1048576 packets, got " + maxOutstanding);
        }
        if (cc == null || !CCS.contains(cc)) {
            throw new IllegalArgumentException("nic.uet.cc must be one of " + String.join(", ", CCS) + ", got " + cc);
        }
        java.util.Objects.requireNonNull(nscc, "nscc");
        if (!(speculativeBdp >= 0.01 && speculativeBdp <= 100)) {
            throw new IllegalArgumentException("nic.uet.rccc.speculative must be 0.01..100 BDPs, got " + speculativeBdp);
        }
        if (grantPackets < 1 || grantPackets > 1024) {
            throw new IllegalArgumentException("nic.uet.rccc.grant must be 1..1024 packets, got " + grantPackets);
        }
    }

    /** Whether UET QPs run on receiver credits (RCCC, alone or in the hybrid). */
    public boolean credits() {
        return cc.equals("rccc") || cc.equals("hybrid");
    }

    /** The sender congestion control UET QPs run: NSCC for nscc and hybrid, none for rccc and none. */
    public String senderCc() {
        return cc.equals("nscc") || cc.equals("hybrid") ? org.lossless.nic.nscc.Nscc.NAME : "none";
    }

    /** Whether QPs run Ultra Ethernet's transport. */
    public boolean uet() {
        return transport.equals(UET);
    }

    /** The same settings on transport {@code t}. */
    public UetConfig withTransport(String t) {
        return new UetConfig(t, spray, entropies, repsBuffer, rtoPs, maxOutstanding, cc, nscc, speculativeBdp, grantPackets);
    }

    /** The same settings with load balancing {@code mode}. */
    public UetConfig withSpray(String mode) {
        return new UetConfig(transport, mode, entropies, repsBuffer, rtoPs, maxOutstanding, cc, nscc, speculativeBdp, grantPackets);
    }

    /** The same settings with congestion control {@code name}. */
    public UetConfig withCc(String name) {
        return new UetConfig(transport, spray, entropies, repsBuffer, rtoPs, maxOutstanding, name, nscc, speculativeBdp, grantPackets);
    }
}
