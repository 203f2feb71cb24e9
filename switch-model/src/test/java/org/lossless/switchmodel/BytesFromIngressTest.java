package org.lossless.switchmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.SimEvent;
import org.lossless.switchmodel.settings.SwitchSettings;

/**
 * {@link OutputQueues#bytesFromIngress} (what the pause graph reads at each XOFF) against the queue's content
 * counted by hand: four 1000 B frames from port 0 and two from port 1 reach the idle 100 Gb/s egress at t = 0;
 * the first leaves at once, then one every 81.6 ns (1020 B of line time), oldest first.
 */
class BytesFromIngressTest {
    private static final long TX_PS = 81_600;

    @Test
    void countsTheQueuedBytesOfEachIngressAsFramesComeAndGo() {
        OneSwitch bench = new OneSwitch(100_000_000_000L, SwitchSettings.defaults());
        for (int i = 0; i < 4; i++) {
            bench.arrive(0, 0, i);
        }
        bench.arrive(0, 1, 10);
        bench.arrive(0, 1, 11);
        OutputQueues q = bench.sw.queues(2);
        List<long[]> seen = new ArrayList<>();
        long[] probes = {1, TX_PS + 1, 3 * TX_PS + 1, 4 * TX_PS + 1, 10 * TX_PS};
        for (long t : probes) {
            bench.kernel.schedule(new SimEvent() {
                @Override
                protected void fire() {
                    seen.add(new long[] {q.bytesFromIngress(3, 0), q.bytesFromIngress(3, 1), q.bytesFromIngress(0, 0)});
                }
            }, t);
        }
        bench.run();
        // queued after each probe time: frames 2-4 of port 0 and both of port 1; then 3-4 and both;
        // then port 1's two only; then one of port 1; then nothing. Queue 0 never holds a frame.
        long[][] expected = {{3000, 2000, 0}, {2000, 2000, 0}, {0, 2000, 0}, {0, 1000, 0}, {0, 0, 0}};
        assertEquals(expected.length, seen.size());
        for (int i = 0; i < expected.length; i++) {
            assertEquals(List.of(expected[i][0], expected[i][1], expected[i][2]),
                    List.of(seen.get(i)[0], seen.get(i)[1], seen.get(i)[2]), "at " + probes[i] + " ps");
        }
    }
}
