package org.lossless.nic;

import java.util.function.Consumer;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketRing;

/**
 * The receiving NIC's ACK generation delay ({@code nic.ack_delay}): an ACK or NACK built for a data packet
 * reaches the NIC's send queue a fixed time after the packet was handled. The delay is the same for every frame,
 * so frames are due in the order they were built: a FIFO of frames and their due times, and one reused event
 * (at the head's due time) per NIC. No allocation per frame.
 */
final class AckDelayLine {
    private final Scheduler sim;
    private final long delayPs;
    /** Queues a due frame at the NIC's port. */
    private final Consumer<Packet> send;
    private final PacketRing frames = new PacketRing();
    private long[] due = new long[16];
    private int head;
    private final Release release = new Release();

    AckDelayLine(Scheduler sim, long delayPs, Consumer<Packet> send) {
        this.sim = sim;
        this.delayPs = delayPs;
        this.send = send;
    }

    /** Holds {@code frame} (built now) for the delay, then hands it to the port. */
    void add(Packet frame) {
        long at = sim.now() + delayPs;
        int n = frames.size();
        if (n == due.length) {
            long[] bigger = new long[n * 2];
            for (int i = 0; i < n; i++) {
                bigger[i] = due[(head + i) % n];
            }
            due = bigger;
            head = 0;
        }
        due[(head + n) % due.length] = at;
        frames.add(frame);
        if (!release.isScheduled()) {
            sim.schedule(release, at);
        }
    }

    /** Frames waiting. */
    int size() {
        return frames.size();
    }

    /** Hands every due frame to the port and re-arms for the next. */
    private final class Release extends SimEvent {
        private static final long serialVersionUID = 1L;

        @Override
        protected void fire() {
            long now = sim.now();
            while (!frames.isEmpty() && due[head] <= now) {
                head = (head + 1) % due.length;
                send.accept(frames.poll());
            }
            if (!frames.isEmpty()) {
                sim.schedule(this, due[head]);
            }
        }
    }
}
