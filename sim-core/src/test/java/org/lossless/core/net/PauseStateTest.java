package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The pause state of one transmitter, driven directly (no kernel): which PFC frame pauses or resumes what,
 * when a pause is in effect, when it ends and how much paused time it counts. Hand-computed at 100 Gb/s,
 * where one quantum (512 bit times) is 5,120 ps: 10 quanta = 51,200 ps, 100 quanta = 512,000 ps.
 */
class PauseStateTest {
    private static final long G100 = 100_000_000_000L;
    private final PortCounters counters = new PortCounters();

    /** A PFC frame for one priority with time field {@code quanta} (0 = XON). */
    private static Packet pfc(int priority, int quanta) {
        Packet p = new Packet();
        p.type = PacketType.PFC;
        p.pfcClassEnable((char) (1 << priority));
        p.pfcQuanta(priority, quanta);
        return p;
    }

    @Test
    void applyReportsAResumeOnlyWhenAPausedPriorityResumes() {
        PauseState s = new PauseState(G100, false);
        assertFalse(s.apply(pfc(3, 100), 1_000, counters), "an XOFF resumes nothing");
        assertEquals(0b1000, s.pausedMask());
        assertFalse(s.apply(pfc(5, 0), 2_000, counters), "an XON for a running priority resumes nothing");
        assertEquals(0b1000, s.pausedMask());
        assertTrue(s.apply(pfc(3, 0), 3_000, counters), "an XON for the paused priority resumes it");
        assertEquals(0, s.pausedMask());
        assertEquals(2_000, counters.pausedPs(3), "paused from 1,000 to 3,000");
        assertEquals(2, counters.pauseRx(3));
        assertEquals(1, counters.pauseRx(5));
        for (int prio : new int[] {0, 1, 2, 4, 6, 7}) {
            assertEquals(0, counters.pauseRx(prio), "a frame counts only for the priorities it enables: " + prio);
        }
    }

    @Test
    void reservedClassEnableBitsAreIgnored() {
        // 802.1Qbb: the upper octet of the class-enable vector is reserved; only priorities 0..7 exist
        PauseState s = new PauseState(G100, false);
        Packet f = pfc(3, 100);
        f.pfcClassEnable((char) 0xFF08);
        s.apply(f, 0, counters);
        assertEquals(0b1000, s.pausedMask());
        assertEquals(1, counters.pauseRx(3));
    }

    @Test
    void aTimedPauseHoldsFromItsArrivalUntilItsQuantaAreOver() {
        // 100 quanta from 1,000: paused in [1,000, 513,000)
        PauseState s = new PauseState(G100, false);
        s.apply(pfc(3, 100), 1_000, counters);
        assertFalse(s.isPaused(3, 999));
        assertTrue(s.isPaused(3, 1_000));
        assertTrue(s.isPaused(3, 512_999));
        assertFalse(s.isPaused(3, 513_000), "the pause is over at arrival + 512,000 ps");
        assertFalse(s.isPaused(2, 1_000), "other priorities run");
        assertEquals(513_000, s.nextExpiryPs());
        assertEquals(1_000, s.pauseStartPs(3));
    }

    @Test
    void anXonEndsThePauseBeforeItsTimeField() {
        PauseState s = new PauseState(G100, false);
        s.apply(pfc(3, 65535), 0, counters);
        s.apply(pfc(3, 0), 10_000, counters);
        assertFalse(s.isPaused(3, 20_000));
        assertFalse(s.pauseRequested(3, 20_000));
        assertEquals(Long.MAX_VALUE, s.nextExpiryPs());
        assertEquals(10_000, counters.pausedPs(3));
    }

    @Test
    void aPauseWithinItsResponseTimeIsRequestedButNotYetInEffect() {
        // response 200,000 ps: an XOFF of 100 quanta at 40,000 holds from 240,000; its timer runs from the
        // arrival, so it ends at 40,000 + 512,000 = 552,000
        PauseState s = new PauseState(G100, false, 200_000);
        assertEquals(200_000, s.responsePs());
        s.apply(pfc(3, 100), 40_000, counters);
        assertTrue(s.pauseRequested(3, 100_000));
        assertFalse(s.isPaused(3, 100_000));
        assertFalse(s.isPaused(3, 239_999));
        assertTrue(s.isPaused(3, 240_000));
        assertTrue(s.pauseRequested(3, 551_999));
        assertFalse(s.pauseRequested(3, 552_000));
        assertFalse(s.pauseRequested(4, 100_000));
        assertEquals(240_000, s.pauseStartPs(3));
        // a refresh at 100,000 moves the end to 612,000 but not the start
        s.apply(pfc(3, 100), 100_000, counters);
        assertEquals(240_000, s.pauseStartPs(3));
        assertEquals(612_000, s.nextExpiryPs());
    }

    @Test
    void expireEndsOnlyThePausesWhoseTimeIsOverAtTheirOwnEnd() {
        // priority 2 for 10 quanta (until 51,200), priority 6 for 20 quanta (until 102,400), both from 0
        PauseState s = new PauseState(G100, false);
        Packet both = pfc(2, 10);
        both.pfcClassEnable(both.pfcClassEnable() | 1 << 6);
        both.pfcQuanta(6, 20);
        s.apply(both, 0, counters);
        assertEquals(0b100_0100, s.pausedMask());
        assertEquals(51_200, s.nextExpiryPs());
        assertFalse(s.expire(51_199, counters));
        assertEquals(0b100_0100, s.pausedMask());
        assertTrue(s.expire(51_200, counters));
        assertEquals(0b100_0000, s.pausedMask());
        assertEquals(51_200, counters.pausedPs(2));
        assertEquals(102_400, s.nextExpiryPs());
        assertTrue(s.expire(200_000, counters), "noticed late, counted to its end");
        assertEquals(102_400, counters.pausedPs(6));
        assertEquals(0, s.pausedMask());
        assertEquals(Long.MAX_VALUE, s.nextExpiryPs());
        assertFalse(s.expire(300_000, counters));
    }

    @Test
    void theLastPauseEndIsTheXonOrTheExpiryAndTheStartStaysThatPauses() {
        PauseState s = new PauseState(G100, false);
        assertEquals(Long.MIN_VALUE, s.lastPauseEndPs(3), "no pause ended yet");
        s.apply(pfc(3, 65535), 1_000, counters);
        assertEquals(Long.MIN_VALUE, s.lastPauseEndPs(3), "running, not ended");
        s.apply(pfc(3, 0), 9_000, counters);
        assertEquals(9_000, s.lastPauseEndPs(3), "the XON's arrival");
        assertEquals(1_000, s.pauseStartPs(3), "the ended pause's start until the next pause");
        s.apply(pfc(3, 10), 20_000, counters);
        s.expire(100_000, counters);
        assertEquals(20_000 + 51_200, s.lastPauseEndPs(3), "a timed pause ends at its own end, not when noticed");
        assertEquals(Long.MIN_VALUE, s.lastPauseEndPs(2));
    }

    @Test
    void untilXonAnyTimeFieldHoldsUntilTheResume() {
        PauseState s = new PauseState(G100, true);
        s.apply(pfc(3, 1), 0, counters);
        assertEquals(Long.MAX_VALUE, s.nextExpiryPs(), "nothing to expire");
        assertTrue(s.isPaused(3, 1_000_000_000_000L));
        assertTrue(s.apply(pfc(3, 0), 2_000_000, counters));
        assertEquals(2_000_000, counters.pausedPs(3));
    }

    @Test
    void closeAccountingCountsRunningPausesOnce() {
        PauseState s = new PauseState(G100, false);
        s.apply(pfc(3, 65535), 1_000, counters);
        s.closeAccounting(5_000, counters);
        assertEquals(4_000, counters.pausedPs(3));
        s.closeAccounting(9_000, counters);
        assertEquals(8_000, counters.pausedPs(3), "the second call adds only 5,000..9,000");
        assertTrue(s.isPaused(3, 9_000), "accounting does not end the pause");
    }

    @Test
    void closeAccountingStopsAtTheEndOfATimedPauseAndCountsNothingForAPendingOne() {
        PauseState timed = new PauseState(G100, false);
        timed.apply(pfc(3, 10), 0, counters);
        timed.closeAccounting(100_000, counters);
        assertEquals(51_200, counters.pausedPs(3), "10 quanta, not up to 100,000");

        PauseState pending = new PauseState(G100, false, 10_000);
        pending.apply(pfc(4, 65535), 0, counters);
        pending.closeAccounting(5_000, counters);
        assertEquals(0, counters.pausedPs(4));
    }

    @Test
    void clearAllEndsEveryPauseWithoutCounting() {
        PauseState s = new PauseState(G100, false);
        s.apply(pfc(1, 100), 0, counters);
        s.apply(pfc(7, 100), 0, counters);
        s.clearAll();
        assertEquals(0, s.pausedMask());
        assertFalse(s.isPaused(1, 10_000));
        assertEquals(0, counters.pausedPs(1) + counters.pausedPs(7));
    }

    @Test
    void quantaAreFiveHundredTwelveBitTimesAtThePortSpeed() {
        assertEquals(5_120, new PauseState(G100, false).quantaToPs(1));
        assertEquals(335_539_200, new PauseState(G100, false).quantaToPs(65535));
        assertEquals(20_480, new PauseState(25_000_000_000L, false).quantaToPs(1));
    }
}
