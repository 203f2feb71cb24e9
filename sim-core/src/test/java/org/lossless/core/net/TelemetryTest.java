package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

/**
 * In-band telemetry records in a frame: four longs per hop (time, tx bytes, queue bytes, rate) at
 * {@code hop * 4}, at most five kept while the hop count goes on, and copied from a data packet into its ACK.
 */
class TelemetryTest {
    /** Pushes hop {@code h} with values 10h+1, 10h+2, 10h+3, 10h+4. */
    private static void push(Packet p, int h) {
        Telemetry.push(p, 10L * h + 1, 10L * h + 2, 10L * h + 3, 10L * h + 4);
    }

    @Test
    void startMakesTheRecordsOnceAndCountsNoHop() {
        Packet p = new Packet();
        assertEquals(-1, p.intHops, "a frame collects nothing by default");
        Telemetry.start(p);
        assertEquals(0, p.intHops);
        assertEquals(20, p.intData.length);
        long[] records = p.intData;
        p.reset();
        Telemetry.start(p);
        assertSame(records, p.intData, "a pooled frame keeps its records");
    }

    @Test
    void eachHopAppendsItsFourValues() {
        Packet p = new Packet();
        Telemetry.start(p);
        push(p, 0);
        push(p, 1);
        assertEquals(2, p.intHops);
        assertArrayEquals(new long[] {1, 2, 3, 4, 11, 12, 13, 14}, Arrays.copyOf(p.intData, 8));
    }

    @Test
    void hopsBeyondFiveAreCountedButNotKept() {
        Packet p = new Packet();
        Telemetry.start(p);
        for (int h = 0; h < 7; h++) {
            push(p, h);
        }
        assertEquals(7, p.intHops);
        assertArrayEquals(new long[] {41, 42, 43, 44}, Arrays.copyOfRange(p.intData, 16, 20), "the fifth record");
    }

    @Test
    void copyTakesTheRecordsAndTheCount() {
        Packet data = new Packet();
        Telemetry.start(data);
        push(data, 0);
        push(data, 1);
        Packet ack = new Packet();
        Telemetry.copy(data, ack);
        assertEquals(2, ack.intHops);
        assertArrayEquals(Arrays.copyOf(data.intData, 8), Arrays.copyOf(ack.intData, 8));
    }

    @Test
    void copyOfATruncatedHeaderKeepsItsFiveRecordsAndItsCount() {
        Packet data = new Packet();
        Telemetry.start(data);
        for (int h = 0; h < 6; h++) {
            push(data, h);
        }
        Packet ack = new Packet();
        Telemetry.copy(data, ack);
        assertEquals(6, ack.intHops);
        assertArrayEquals(data.intData, ack.intData);
    }

    @Test
    void copyOfAFrameWithoutTelemetryOrWithNoHopYet() {
        Packet ack = new Packet();
        Telemetry.start(ack);
        push(ack, 0);
        Telemetry.copy(new Packet(), ack);
        assertEquals(-1, ack.intHops, "the ACK of a frame that collected nothing collects nothing");

        Packet started = new Packet();
        Telemetry.start(started);
        Packet ack2 = new Packet();
        Telemetry.copy(started, ack2);
        assertEquals(0, ack2.intHops, "started but no hop yet: zero hops, not none");
    }
}
