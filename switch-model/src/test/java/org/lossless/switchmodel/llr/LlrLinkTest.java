package org.lossless.switchmodel.llr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.Kernel;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Link;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PacketSource;

/**
 * LLR on one 100 Gb/s link of 1 us: ten frames of 1,000 line bytes (80,000 ps each) sent back to back, the fourth
 * corrupted. By hand: frame k arrives at (k + 1) x 80,000 + 1,000,000 ps; the bad frame 3 at T = 1,320,000 ps; the
 * NACK (84 B, 6,720 ps) goes back and the replay comes one link RTT later, so frame 3 arrives again at
 * T + 6,720 + 2,000,000 + 80,000 = 3,406,720 ps (one link RTT plus the NACK's and the frame's serialization), and
 * frames 4..9, discarded meanwhile and replayed behind it, one frame time apart after it.
 */
class LlrLinkTest {
    static final long RATE = 100_000_000_000L;
    static final long US = 1_000_000L;

    record Arrival(long psn, long atPs) {
    }

    static List<Arrival> run(boolean llr, List<Long> lost) {
        Kernel k = new Kernel(1);
        PacketPool pool = new PacketPool();
        List<Arrival> got = new ArrayList<>();
        LlrLink end = new LlrLink(k, (p, port) -> {
            got.add(new Arrival(p.psn, k.now()));
            pool.release(p);
        }, US, RATE, 0, llr, null, p -> {
            lost.add(p.psn);
            pool.release(p);
        });
        end.corruptFrame(3);
        EgressPort tx = new EgressPort(k, RATE);
        int[] sent = {0};
        tx.connect(new Link(k, US, end, 0), new PacketSource() {
            @Override
            public Packet next(EgressPort port) {
                if (sent[0] == 10) {
                    return null;
                }
                Packet p = pool.acquire();
                p.psn = sent[0]++;
                p.frameBytes = 980;
                p.wireBytes = 1000;
                return p;
            }

            @Override
            public boolean hasQueued() {
                return sent[0] < 10;
            }
        });
        tx.kick();
        k.runUntil(100 * US);
        assertEquals(0, pool.outstanding());
        if (llr) {
            assertEquals(1, end.corrupted());
            assertEquals(6_720 + 2 * US + 80_000, end.maxRecoveryPs());
        }
        return got;
    }

    @Test
    void theBadFrameComesBackOneLinkRttPlusSerializationLaterAndOrderIsKept() {
        List<Arrival> got = run(true, new ArrayList<>());
        assertEquals(10, got.size());
        for (int i = 0; i < 3; i++) {
            assertEquals(new Arrival(i, (i + 1) * 80_000L + US), got.get(i));
        }
        long again = 4 * 80_000L + US + 6_720 + 2 * US + 80_000;
        assertEquals(new Arrival(3, again), got.get(3));
        for (int i = 4; i < 10; i++) {
            assertEquals(new Arrival(i, again + (i - 3) * 80_000L), got.get(i));
        }
    }

    @Test
    void withoutLlrTheBadFrameIsLostAndTheOthersAreOnTime() {
        List<Long> lost = new ArrayList<>();
        List<Arrival> got = run(false, lost);
        assertEquals(List.of(3L), lost);
        assertEquals(9, got.size());
        for (Arrival a : got) {
            assertEquals((a.psn() + 1) * 80_000L + US, a.atPs());
        }
    }

    @Test
    void theReplayBufferHoldsOneLinkRttAndTwoFrames() {
        // 2 us at 100 Gb/s = 25,000 B, + the NACK + two 4,178 B frames
        assertEquals(25_000 + 84 + 2 * 4_178, LlrLink.replayBufferBytes(US, RATE, 4_178));
    }
}
