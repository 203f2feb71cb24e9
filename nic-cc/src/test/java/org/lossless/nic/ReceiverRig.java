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
 * One receiving NIC (host 1) whose port sends into a sink that records every frame and answers nothing, and
 * a sending QP of host 0 that the test drives by hand: the test injects host 0's data frames at host 1 at
 * chosen times ({@link #dataAt}), so the receiver's answers (ACK, NACK, CNP, PFC) and its deliveries can be
 * timed by hand. Host 0's NIC exists only to open the QP (its port is connected to nothing and never sends).
 */
final class ReceiverRig implements FlowListener {
    /** One frame host 1's port finished sending: type, QP, PSN, SACK PSN, CE flag, priority, start on the wire. */
    record Tx(PacketType type, int qp, long psn, long sackPsn, boolean ce, int priority, long startPs) {
    }

    final Kernel kernel = new Kernel(1);
    final PacketPool pool = new PacketPool();
    final FlowTable flows = new FlowTable();
    final HostNic sender;
    final HostNic nic;
    final EgressPort port;
    final List<Tx> sent = new ArrayList<>();
    final List<String> log = new ArrayList<>();
    private int nextFlow;

    ReceiverRig(NicConfig config, long rateBps, long delayPs) {
        this(config, rateBps, delayPs, CcAlgorithms.BUILT_IN);
    }

    /** As above, the NICs' congestion control from {@code cc}. */
    ReceiverRig(NicConfig config, long rateBps, long delayPs, CcFactory cc) {
        sender = new HostNic(0, "h0", kernel, pool, flows, config, this, cc);
        sender.attach(new EgressPort(kernel, rateBps));
        nic = new HostNic(1, "h1", kernel, pool, flows, config, this, cc);
        port = new EgressPort(kernel, rateBps);
        nic.attach(port);
        port.probe((p, start, end) -> sent.add(new Tx(p.type, p.flowId, p.psn, p.type == PacketType.NACK ? p.sackPsn() : -1, p.ce(), p.priority, start)));
        port.connect(new Link(kernel, delayPs, (p, in) -> pool.release(p), 0), nic);
    }

    /** A QP of host 0 towards host 1 on priority 3 carrying a WRITE of {@code bytes} (not sent by host 0). */
    QueuePair qp(long bytes) {
        QueuePair qp = sender.openQp(1, 3, HostNic.udpSourcePort(0), null);
        Flow f = flows.add(new Flow(nextFlow++, "t", 0, 1, MessageSize.of(bytes), 0, 3));
        f.qp = qp;
        qp.appendData(f);
        return qp;
    }

    /** Data packet {@code psn} of {@code qp} of {@code frameBytes}, CE-marked if {@code ce}, arrives at host 1 at {@code atPs}. */
    void dataAt(long atPs, QueuePair qp, long psn, int frameBytes, boolean ce) {
        at(atPs, () -> {
            Packet p = pool.acquire();
            p.type = PacketType.DATA;
            p.flowId = qp.id;
            p.srcHost = 0;
            p.dstHost = 1;
            p.psn = psn;
            p.frameBytes = (char) frameBytes;
            p.priority = (byte) qp.priority;
            p.ce(ce);
            p.last(psn == qp.endPsn - 1);
            nic.receive(p, 0);
        });
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

    /** Frames of {@code type} host 1 sent, as start times. */
    List<Long> starts(PacketType type) {
        return sent.stream().filter(t -> t.type() == type).map(Tx::startPs).toList();
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
