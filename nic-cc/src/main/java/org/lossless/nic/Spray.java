package org.lossless.nic;

/**
 * The entropy value (UDP source port) of each packet of one UET QP: what the switches' ECMP hash sees, so a new
 * value per packet is per-packet spraying with no change to the switches.
 * <ul>
 *   <li>{@code none}: the QP's own port, every packet (RoCE's behaviour);</li>
 *   <li>{@code oblivious}: a pseudo-random one of the QP's {@code entropies} values per packet;</li>
 *   <li>{@code reps} (recycled entropy packet spraying, Bonato et al. 2024): an entropy whose ACK came back without
 *       ECN is remembered (up to {@code buffer}, first in first out) and reused for a later packet; with none
 *       remembered, a pseudo-random one as oblivious. A NACK or an ECN-marked ACK does not bring it back.</li>
 * </ul>
 * The QP's values are {@code entropies} consecutive ports from its own, wrapping in 49152..65535. Deterministic
 * (the draws come from a per-QP generator seeded by its port). No allocation.
 */
final class Spray {
    private static final int MODE_NONE = 0;
    private static final int MODE_OBLIVIOUS = 1;
    private static final int MODE_REPS = 2;
    private final int mode;
    private final int basePort;
    private final int entropies;
    private final char[] ring;
    private int head;
    private int count;
    private long state;
    /** Entropies reused from the REPS buffer (for tests and reports). */
    private long recycled;

    Spray(String mode, int basePort, int entropies, int buffer) {
        this.mode = switch (mode) {
            case UetConfig.NONE -> MODE_NONE;
            case UetConfig.OBLIVIOUS -> MODE_OBLIVIOUS;
            case UetConfig.REPS -> MODE_REPS;
            default -> throw new IllegalArgumentException("unknown spray mode " + mode);
        };
        this.basePort = basePort;
        this.entropies = entropies;
        this.ring = new char[this.mode == MODE_REPS ? buffer : 0];
        this.state = 0x9E3779B97F4A7C15L * (basePort + 1L);
    }

    /** The entropy of the next packet. */
    int next() {
        if (mode == MODE_NONE) {
            return basePort;
        }
        if (count > 0) {
            char e = ring[head];
            head = head + 1 == ring.length ? 0 : head + 1;
            count--;
            recycled++;
            return e;
        }
        return port(draw());
    }

    /** An ACK echoing entropy {@code entropy} came back, ECN-marked or not: REPS remembers a good one. */
    void acked(int entropy, boolean ce) {
        if (mode != MODE_REPS || ce || count == ring.length) {
            return;
        }
        int tail = head + count;
        ring[tail >= ring.length ? tail - ring.length : tail] = (char) entropy;
        count++;
    }

    long recycled() {
        return recycled;
    }

    private int draw() {
        state += 0x9E3779B97F4A7C15L;
        long z = state;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (int) (((z >>> 32) * entropies) >>> 32);
    }

    private int port(int k) {
        int range = HostNic.UDP_PORT_MAX - HostNic.UDP_PORT_MIN + 1;
        return HostNic.UDP_PORT_MIN + Math.floorMod(basePort - HostNic.UDP_PORT_MIN + k, range);
    }
}
