package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.vm.VM;

/**
 * A frame is 64 bytes in the JVM the launcher runs (compressed references and class pointers, heaps under 32 GB):
 * a PFC-heavy 1,024-host run buffers about a million of them, so every field added costs megabytes (docs in
 * {@link Packet}). The layout is read from the running JVM (JOL), not computed here.
 */
class PacketLayoutTest {
    @Test
    void aPacketIsSixtyFourBytes() {
        assertEquals(4, VM.current().sizeOfField("java.lang.Object"),
                "a reference field takes 4 bytes in this test JVM (compressed), as in the launcher's");
        ClassLayout layout = ClassLayout.parseClass(Packet.class);
        assertEquals(64, layout.instanceSize(), layout.toPrintable());
    }

    @Test
    void noFieldIsLostInTheGaps() {
        ClassLayout layout = ClassLayout.parseClass(Packet.class);
        assertTrue(layout.getLossesTotal() <= 0, layout.toPrintable());
    }
}
