package org.lossless.workloads.traffic;

/**
 * What a message is, for result files and the exported DAG: the job (workload) it belongs to, its
 * iteration, step and channel (collectives), its operation (storage: {@code read}, {@code write},
 * {@code capsule}, ...), the messages whose completion it waited for, and its {@link MessageKind} (payload
 * or protocol message; {@code flows.csv} column {@code kind}). The tag is made where the message is posted
 * and travels with it: no per-packet cost.
 *
 * @param iteration  0-based, or -1 when not applicable
 * @param step       0-based algorithm step, or -1
 * @param channel    0-based channel (ring or tree), or -1
 * @param operation  free text for result files, or null
 * @param dependsOn  ids of the messages that had to complete before this one was posted (may be empty);
 *                   the array is owned by the tag and must not be changed after posting
 * @param kind       payload ({@link MessageKind#DATA}) or protocol message ({@link MessageKind#CONTROL})
 */
public record MessageTag(int iteration, int step, int channel, String operation, long[] dependsOn, MessageKind kind) {
    private static final long[] NONE = new long[0];
    /** A data message that is not part of an iteration, step or channel and depends on nothing. */
    public static final MessageTag NONE_TAG = new MessageTag(-1, -1, -1, null, NONE);

    public MessageTag {
        if (iteration < -1 || step < -1 || channel < -1) {
            throw new IllegalArgumentException("iteration, step and channel must be >= 0 or -1 (none)");
        }
        dependsOn = dependsOn == null ? NONE : dependsOn;
        java.util.Objects.requireNonNull(kind, "kind");
    }

    /** A {@link MessageKind#DATA} message's tag: bytes the workload posted as payload. */
    public MessageTag(int iteration, int step, int channel, String operation, long[] dependsOn) {
        this(iteration, step, channel, operation, dependsOn, MessageKind.DATA);
    }

    /** A data tag with {@code operation} and no dependencies. */
    public static MessageTag op(String operation) {
        return new MessageTag(-1, -1, -1, operation, NONE);
    }

    /** A {@link MessageKind#CONTROL} message's tag (a handshake, command, completion or acknowledgement). */
    public static MessageTag control(int iteration, int step, int channel, String operation, long[] dependsOn) {
        return new MessageTag(iteration, step, channel, operation, dependsOn, MessageKind.CONTROL);
    }
}
