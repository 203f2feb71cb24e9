package org.lossless.nic;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.lossless.core.kernel.Kernel;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Link;
import org.lossless.core.net.MessageSize;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PacketReceiver;
import org.lossless.core.net.PacketType;

/**
 * Two NICs on one cable, as {@link BackToBack}, where chosen data packets from host 0 are lost on the way: the
 * first transmission of each PSN in {@link #dropOnce} (a retransmission of it gets through), every transmission
 * of each PSN in {@link #dropAlways} up to a count. Every frame each NIC starts is recorded.
 */
final class LossyPair implements FlowListener {
    record Frame(int from, PacketType type, long psn, long sackPsn, long startPs) {
    }

    final Kernel kernel = new Kernel(1);
    final PacketPool pool = new PacketPool();
    final FlowTable flows = new FlowTable();
    final HostNic[] nic = new HostNic[2];
    final List<Frame> frames = new ArrayList<>();
    final Set<Long> dropOnce = new HashSet<>();
    /** PSNs lost on their first two transmissions (the first retransmission is lost too). */
    final Set<Long> dropTwice = new HashSet<>();
    /** PSNs whose first transmission a switch would trim: the headers arrive, flagged, the payload is gone. */
    final Set<Long> trimOnce = new HashSet<>();
    /** PSNs whose first ACK from host 1 is lost on its way back. */
    final Set<Long> ackDropOnce = new HashSet<>();
    /** The PSNs whose ACK was lost so far. */
    final Set<Long> ackDropped = new HashSet<>();
    private final Set<Long> trimmed = new HashSet<>();
    private final Set<Long> dropped = new HashSet<>();
    private final Set<Long> droppedTwice = new HashSet<>();
    private int nextFlow;

    /** Host 0 and host 1 at {@code rateBps}, {@code delayPs} of cable; {@code rttPs} is the path RTT the NICs are told. */
    LossyPair(NicConfig config, long rateBps, long delayPs, long rttPs) {
        EgressPort[] port = new EgressPort[2];
        for (int h = 0; h < 2; h++) {
            nic[h] = new HostNic(h, "h" + h, kernel, pool, flows, config, this);
            port[h] = new EgressPort(kernel, rateBps);
            nic[h].attach(port[h]);
            nic[h].pathRtt((s, d) -> rttPs);
            int from = h;
            port[h].probe((p, start, end) -> frames.add(new Frame(from, p.type, p.psn, p.type == PacketType.NACK ? p.sackPsn() : -1, start)));
        }
        PacketReceiver lossy = (p, inPort) -> {
            if (p.type == PacketType.DATA && ((dropOnce.contains(p.psn) || dropTwice.contains(p.psn)) && dropped.add(p.psn)
                    || dropTwice.contains(p.psn) && droppedTwice.add(p.psn))) {
                pool.release(p);
                return;
            }
            if (p.type == PacketType.DATA && trimOnce.contains(p.psn) && trimmed.add(p.psn)) {
                p.trimmed(true);
                p.frameBytes = 64;
            }
            nic[1].receive(p, inPort);
        };
        port[0].connect(new Link(kernel, delayPs, lossy, 0), nic[0]);
        port[1].connect(new Link(kernel, delayPs, dropping(pool, nic[0],
                p -> p.type == PacketType.ACK && ackDropOnce.contains(p.psn) && ackDropped.add(p.psn)), 0), nic[1]);
    }

    /** A WRITE of {@code bytes} from host 0 to host 1 on a QP of its own, posted at time 0. */
    Flow write(long bytes) {
        Flow f = flows.add(new Flow(nextFlow++, "t", 0, 1, MessageSize.of(bytes), 0, 3));
        nic[0].startFlow(f);
        return f;
    }

    /** PSNs of the data packets host 0 sent, in order. */
    List<Long> dataPsns() {
        return frames.stream().filter(f -> f.from() == 0 && f.type() == PacketType.DATA).map(Frame::psn).toList();
    }

    /** Data frames host 0 sent. */
    List<Frame> data() {
        return frames.stream().filter(f -> f.from() == 0 && f.type() == PacketType.DATA).toList();
    }

    /** Control frames of {@code type} host 1 sent. */
    List<Frame> control(PacketType type) {
        return frames.stream().filter(f -> f.from() == 1 && f.type() == type).toList();
    }

    @Override
    public void flowFinished(Flow flow, long nowPs) {
    }

    @Override
    public void flowAcked(Flow flow, long nowPs) {
    }

    /**
     * A cable's far end that loses the frames {@code lose} picks (given back to {@code pool}) and hands the rest to
     * {@code next}: for tests that lose chosen frames, ACKs as well as data.
     */
    static PacketReceiver dropping(PacketPool pool, PacketReceiver next, java.util.function.Predicate<Packet> lose) {
        return (p, in) -> {
            if (lose.test(p)) {
                pool.release(p);
            } else {
                next.receive(p, in);
            }
        };
    }
}
