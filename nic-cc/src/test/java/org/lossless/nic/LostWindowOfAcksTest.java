package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * Go-back-N behind a send window when a whole window's ACKs are lost: host 0 sends a 12-packet WRITE (MTU 1000) to
 * host 1 at 100 Gb/s over 1 µs cables with {@code nic.window} 4,000 B, and the ACKs of PSNs 4 to 7 are lost once. The
 * receiver already holds 0..7; the sender, its window full of 4..7, waits for the timeout (the default, 67.1 ms) and
 * sends 4..7 again: duplicates. Only the last of a message's packets used to be acknowledged as a duplicate, and the
 * window never reached it, so every timeout resent the same window to the end of time (an HPCC sender, whose window is
 * its rate times the base RTT, hung this way behind a failed link; so did a TIMELY sender paced at its floor rate,
 * which never reached the message's end between two timeouts). As an RC responder does (InfiniBand C9-105; Linux's rxe
 * acknowledges every duplicate SEND or WRITE again), every duplicate is now acknowledged with the receiver's
 * cumulative acknowledgement, so the first one after the timeout moves the sender on.
 */
class LostWindowOfAcksTest {
    private static final long RATE = 100_000_000_000L;
    private static final long DELAY = 1_000_000;
    /** A packet after the first, 1082 B on the wire; the first carries a RETH (1098 B). */
    private static final long OTHER = 86_560;
    private static final long FIRST = 87_840;
    private static final long ACK = 6_880;

    @Test
    void theFirstDuplicateAfterTheTimeoutIsAcknowledgedAndMovesTheSenderOn() {
        LossyPair pair = new LossyPair(NicConfig.builder().mtu(1000).ackEvery(1).window(4000).build(), RATE, DELAY,
                4 * DELAY);
        pair.ackDropOnce.addAll(List.of(4L, 5L, 6L, 7L));
        Flow f = pair.write(12_000);
        long rto = NicConfig.DEFAULT_RTO_PS;
        pair.kernel.runUntil(20 * rto);
        List<Long> data = pair.dataPsns();

        assertEquals(Set.of(4L, 5L, 6L, 7L), pair.ackDropped, "the four ACKs were lost");
        assertTrue(f.finishPs() >= 0 && f.ackedPs() >= 0, "the message finished and was acknowledged");
        assertEquals(1, f.timeouts(), "one timeout; before, one every rto until the end of the run");
        assertEquals(List.of(4L, 5L, 6L, 7L), data.subList(8, 12), "the window again after the timeout");
        assertEquals(16, data.size(), "12 packets and the 4 of the window once more");
        // the last progress is packet 3's ACK: packet 3 ends at FIRST + 3 OTHER, its ACK is back 2 us + ACK later.
        // The timeout rto after it resends 4 (then 5..7, back to back); 4's ACK, for 0..7, is back 2 us + ACK after
        // 4's end, when 7 is long sent, and opens the window: 8..11 back to back, 11 at host 1 1 us after its end
        long progress = FIRST + 3 * OTHER + 2 * DELAY + ACK;
        long firstDuplicateAcked = progress + rto + OTHER + 2 * DELAY + ACK;
        assertEquals(firstDuplicateAcked + 4 * OTHER + DELAY, f.finishPs());
    }
}
