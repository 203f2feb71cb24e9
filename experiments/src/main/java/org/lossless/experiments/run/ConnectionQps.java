package org.lossless.experiments.run;

import org.lossless.nic.HostNic;
import org.lossless.nic.QueuePair;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.nic.Verb;

/**
 * The engine's side of one {@link Connection}: its QPs (opened on first use, so an idle connection costs
 * nothing and a QP is created when its first message is handed to the NIC, as before persistent QPs) and
 * the messages waiting to be reported in post order.
 *
 * <p>QP j of connection c uses UDP source port {@link HostNic#udpSourcePort(int, int) udpSourcePort(c, j)}
 * in both directions: the requester's QP j carries WRITEs, SENDs and READ requests, the responder's QP j
 * (opened at the first READ) carries READ responses.
 *
 * <p>Order: a message is reported delivered only after every earlier message of the same direction on the
 * connection was (its parts on several QPs may finish out of order), and acknowledged only after every
 * earlier message on the connection was (RC completions are in order).
 */
final class ConnectionQps {
    final Connection connection;
    private final QueuePair[] requester;
    private QueuePair[] responder;
    /**
     * Messages not yet reported delivered, in post order: WRITEs and SENDs; READs. Chains through the messages
     * ({@link Posted#nextDelivery}) rather than a queue object, whose own fields and array were two more cold reads
     * per completion in the step between windows (benchmarks/README.md, "Step 27").
     */
    private Posted forwardHead;
    private Posted forwardTail;
    private Posted readHead;
    private Posted readTail;
    /** Messages not yet reported acknowledged, in post order ({@link Posted#nextAck}). */
    private Posted ackHead;
    private Posted ackTail;
    /** Release time of the last message posted, ps. */
    long lastPostPs;

    /** The transport of its QPs ({@code transport} of its workload), or null: nic.transport. */
    private final String transport;

    ConnectionQps(Connection connection, String transport) {
        this.connection = connection;
        this.transport = transport;
        this.requester = new QueuePair[connection.options().qps()];
    }

    /** The requester's QP {@code j}, opened on first use. */
    QueuePair requester(int j, PacketNetwork network) {
        QueuePair qp = requester[j];
        if (qp == null) {
            ConnectionOptions o = connection.options();
            qp = network.nic(connection.srcHost()).openQp(connection.dstHost(), o.priority(), o.resolvedDscp(),
                    HostNic.udpSourcePort(connection.id(), j), o.cc(), false, transport);
            requester[j] = qp;
        }
        return qp;
    }

    /** Whether the requester's QPs 0..{@code parts - 1} are open (a message on them opens none when released). */
    boolean opened(int parts) {
        for (int j = 0; j < parts; j++) {
            if (requester[j] == null) {
                return false;
            }
        }
        return true;
    }

    /** The responder's QP {@code j} (READ responses), opened on first use. */
    QueuePair responder(int j, PacketNetwork network) {
        if (responder == null) {
            responder = new QueuePair[requester.length];
        }
        QueuePair qp = responder[j];
        if (qp == null) {
            ConnectionOptions o = connection.options();
            qp = network.nic(connection.dstHost()).openQp(connection.srcHost(), o.priority(), o.resolvedDscp(),
                    HostNic.udpSourcePort(connection.id(), j), o.cc(), true, transport);
            responder[j] = qp;
        }
        return qp;
    }

    /** Queues {@code p} for its reports. */
    void add(Posted p) {
        if (p.message.op() == Verb.READ) {
            if (readTail == null) {
                readHead = p;
            } else {
                readTail.nextDelivery = p;
            }
            readTail = p;
        } else {
            if (forwardTail == null) {
                forwardHead = p;
            } else {
                forwardTail.nextDelivery = p;
            }
            forwardTail = p;
        }
        if (ackTail == null) {
            ackHead = p;
        } else {
            ackTail.nextAck = p;
        }
        ackTail = p;
    }

    /** The first message of the READs' ({@code read}) or the others' deliveries not yet reported, or null. */
    Posted firstDelivery(boolean read) {
        return read ? readHead : forwardHead;
    }

    /** Removes {@link #firstDelivery}{@code (read)} (not null). */
    void pollDelivery(boolean read) {
        if (read) {
            Posted p = readHead;
            readHead = p.nextDelivery;
            if (readHead == null) {
                readTail = null;
            }
            p.nextDelivery = null;
        } else {
            Posted p = forwardHead;
            forwardHead = p.nextDelivery;
            if (forwardHead == null) {
                forwardTail = null;
            }
            p.nextDelivery = null;
        }
    }

    /** The first message whose acknowledgement is not yet reported, or null. */
    Posted firstAck() {
        return ackHead;
    }

    /** Removes {@link #firstAck} (not null). */
    void pollAck() {
        Posted p = ackHead;
        ackHead = p.nextAck;
        if (ackHead == null) {
            ackTail = null;
        }
        p.nextAck = null;
    }
}
