package org.lossless.topology;

/** {@code star}: N hosts on one switch. Hosts h0..h(N-1), switch {@code sw0}. */
public final class StarTopology {
    private StarTopology() {
    }

    public static Topology build(int hosts, long rateBps, long delayPs) {
        if (hosts < 2) {
            throw new IllegalArgumentException("a star needs at least 2 hosts, got " + hosts);
        }
        Topology.Builder b = Topology.builder("star");
        int[] h = new int[hosts];
        for (int i = 0; i < hosts; i++) {
            h[i] = b.addHost("h" + i);
        }
        int sw = b.addSwitch("sw0", 1);
        for (int i = 0; i < hosts; i++) {
            b.connect(h[i], sw, rateBps, delayPs);
        }
        return b.build();
    }
}
