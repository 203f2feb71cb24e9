package org.lossless.switchmodel.pfc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketType;

class PauseStateTest {
    @Test
    void timedPauseExpires() {
        PauseState s = new PauseState();
        s.onPfc(0, 1000);
        assertTrue(s.isPaused(999));
        assertEquals(1000, s.pausedUntilPs());
        assertFalse(s.isPaused(1000), "expired at 1000");
        assertEquals(1000, s.pausedPs(5000), "counted up to expiry only");
        assertEquals(1, s.transitions());
    }

    @Test
    void refreshExtendsWithoutATransition() {
        PauseState s = new PauseState();
        s.onPfc(0, 1000);
        s.onPfc(600, 1000);
        assertTrue(s.isPaused(1500));
        assertEquals(1600, s.pausedPs(2000));
        assertEquals(2, s.xoffFrames());
        assertEquals(1, s.transitions());
    }

    @Test
    void aShorterNewPauseReplacesTheTimer() {
        PauseState s = new PauseState();
        s.onPfc(0, 1000);
        s.onPfc(100, 100);
        assertFalse(s.isPaused(200));
        assertEquals(200, s.pausedPs(10_000));
    }

    @Test
    void xonEndsAtOnceAndUntilXonNeverExpires() {
        PauseState s = new PauseState();
        s.onPfc(0, 1000);
        s.onPfc(300, 0);
        assertFalse(s.isPaused(300));
        assertEquals(300, s.pausedPs(5000));
        s.onPfc(10_000, PfcTiming.UNTIL_XON);
        assertTrue(s.isPaused(Long.MAX_VALUE - 1));
        assertEquals(300 + 1_000_000_000L - 10_000, s.pausedPs(1_000_000_000L));
        s.onPfc(2_000_000_000L, 0);
        assertEquals(300 + 2_000_000_000L - 10_000, s.pausedPs(3_000_000_000L));
        assertEquals(2, s.xonFrames());
        assertEquals(2, s.transitions());
    }

    /** the paused-time integral equals a brute-force per-picosecond replay of the same frames. */
    @Test
    void pausedTimeMatchesBruteForceReplay() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int run = 0; run < 50; run++) {
            int horizon = 20_000;
            long[] at = new long[40];
            long[] dur = new long[40];
            long t = 0;
            for (int k = 0; k < at.length; k++) {
                t += rnd.nextInt(600);
                at[k] = t;
                double u = rnd.nextDouble();
                dur[k] = u < 0.3 ? 0 : u < 0.35 ? PfcTiming.UNTIL_XON : 1 + rnd.nextInt(1500);
            }
            PauseState s = new PauseState();
            for (int k = 0; k < at.length; k++) {
                s.onPfc(at[k], dur[k]);
            }
            // brute force: at each ps, the last frame at or before it decides
            long paused = 0;
            int k = -1;
            for (long ps = 0; ps < horizon; ps++) {
                while (k + 1 < at.length && at[k + 1] <= ps) {
                    k++;
                }
                if (k >= 0 && dur[k] > 0 && (dur[k] == PfcTiming.UNTIL_XON || ps < at[k] + dur[k])) {
                    paused++;
                }
            }
            assertEquals(paused, s.pausedPs(horizon), "run " + run);
        }
    }

    @Test
    void framesAreWrittenAndAppliedPerPriority() {
        Packet p = new Packet();
        PfcFrames.writeXoff(p, 3, 100);
        PfcFrames.writeXon(p, 4);
        assertEquals(PacketType.PFC, p.type);
        assertEquals(64, p.frameBytes);
        assertEquals(84, p.wireBytes);
        assertEquals((1 << 3) | (1 << 4), p.pfcClassEnable);
        PauseState[] states = new PauseState[8];
        states[3] = new PauseState();
        states[4] = new PauseState();
        states[4].onPfc(0, PfcTiming.UNTIL_XON);
        long g100 = 100_000_000_000L;
        int applied = PfcFrames.apply(p, states, 1000, g100, PfcTiming.defaults());
        assertEquals((1 << 3) | (1 << 4), applied);
        assertTrue(states[3].isPaused(1000 + 100 * 5120 - 1));
        assertFalse(states[3].isPaused(1000 + 100 * 5120));
        assertFalse(states[4].isPaused(1000));
        Packet q = new Packet();
        PfcFrames.writeXoff(q, 0, 1);
        assertEquals(0, PfcFrames.apply(q, states, 0, g100, PfcTiming.defaults()), "null state: priority ignored");
    }
}
