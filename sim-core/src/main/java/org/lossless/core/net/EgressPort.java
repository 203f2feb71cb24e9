package org.lossless.core.net;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;

/**
 * A transmitter: serializes one frame at a time onto its {@link Link} at the line rate. It pulls
 * the next frame from its {@link PacketSource} whenever the wire is free, so a busy port has one
 * pending event ("transmission done") and an idle port none.
 */
public final class EgressPort {
    private final Scheduler sim;
    private final long rateBps;
    private final PortCounters counters = new PortCounters();
    private final TxDone txDone = new TxDone();
    private Link link;
    private PacketSource source;
    private Packet onWire;
    private long busyPs;

    public EgressPort(Scheduler sim, long rateBps) {
        if (rateBps <= 0) {
            throw new IllegalArgumentException("rate must be > 0 bps");
        }
        this.sim = sim;
        this.rateBps = rateBps;
    }

    /** Wires the port: where frames go and where they come from. */
    public void connect(Link link, PacketSource source) {
        this.link = link;
        this.source = source;
    }

    public long rateBps() {
        return rateBps;
    }

    public Link link() {
        return link;
    }

    public PortCounters counters() {
        return counters;
    }

    /** Whether a frame is being serialized now. */
    public boolean busy() {
        return onWire != null;
    }

    /** Total time spent serializing, ps. */
    public long busyPs() {
        return busyPs;
    }

    /** Serialization time of {@code wireBytes} on this port, ps. */
    public long serializationPs(int wireBytes) {
        return WireFormat.serializationPs(wireBytes, rateBps);
    }

    /** Tells an idle port that its source may have something to send. No effect when busy. */
    public void kick() {
        if (onWire == null) {
            startNext();
        }
    }

    private void startNext() {
        Packet p = source.next(this);
        if (p == null) {
            return;
        }
        onWire = p;
        long now = sim.now();
        p.sentPs = now;
        long ser = serializationPs(p.wireBytes);
        busyPs += ser;
        sim.schedule(txDone, now + ser);
    }

    private final class TxDone extends SimEvent {
        private static final long serialVersionUID = 1L;

        @Override
        protected void fire() {
            Packet p = onWire;
            onWire = null;
            counters.txBytes[p.priority] += p.frameBytes;
            counters.txPackets[p.priority]++;
            link.carry(p);
            startNext();
        }
    }
}
