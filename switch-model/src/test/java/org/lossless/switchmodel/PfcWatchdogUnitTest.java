package org.lossless.switchmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.lossless.switchmodel.SwitchBench.FRAME_PS;
import static org.lossless.switchmodel.SwitchBench.PFC_PS;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.PacketType;
import org.lossless.switchmodel.SwitchBench.Rx;
import org.lossless.switchmodel.pfc.PfcQuanta;
import org.lossless.switchmodel.pfc.StormEpisode;
import org.lossless.switchmodel.pfc.WatchdogConfig;
import org.lossless.switchmodel.pfc.WatchdogConfig.Action;

/**
 * The PFC watchdog's state machine on {@link SwitchBench}, by hand: detection 100,000 ps, restoration 200,000 ps, polls every 50,000 ps, priority 3 watched. Host 2 pauses
 * priority 3 on switch port 2 with 65,535 quanta (335,539,200 ps at 100 Gb/s) unless it sends XON; data frames
 * of priority 3 go from hosts 0 and 1 to host 2 and wait in port 2's queue. Every expected time is a multiple of
 * the poll period derived in the comments.
 */
class PfcWatchdogUnitTest {
    private static final long DETECT = 100_000;
    private static final long RESTORE = 200_000;
    private static final long POLL = 50_000;

    private final SwitchBench b = new SwitchBench();

    private void watchdog(Action action) {
        b.sw.enableWatchdog(b.kernel, new WatchdogConfig(DETECT, RESTORE, POLL, action, 1 << 3));
    }

    private List<Long> dataTimesAtHost2() {
        return b.at(2, PacketType.DATA).stream().map(Rx::atPs).toList();
    }

    @Test
    void dropDiscardsTheQueueAtDetectionAndArrivalsUntilRestoration() {
        // XOFF at 0: the first poll is at 0 (a multiple of 50,000 at or after 0) and finds the queue empty.
        // Frames at 1000, 2000, 3000 queue behind the pause; the third takes PG 3 to its 3000 B threshold: XOFF to
        // host 0 at 3000. Polls at 50,000 (stuck 50,000) and 100,000 (stuck 100,000 = detection): storm at 100,000,
        // the 3 queued frames are discarded and their release sends XON to host 0 at 100,000.
        watchdog(Action.DROP);
        b.pfcFromHost(0, 2, 3, PfcQuanta.MAX_QUANTA);
        for (int k = 1; k <= 3; k++) {
            b.data(1000 * k, 0, 2, 3, k);
        }
        // host 2 resumes at 150,000: the last PFC frame; restoration at the first poll at or after 350,000 = 350,000.
        // Arrivals at 120,000 (paused), 200,000 and 340,000 (not paused any more, still stormed) are dropped;
        // the one at 360,000 is forwarded at once.
        b.data(120_000, 1, 2, 3, 4);
        b.pfcFromHost(150_000, 2, 3, 0);
        b.data(200_000, 0, 2, 3, 5);
        b.data(340_000, 1, 2, 3, 6);
        b.data(360_000, 0, 2, 3, 7);
        List<List<StormEpisode>> seen = new ArrayList<>();
        b.at(250_000, () -> seen.add(b.sw.stormEpisodes()));
        b.run();
        assertEquals(List.of(new StormEpisode("sw0", 2, 3, 100_000, -1, "drop", 5, 5000)), seen.get(0),
                "open at 250,000 after 3 queued and 2 arriving frames (120,000 and 200,000)");
        assertEquals(List.of(new StormEpisode("sw0", 2, 3, 100_000, 350_000, "drop", 6, 6000)), b.sw.stormEpisodes());
        assertEquals(6, b.ports[2].counters().drops(3));
        assertEquals(6000, b.ports[2].counters().dropBytes(3));
        assertEquals(List.of(360_000 + FRAME_PS), dataTimesAtHost2());
        assertEquals(List.of(new Rx(3000 + PFC_PS, 0, PacketType.PFC, 3, 0, PfcQuanta.MAX_QUANTA),
                new Rx(100_000 + PFC_PS, 0, PacketType.PFC, 3, 0, 0)), b.at(0, PacketType.PFC),
                "the discarded frames' buffer is released: XON upstream");
        assertEquals(0, b.mmu.ingressTotalBytes());
        assertEquals(0, b.mmu.egressTotalBytes());
        assertEquals(0, b.pool.outstanding());
    }

    @Test
    void forwardIgnoresThePauseWhileStormedAndAStuckQueueIsStormedAgain() {
        // storm at 100,000 (as above): port 2 ignores the pause and sends frame 1 (100,000..181,600) and frame 2
        // (181,600..263,200). No PFC frame after the XOFF at 0: restored at the poll at 0 + 200,000 = 200,000, with
        // frame 3 still queued and the pause still on: stuck since 200,000, stormed again at 300,000 (frame 3 sent
        // 300,000..381,600) and restored at the next poll, 350,000 (already 200,000 past the last PFC frame).
        watchdog(Action.FORWARD);
        b.pfcFromHost(0, 2, 3, PfcQuanta.MAX_QUANTA);
        for (int k = 1; k <= 3; k++) {
            b.data(1000 * k, 0, 2, 3, k);
        }
        b.pfcFromHost(360_000, 2, 3, 0); // ends the pause: no polls until its 335 µs expiry
        b.run();
        assertEquals(List.of(100_000 + FRAME_PS, 100_000 + 2 * FRAME_PS, 300_000 + FRAME_PS), dataTimesAtHost2());
        assertEquals(List.of(new StormEpisode("sw0", 2, 3, 100_000, 200_000, "forward", 0, 0),
                new StormEpisode("sw0", 2, 3, 300_000, 350_000, "forward", 0, 0)), b.sw.stormEpisodes());
        assertEquals(0, b.ports[2].counters().drops(3));
    }

    @Test
    void alertOnlyReportsAndPollsStartAtTheMultipleAfterThePause() {
        // XOFF at 10,000: first poll at 50,000; stuck since the pause began (10,000): 40,000, then 90,000 at
        // 100,000, 140,000 at 150,000: storm at 150,000. The frame stays queued until host 2's XON at 170,000
        // (sent 170,000..251,600). Restoration at the first poll at or after 370,000: 400,000.
        watchdog(Action.ALERT);
        b.pfcFromHost(10_000, 2, 3, PfcQuanta.MAX_QUANTA);
        b.data(11_000, 0, 2, 3, 1);
        b.pfcFromHost(170_000, 2, 3, 0);
        b.run();
        assertEquals(List.of(170_000 + FRAME_PS), dataTimesAtHost2());
        assertEquals(List.of(new StormEpisode("sw0", 2, 3, 150_000, 400_000, "alert", 0, 0)), b.sw.stormEpisodes());
    }

    @Test
    void anUnwatchedPriorityIsNeverStormed() {
        // priority 4 is paused for good with a frame queued, but only priority 3 is watched
        watchdog(Action.DROP);
        b.pfcFromHost(0, 2, 4, PfcQuanta.MAX_QUANTA);
        b.data(1000, 0, 2, 4, 1);
        b.pfcFromHost(1_000_000, 2, 4, 0);
        b.run();
        assertEquals(List.of(), b.sw.stormEpisodes());
        assertEquals(List.of(1_000_000 + FRAME_PS), dataTimesAtHost2());
    }

    @Test
    void aPfcFrameForAnotherPriorityDoesNotPostponeRestoration() {
        // storm at 100,000 as in the drop case (3 frames discarded); the last PFC frame for priority 3 is the XOFF
        // at 0, so restoration is at the poll at 200,000 although host 2 pauses priority 4 at 150,000. A frame at
        // 210,000 is no longer dropped: it waits for host 2's XON at 250,000 and is sent 250,000..331,600.
        watchdog(Action.DROP);
        b.pfcFromHost(0, 2, 3, PfcQuanta.MAX_QUANTA);
        for (int k = 1; k <= 3; k++) {
            b.data(1000 * k, 0, 2, 3, k);
        }
        b.pfcFromHost(150_000, 2, 4, PfcQuanta.MAX_QUANTA);
        b.data(210_000, 1, 2, 3, 4);
        b.pfcFromHost(250_000, 2, 3, 0);
        b.pfcFromHost(250_000, 2, 4, 0);
        b.run();
        assertEquals(List.of(new StormEpisode("sw0", 2, 3, 100_000, 200_000, "drop", 3, 3000)), b.sw.stormEpisodes());
        assertEquals(List.of(250_000 + FRAME_PS), dataTimesAtHost2());
    }
}
