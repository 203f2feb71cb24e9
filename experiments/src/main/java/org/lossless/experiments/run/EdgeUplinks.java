package org.lossless.experiments.run;

import java.util.HashMap;
import java.util.Map;

import org.lossless.topology.Port;
import org.lossless.topology.Topology;

/**
 * The edge switch (ToR, leaf, rail switch) of every host and the summed rate of each edge switch's cables to other
 * switches: what every message between hosts of two different edge switches must cross, whatever the routing
 * ({@link PortBound}'s uplink bound). On a 2:1 ToR the uplinks carry half of what its hosts can send.
 *
 * @param edgeOf index of each host's edge switch, by host number
 * @param upBps  summed rate of the switch-side cables of each edge switch, bps, by edge index (0: none, as in a star)
 */
record EdgeUplinks(int[] edgeOf, long[] upBps) {
    static EdgeUplinks of(Topology t) {
        int hosts = t.hostCount();
        int[] edgeOf = new int[hosts];
        Map<Integer, Integer> index = new HashMap<>();
        for (int h = 0; h < hosts; h++) {
            edgeOf[h] = index.computeIfAbsent(t.edgeSwitchOf(h), k -> index.size());
        }
        long[] up = new long[index.size()];
        index.forEach((node, i) -> {
            for (Port p : t.ports(node)) {
                if (!t.node(p.peer()).isHost()) {
                    up[i] += p.cable().rateBps();
                }
            }
        });
        return new EdgeUplinks(edgeOf, up);
    }

    int edges() {
        return upBps.length;
    }
}
