package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * {@link Flow#receivedBytes()} while messages are in flight (it is worked out from the QP's receive state when
 * asked, not counted per packet): two NICs back to back, 100 Gb/s, 1 us, MTU 1000, no congestion control. A frame
 * of F bytes takes (F + 20) x 80 ps on the wire (preamble and gap 20 B) and arrives 1 us after its last bit.
 */
class ReceivedBytesTest {
    static final long RATE = 100_000_000_000L;
    static final long US = 1_000_000L;

    /** Samples {@code flows}' received bytes at each time of {@code atPs}. */
    private static List<List<Long>> sample(BackToBack b, long[] atPs, Flow... flows) {
        List<List<Long>> seen = new ArrayList<>();
        for (long t : atPs) {
            b.at(t, () -> {
                List<Long> row = new ArrayList<>();
                for (Flow f : flows) {
                    row.add(f.receivedBytes());
                }
                seen.add(row);
            });
        }
        return seen;
    }

    @Test
    void twoWritesOnOneQpCountTheirInOrderPayloadPacketByPacket() {
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        Flow first = b.flow(0, 1, 2500, Verb.WRITE);
        Flow second = b.flow(0, 1, 1500, Verb.WRITE);
        b.nic[0].post(qp, first);
        b.nic[0].post(qp, second);
        // first: frames 1078 (RETH), 1062, 562 B end at 87,840, 174,400, 220,960 ps; second: 1078, 562 B end at
        // 308,800, 355,360 ps; each arrives 1 us later
        List<List<Long>> seen = sample(b, new long[] {US - 1, 1_087_841, 1_174_401, 1_220_961, 1_308_801, 1_355_361},
                first, second);
        b.kernel.runUntil(10 * US);
        assertEquals(List.of(List.of(0L, 0L), List.of(1000L, 0L), List.of(2000L, 0L), List.of(2500L, 0L),
                List.of(2500L, 1000L), List.of(2500L, 1500L)), seen);
        assertEquals(1_220_960, first.finishPs());
        assertEquals(1_355_360, second.finishPs());
    }

    @Test
    void aReadHasReceivedNothingUntilItsResponseArrives() {
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        QueuePair request = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        QueuePair response = b.nic[1].openQp(0, 3, HostNic.udpSourcePort(0), null, true);
        Flow read = b.flow(1, 0, 2500, Verb.READ);
        b.nic[0].postRead(request, response, read);
        // the request (78 B) reaches the responder at 1,007,840 ps; the response frames (1066, 1062, 566 B) end at
        // 1,094,720, 1,181,280 and 1,228,160 ps and arrive 1 us later
        List<List<Long>> seen = sample(b, new long[] {1_500_000, 2_094_721, 2_181_281, 2_228_161}, read);
        b.kernel.runUntil(10 * US);
        assertEquals(List.of(List.of(0L), List.of(1000L), List.of(2000L), List.of(2500L)), seen);
    }

    @Test
    void aReadWhoseRequestIsStillOnTheWireHasNothingAfterEarlierReadsFilledItsResponseQp() {
        // two 1000 B READs on one pair of QPs, each answered by one response frame, both received by 2.2 us; a third
        // posted at 5 us is asked at 5.5 us, its request still on its way: the response QP holds exactly the two
        // earlier responses (its arrays full), both received, and nothing of the third until its response arrives
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        QueuePair request = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        QueuePair response = b.nic[1].openQp(0, 3, HostNic.udpSourcePort(0), null, true);
        Flow r1 = b.flow(1, 0, 1000, Verb.READ);
        Flow r2 = b.flow(1, 0, 1000, Verb.READ);
        Flow r3 = b.flow(1, 0, 1000, Verb.READ);
        b.nic[0].postRead(request, response, r1);
        b.nic[0].postRead(request, response, r2);
        b.at(5 * US, () -> b.nic[0].postRead(request, response, r3));
        List<List<Long>> seen = sample(b, new long[] {5 * US + 500_000, 10 * US}, r1, r2, r3);
        b.kernel.runUntil(20 * US);
        assertEquals(List.of(List.of(1000L, 1000L, 0L), List.of(1000L, 1000L, 1000L)), seen);
    }
}
