package org.lossless.experiments.metrics;

import java.util.Locale;

/**
 * Which completion of a message its FCT and slowdown use ({@code metrics.completion}, docs/scenario.md). Both are
 * recorded for every message ({@code finish_ps} and {@code sender_done_ps} in flows.csv), each with its own ideal.
 */
public enum Completion {
    /**
     * The receiver holds the last byte ({@code finish_ps}); ideal: the message alone in the empty network until
     * its last byte arrives (one way).
     */
    RECEIVER,
    /**
     * The requester sees its completion ({@code sender_done_ps}): a WRITE's or SEND's last ACK reached the sender
     * (what an application polling its completion queue sees, and the HPCC simulator's FCT); for a READ the data's
     * arrival. Ideal: the receiver's plus the ACK generation delay and the ACK's way back alone.
     */
    SENDER;

    /** The scenario value ({@code receiver}, {@code sender}). */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
