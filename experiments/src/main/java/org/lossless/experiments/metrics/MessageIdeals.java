package org.lossless.experiments.metrics;

/** Each posted message alone in the empty network: its two ideal completion times (the engine's ideal model). */
public interface MessageIdeals {
    /** Message {@code id}'s receiver completion alone, ps. */
    long receiverPs(int id);

    /** Message {@code id}'s sender completion alone, given its receiver's ideal {@code receiverPs}, ps. */
    long senderPs(int id, long receiverPs);
}
