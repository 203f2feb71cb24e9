package org.lossless.nic;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.kernel.Kernel;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Link;
import org.lossless.core.net.MessageSize;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PacketType;

/**
 * Two NICs on one cable (host 0 and host 1, no switch): every frame either sends is recorded with its
 * start and end on the wire, and every completion the NICs report is logged, so a test can check frame
 * sizes and times by hand.
 */
final class BackToBack implements FlowListener {
    /** One frame a NIC's port finished sending. */
    record Frame(int from, PacketType type, int qp, long psn, int frameBytes, long startPs, long endPs) {
    }

    final Kernel kernel = new Kernel(1);
    final PacketPool pool = new PacketPool();
    final FlowTable flows = new FlowTable();
    final HostNic[] nic = new HostNic[2];
    final List<Frame> frames = new ArrayList<>();
    final List<String> log = new ArrayList<>();
    private int nextFlow;

    BackToBack(NicConfig config, long rateBps, long delayPs, CcFactory cc) {
        EgressPort[] port = new EgressPort[2];
        for (int h = 0; h < 2; h++) {
            nic[h] = new HostNic(h, "h" + h, kernel, pool, flows, config, this, cc);
            port[h] = new EgressPort(kernel, rateBps);
            nic[h].attach(port[h]);
            int from = h;
            port[h].probe((p, start, end) -> frames.add(new Frame(from, p.type, p.flowId, p.psn, p.frameBytes, start, end)));
        }
        for (int h = 0; h < 2; h++) {
            port[h].connect(new Link(kernel, delayPs, nic[1 - h], 0), nic[h]);
        }
    }

    BackToBack(NicConfig config, long rateBps, long delayPs) {
        this(config, rateBps, delayPs, CcAlgorithms.BUILT_IN);
    }

    /** A new flow (dense ids) from {@code src} to {@code dst}. */
    Flow flow(int src, int dst, long bytes, Verb verb) {
        return flows.add(new Flow(nextFlow++, "t", src, dst, MessageSize.of(bytes), 0, 3,
                HostNic.udpSourcePort(nextFlow), verb));
    }

    /** Runs {@code action} at {@code atPs}. */
    void at(long atPs, Runnable action) {
        kernel.schedule(new SimEvent() {
            private static final long serialVersionUID = 1L;

            @Override
            protected void fire() {
                action.run();
            }
        }, atPs);
    }

    /** Delivers a CNP for {@code qp} to its sender at {@code atPs}, as if it came off the wire. */
    void cnpAt(long atPs, QueuePair qp) {
        at(atPs, () -> {
            Packet c = pool.acquire();
            c.type = PacketType.CNP;
            c.flowId = qp.id;
            c.srcHost = qp.dst;
            c.dstHost = qp.src;
            nic[qp.src].receive(c, 0);
        });
    }

    /** Frames sent by host {@code from} of type {@code type}. */
    List<Frame> sent(int from, PacketType type) {
        return frames.stream().filter(f -> f.from() == from && f.type() == type).toList();
    }

    @Override
    public void flowFinished(Flow flow, long nowPs) {
        log.add("delivered " + flow.id + " @" + nowPs);
    }

    @Override
    public void flowAcked(Flow flow, long nowPs) {
        log.add("acked " + flow.id + " @" + nowPs);
    }
}
