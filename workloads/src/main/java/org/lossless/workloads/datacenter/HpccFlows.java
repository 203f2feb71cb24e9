package org.lossless.workloads.datacenter;

import java.util.ArrayList;
import java.util.List;

import org.lossless.topology.Topology;
import org.lossless.topology.io.HpccFlow;
import org.lossless.workloads.traffic.Message;

/**
 * Posted messages as HPCC simulator flows: one flow per message from the host that sends its payload to the
 * one that receives it, priority group = the connection's priority, dport 200 for incast messages (tag
 * operation {@code incast}) and 100 for the rest, start = post time + 2 s (HPCC's convention).
 */
public final class HpccFlows {
    private HpccFlows() {
    }

    public static List<HpccFlow> of(Topology t, List<Message> messages) {
        List<HpccFlow> out = new ArrayList<>(messages.size());
        for (Message m : messages) {
            int dport = "incast".equals(m.tag().operation()) ? HpccFlow.DPORT_INCAST : HpccFlow.DPORT_BACKGROUND;
            out.add(HpccFlow.ofHosts(t, m.dataSrc(), m.dataDst(), m.connection().options().priority(), dport, m.bytes(),
                    m.postPs() + HpccFlow.CONVENTIONAL_START_PS));
        }
        return out;
    }
}
