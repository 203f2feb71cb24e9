package org.lossless.switchmodel;

import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PortCounters;
import org.lossless.core.net.Telemetry;

/**
 * The switch's in-band telemetry record ({@link Telemetry}) for a frame leaving an egress queue, as the HPCC
 * simulator's switch writes it at dequeue: now, the bytes the port sent before this frame, the bytes still
 * queued at the port (every priority) and its line rate.
 */
final class TelemetryStamp {
    private TelemetryStamp() {
    }

    /**
     * Pushes the record of {@code port} (whose queues are {@code queues}) onto {@code p}, which has just been
     * dequeued there. The port is idle at a dequeue, so every earlier frame has finished and is counted: the
     * sent wire bytes are the frame bytes it counted plus {@code wireExtra} per frame (preamble and gap in RoCEv2, none
     * in HPCC's format; PFC frames, which the counters leave out, are left out here too).
     */
    static void push(Packet p, OutputQueues queues, EgressPort port, long nowPs, int wireExtra) {
        PortCounters c = port.counters();
        long tx = 0;
        for (int prio = 0; prio < PortCounters.PRIORITIES; prio++) {
            tx += c.txBytes(prio) + c.txPackets(prio) * wireExtra;
        }
        Telemetry.push(p, nowPs, tx, queues.totalQueuedBytes(), port.rateBps());
    }
}
