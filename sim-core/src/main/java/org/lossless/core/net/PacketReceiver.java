package org.lossless.core.net;

/** Something at the far end of a link: a switch or a NIC. */
public interface PacketReceiver {
    /** Called when the last bit of {@code p} has arrived on input port {@code port}. */
    void receive(Packet p, int port);
}
