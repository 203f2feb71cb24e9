package org.lossless.experiments.metrics;

import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageKind;
import org.lossless.workloads.traffic.MessageTag;

/**
 * What a {@code flows.csv} row is beyond its flow: the connection it was posted on, the RDMA operation, and
 * the job-relevant tag of the program that posted it ({@link MessageTag}). Empty fields: -1 and null.
 *
 * @param connection connection id (dense per run), or -1
 * @param op         {@code write}, {@code send} or {@code read}, or null
 * @param iteration  0-based job iteration, or -1
 * @param step       0-based algorithm step, or -1
 * @param channel    0-based channel, or -1
 * @param operation  the program's own name for it (storage: {@code read}, {@code capsule}, ...), or null
 * @param kind       payload or protocol message ({@code flows.csv} column {@code kind}), as the program tagged it
 */
public record MessageLabel(long connection, String op, int iteration, int step, int channel, String operation,
                           MessageKind kind) {
    /** Nothing known (results not made from messages): a data message. */
    public static final MessageLabel NONE = new MessageLabel(-1, null, -1, -1, -1, null);

    public MessageLabel {
        java.util.Objects.requireNonNull(kind, "kind");
    }

    /** A data message's label. */
    public MessageLabel(long connection, String op, int iteration, int step, int channel, String operation) {
        this(connection, op, iteration, step, channel, operation, MessageKind.DATA);
    }

    /** The label of a posted message. */
    public static MessageLabel of(Message m) {
        MessageTag t = m.tag();
        return new MessageLabel(m.connection().id(), m.op().key(), t.iteration(), t.step(), t.channel(), t.operation(),
                t.kind());
    }

    /** Whether the message is payload ({@link MessageKind#DATA}): the messages slowdown figures are over. */
    public boolean data() {
        return kind == MessageKind.DATA;
    }

    /**
     * Whether this is one step's message of a collective (a step and a channel set: only collective algorithms
     * tag channels), the rows {@code metrics.flows: data} aggregates.
     */
    public boolean collectiveStep() {
        return step >= 0 && channel >= 0;
    }
}
