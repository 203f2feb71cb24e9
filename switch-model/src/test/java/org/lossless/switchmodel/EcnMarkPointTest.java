package org.lossless.switchmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.SwitchSettings;

/**
 * Which queue length RED sees. A step marker (K_min = K_max = 1500 B: mark iff the queue exceeds 1500 B, no
 * draw) makes the choice visible. Five 1000 B frames for the same 100 Gb/s egress arrive at T0, T0 + 1 ns, ..
 * T0 + 4 ns (one frame lasts 81.6 ns on the wire, so all but the first wait). By hand:
 * <ul>
 * <li>at dequeue (default) each frame sees the queue it leaves behind: frame 0 leaves at once (0 B behind),
 *     frame 1 at T0 + 81.6 ns leaves 2, 3, 4 behind (3000 B), frame 2 2000 B, frame 3 1000 B, frame 4 0:
 *     frames 1 and 2 are marked;</li>
 * <li>at enqueue ({@code mark_on: enqueue}) each sees the queue it finds on arrival: frame 0 and frame 1 find
 *     0 (frame 0 is already on the wire), frame 2 1000 B, frame 3 2000 B, frame 4 3000 B: frames 3 and 4.</li>
 * </ul>
 */
class EcnMarkPointTest {
    private static final long T0 = 1_000_000;

    private static List<Long> markedWith(String markOn) {
        SwitchSettings s = new SwitchSettings(null, null, null, null, null, null, null, null,
                new EcnSettings(true, 1500L, 1500L, 0.5, markOn), null);
        OneSwitch bench = new OneSwitch(100_000_000_000L, s);
        for (int i = 0; i < 5; i++) {
            bench.arrive(T0 + i * 1_000L, i % 2, i);
        }
        bench.run();
        assertEquals(5, bench.frames.size());
        return bench.marked();
    }

    @Test
    void atDequeueTheQueueLeftBehind() {
        assertEquals(List.of(1L, 2L), markedWith("dequeue"));
    }

    @Test
    void atEnqueueTheQueueFoundOnArrival() {
        assertEquals(List.of(3L, 4L), markedWith("enqueue"));
    }
}
