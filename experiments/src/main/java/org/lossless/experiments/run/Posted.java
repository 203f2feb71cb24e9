package org.lossless.experiments.run;

import org.lossless.workloads.traffic.Message;

/**
 * The engine's record of one posted message: the program's {@link Message}, the program that posted it,
 * its connection, and its parts (nic-cc flows {@code firstPart .. firstPart+parts-1}, one per QP it uses,
 * {@code QpSplit}) with how many of them are delivered and acknowledged.
 */
final class Posted {
    final Message message;
    final ProgramView view;
    final ConnectionQps connection;
    final int firstPart;
    final int parts;
    int partsDelivered;
    int partsAcked;
    /** Every part is delivered (acknowledged); the program is told in the connection's order. */
    boolean deliveredReady;
    boolean ackedReady;
    /** Whether its release opens a QP (some of its connection's QPs were not open when it was posted). */
    boolean opens;
    /**
     * Per part: bit 0 once the driver was told it finished, bit 1 once told it was acknowledged; at both its NIC flow
     * is released ({@link ProgramDriver}). Allocated with the message, gone with it.
     */
    final byte[] partSeen;
    /** Parts whose NIC flow was released. */
    int partsReleased;
    /** The next message of its connection's deliveries and acknowledgements not yet reported ({@link ConnectionQps}). */
    Posted nextDelivery;
    Posted nextAck;

    Posted(Message message, ProgramView view, ConnectionQps connection, int firstPart, int parts) {
        this.message = message;
        this.view = view;
        this.connection = connection;
        this.firstPart = firstPart;
        this.parts = parts;
        this.partSeen = new byte[parts];
    }
}
