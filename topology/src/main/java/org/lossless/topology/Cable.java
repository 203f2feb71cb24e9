package org.lossless.topology;

/**
 * A full-duplex link between two nodes; both directions have the same rate and delay.
 *
 * @param a       one end (node id)
 * @param aPort   port index at {@code a}
 * @param b       other end (node id)
 * @param bPort   port index at {@code b}
 * @param rateBps line rate, bits per second (&gt; 0)
 * @param delayPs one-way propagation delay, picoseconds (&gt;= 0)
 */
public record Cable(int a, int aPort, int b, int bPort, long rateBps, long delayPs) {
    public Cable {
        if (rateBps <= 0) {
            throw new IllegalArgumentException("link rate must be > 0 bps, got " + rateBps);
        }
        if (delayPs < 0) {
            throw new IllegalArgumentException("link delay must be >= 0 ps, got " + delayPs);
        }
        if (a == b) {
            throw new IllegalArgumentException("a link must join two different nodes, got " + a + "-" + b);
        }
    }

    /** The end opposite {@code node}. */
    public int peerOf(int node) {
        return node == a ? b : a;
    }
}
