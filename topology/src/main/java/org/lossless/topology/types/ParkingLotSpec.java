package org.lossless.topology.types;

import java.util.Collections;
import java.util.List;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;

/**
 * {@code parking-lot}: a chain of switches sw0 - sw1 - ... - sw(n-1); switch i has
 * {@code sendersPerSwitch[i]} sender hosts, and one receiver hangs off the last switch. Hosts are
 * numbered switch by switch, the receiver last ({@link #receiverHost()}). The PFC parking lot of
 * validation V-05 (H1..H3 on S1, H4 and R on S2) is {@code senders: [3, 1]}: h0..h2 on sw0, h3 and
 * the receiver h4 on sw1.
 *
 * @param sendersPerSwitch senders on each switch ({@code senders}; one entry per switch, each &gt;= 0,
 *                         at least one switch and one sender in all)
 * @param hostLink         host links
 * @param fabricLink       the links of the chain
 */
public record ParkingLotSpec(List<Integer> sendersPerSwitch, LinkSpec hostLink, LinkSpec fabricLink)
        implements TopologySpec {
    public static final String TYPE = "parking-lot";

    public ParkingLotSpec {
        if (sendersPerSwitch == null || sendersPerSwitch.isEmpty()) {
            throw new IllegalArgumentException(TYPE + ": senders must list the senders on each switch, e.g. [3, 1]");
        }
        sendersPerSwitch = List.copyOf(sendersPerSwitch);
        long total = 0;
        for (int i = 0; i < sendersPerSwitch.size(); i++) {
            Checks.atLeast(TYPE, "senders[" + i + "]", sendersPerSwitch.get(i), 0);
            total += sendersPerSwitch.get(i);
        }
        Checks.atLeast(TYPE, "total senders", total, 1);
        Checks.hostLimit(TYPE, total + 1);
        Checks.present(TYPE, "host_link", hostLink);
        Checks.present(TYPE, "fabric_link", fabricLink);
    }

    /** The classic parking lot: {@code switches} switches, one sender on each. */
    public static ParkingLotSpec oneSenderPerSwitch(int switches, LinkSpec hostLink, LinkSpec fabricLink) {
        Checks.atLeast(TYPE, "switches", switches, 1);
        return new ParkingLotSpec(Collections.nCopies(switches, 1), hostLink, fabricLink);
    }

    @Override
    public String type() {
        return TYPE;
    }

    public int switches() {
        return sendersPerSwitch.size();
    }

    @Override
    public long hostCount() {
        return receiverHost() + 1L;
    }

    /** Host number of the receiver: the last host. */
    public int receiverHost() {
        return sendersPerSwitch.stream().mapToInt(Integer::intValue).sum();
    }

    @Override
    public Topology build() {
        Topology.Builder b = Topology.builder(TYPE);
        int receiver = receiverHost();
        for (int h = 0; h <= receiver; h++) {
            b.addHost("h" + h);
        }
        int first = b.nodeCount();
        for (int i = 0; i < switches(); i++) {
            b.addSwitch("sw" + i, 1);
        }
        int host = 0;
        for (int i = 0; i < switches(); i++) {
            for (int j = 0; j < sendersPerSwitch.get(i); j++) {
                b.connect(host++, first + i, hostLink);
            }
        }
        b.connect(receiver, first + switches() - 1, hostLink);
        for (int i = 0; i + 1 < switches(); i++) {
            b.connect(first + i, first + i + 1, fabricLink);
        }
        return b.build();
    }
}
