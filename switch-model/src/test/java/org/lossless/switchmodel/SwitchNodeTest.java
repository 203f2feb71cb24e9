package org.lossless.switchmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.lossless.switchmodel.SwitchBench.FRAME_PS;
import static org.lossless.switchmodel.SwitchBench.PFC_PS;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketType;
import org.lossless.core.net.Telemetry;
import org.lossless.switchmodel.SwitchBench.Rx;
import org.lossless.switchmodel.ecn.EcnConfig;
import org.lossless.switchmodel.ecn.MarkPoint;
import org.lossless.switchmodel.ecn.RedParams;
import org.lossless.topology.Cable;
import org.lossless.topology.Failures;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;
import org.lossless.topology.types.StarSpec;

/**
 * The switch's wiring of MMU, PFC, queues and ports, by hand on {@link SwitchBench} (PG 3 pauses at 3000 B
 * shared, resumes at 2000 B; 1000 B frames).
 */
class SwitchNodeTest {
    private final SwitchBench b = new SwitchBench();

    @Nested
    class PortFailure {
        @Test
        void everyQueuedByteGoesBackToTheMmuAndTheUpstreamIsResumed() {
            // host 2 pauses priority 3 on port 2: four frames from host 0 queue there; the third takes the PG to
            // 3000 B shared (= the threshold): XOFF to host 0; the fourth goes to headroom
            b.pfcFromHost(0, 2, 3, 65535);
            for (int k = 1; k <= 4; k++) {
                b.data(1000 * k, 0, 2, 3, k);
            }
            b.at(100_000, () -> {
                b.ports[2].fail();
                b.sw.portFailed(2);
            });
            b.run();
            assertEquals(0, b.mmu.ingressTotalBytes(), "every byte released");
            assertEquals(0, b.mmu.egressTotalBytes());
            assertEquals(0, b.mmu.headroomBytes(0, 3));
            assertEquals(0, b.mmu.sharedBytes(0, 3));
            assertFalse(b.mmu.isPaused(0, 3));
            List<Rx> pfc = b.at(0, PacketType.PFC);
            assertEquals(List.of(new Rx(3000 + PFC_PS, 0, PacketType.PFC, 3, 0, 65535),
                    new Rx(100_000 + PFC_PS, 0, PacketType.PFC, 3, 0, 0)), pfc, "XOFF at the third frame, XON at the failure");
            assertEquals(4, b.ports[2].counters().drops(3));
            assertEquals(4000, b.ports[2].counters().dropBytes(3));
            assertEquals(List.of(), b.at(2, PacketType.DATA));
            assertEquals(0, b.pool.outstanding(), "every frame recycled");
        }

        @Test
        void theFrameOnTheWireIsDroppedWithTheQueuedOnes() {
            // frame 1 starts at once on port 2 (until 81,600) and has left the MMU; frame 2 waits in the queue
            b.data(0, 0, 2, 3, 1);
            b.data(0, 1, 2, 3, 2);
            b.at(40_000, () -> {
                b.ports[2].fail();
                b.sw.portFailed(2);
            });
            b.run();
            assertEquals(2, b.ports[2].counters().drops(3), "the frame on the wire and the queued one");
            assertEquals(0, b.mmu.ingressTotalBytes());
            assertEquals(List.of(), b.at(2, PacketType.DATA));
            assertEquals(0, b.pool.outstanding());
        }

        @Test
        void aPfcFrameOnTheWireIsRecycledNotCountedAsADrop() {
            // XOFF leaves port 0 at 3000 (third frame) and is on its wire until 9720 when port 0 fails; host 2's
            // pause of 65,535 quanta (335,539,200 ps at 100 Gb/s) then expires and the three frames go out; the
            // first departure takes PG 3 to 2000 B: the XON waits in the dead port and leaves when it is restored
            b.pfcFromHost(0, 2, 3, 65535);
            for (int k = 1; k <= 3; k++) {
                b.data(1000 * k, 0, 2, 3, k);
            }
            b.at(5000, () -> {
                b.ports[0].fail();
                b.sw.portFailed(0);
            });
            long restore = 400_000_000;
            b.at(restore, () -> b.ports[0].restore());
            b.run();
            assertEquals(0, b.ports[0].counters().drops(3));
            long resume = 335_539_200;
            assertEquals(List.of(resume + FRAME_PS, resume + 2 * FRAME_PS, resume + 3 * FRAME_PS),
                    b.at(2, PacketType.DATA).stream().map(Rx::atPs).toList());
            assertEquals(List.of(new Rx(restore + PFC_PS, 0, PacketType.PFC, 3, 0, 0)), b.at(0, PacketType.PFC),
                    "the lost XOFF never arrives; the XON decided while the port was down leaves on restore");
            assertEquals(0, b.pool.outstanding(), "the lost XOFF was recycled");
        }

        @Test
        void framesForADeadPortAreDroppedOnArrival() {
            b.at(0, () -> b.ports[2].fail());
            b.data(1000, 0, 2, 3, 1);
            b.run();
            assertEquals(1, b.ports[2].counters().drops(3));
            assertEquals(0, b.mmu.ingressTotalBytes(), "nothing charged");
            assertEquals(0, b.pool.outstanding());
        }

        @Test
        void aPortThatFailedInMidFrameAndCameBackTakesTheNextFrameAtOnce() {
            // frame 1 is on port 2's wire (0 to 81,600 ps) when the port fails at 40,000: it is lost. After the
            // restore frame 2 finds the port idle and leaves on arrival
            b.data(0, 0, 2, 3, 1);
            b.at(40_000, () -> b.ports[2].fail());
            b.at(100_000, () -> b.ports[2].restore());
            b.data(200_000, 0, 2, 3, 2);
            b.run();
            assertEquals(List.of(new Rx(200_000 + FRAME_PS, 2, PacketType.DATA, 3, 2, 0)), b.at(2, PacketType.DATA));
            assertEquals(1, b.ports[2].counters().drops(3));
        }

        @Test
        void aRestoredPortForwardsAgain() {
            b.at(0, () -> b.ports[2].fail());
            b.at(10_000, () -> b.ports[2].restore());
            b.data(20_000, 0, 2, 3, 7);
            b.run();
            assertEquals(List.of(new Rx(20_000 + FRAME_PS, 2, PacketType.DATA, 3, 7, 0)), b.at(2, PacketType.DATA));
        }
    }

    @Nested
    class EcnCounters {
        // kmin = kmax = 0, pmax 1: a frame is marked iff the queue it is judged by holds any byte. Frames of
        // priority 3 from hosts 0, 1, 0 to host 2 at 1000, 2000, 3000 ps; frame 1 goes straight onto the wire
        // (until 82,600 ps), frames 2 and 3 wait behind it
        private SwitchBench bench(MarkPoint at) {
            SwitchBench e = new SwitchBench(new EcnConfig(true, at, new RedParams(0, 0, 1.0), Map.of()));
            e.data(1000, 0, 2, 3, 1);
            e.data(2000, 1, 2, 3, 2);
            e.data(3000, 0, 2, 3, 3);
            e.run();
            return e;
        }

        @Test
        void atEnqueueOnlyTheFrameThatFoundAQueueIsCounted() {
            // frame 1 finds 0 B, frame 2 finds 0 B (frame 1 already left the queue for the wire), frame 3 finds 1000 B
            SwitchBench e = bench(MarkPoint.ENQUEUE);
            assertEquals(1, e.ports[2].counters().ecnMarked(3));
            assertEquals(3, e.at(2, PacketType.DATA).size());
        }

        @Test
        void aPortOfAnotherSpeedMarksWithItsOwnSpeedsParameters() {
            // port 2 at 25 Gb/s marks above 0 B (its speed's parameters), ports 0 and 1 (100 Gb/s, the defaults)
            // only above 1 MB. Marking at enqueue: frame 3 finds 1000 B queued at port 2 and is marked there
            SwitchBench e = new SwitchBench(new EcnConfig(true, MarkPoint.ENQUEUE,
                    new RedParams(1_000_000, 1_000_000, 1.0), Map.of(25_000_000_000L, new RedParams(0, 0, 1.0))),
                    25_000_000_000L);
            e.data(1000, 0, 2, 3, 1);
            e.data(2000, 1, 2, 3, 2);
            e.data(3000, 0, 2, 3, 3);
            e.run();
            assertEquals(1, e.ports[2].counters().ecnMarked(3));
            assertEquals(3, e.at(2, PacketType.DATA).size());
        }

        @Test
        void atDequeueOnlyTheFrameThatLeftAQueueBehindIsCounted() {
            // frame 1 leaves 0 B behind, frame 2 leaves frame 3 (1000 B), frame 3 leaves 0 B
            SwitchBench e = bench(MarkPoint.DEQUEUE);
            assertEquals(1, e.ports[2].counters().ecnMarked(3));
            assertEquals(0, e.ports[0].counters().ecnMarked(3) + e.ports[1].counters().ecnMarked(3));
        }
    }

    @Test
    void aFrameTheMmuRefusesIsDroppedAtItsEgressAndRecycled() {
        // priority 3 paused at port 2: PG 3 of port 0 takes 3 frames in shared (3000 B = the threshold) and 10 in
        // headroom (10,000 B); the 14th frame finds no room and is dropped, counted at port 2
        b.pfcFromHost(0, 2, 3, 65535);
        for (int k = 1; k <= 14; k++) {
            b.data(1000 * k, 0, 2, 3, k);
        }
        b.at(100_000, () -> {
            assertEquals(1, b.ports[2].counters().drops(3));
            assertEquals(1000, b.ports[2].counters().dropBytes(3));
            assertEquals(13_000, b.sw.queues(2).queuedBytes(3));
            assertEquals(10_000, b.mmu.headroomBytes(0, 3));
            assertEquals(13, b.pool.outstanding(), "the dropped frame is back in the pool");
            b.kernel.stop();
        });
        b.run();
    }

    @Test
    void aFrameWithNoRouteIsDroppedAtItsIngressPortAndRecycled() {
        // the bench's star with the cable to host 2 down: sw0 (node 3, after the hosts 0-2) has no route to host 2.
        // Host 0's frame for host 2 is dropped and counted on the port it came in on (port 0, priority 3), charged
        // to no buffer; host 1's frame for host 0 still goes through
        Topology t = new StarSpec(3, LinkSpec.ofLength(SwitchBench.G100, 0)).build();
        int sw = t.nodeId("sw0");
        assertEquals(3, b.sw.nodeId(), "hosts are nodes 0-2, the switch node 3");
        Cable toHost2 = t.cables().get(t.cableIndex(sw, 2));
        b.sw.setRoutes(Routes.shortestPaths(t, Failures.ofCables(toHost2)));
        b.data(1000, 0, 2, 3, 1);
        b.data(2000, 1, 0, 3, 2);
        b.run();
        assertEquals(1, b.ports[0].counters().drops(3));
        assertEquals(1000, b.ports[0].counters().dropBytes(3));
        assertEquals(0, b.ports[2].counters().drops(3));
        assertEquals(List.of(), b.at(2, PacketType.DATA));
        assertEquals(List.of(2L), b.at(0, PacketType.DATA).stream().map(Rx::psn).toList());
        assertEquals(0, b.mmu.ingressTotalBytes());
        assertEquals(0, b.pool.outstanding());
    }

    @Test
    void aDataFrameCollectingTelemetryGetsTheEgressRecordOthersNone() {
        // four 1000 B frames of priority 4 (lossy: no PFC) from host 0 to host 2: A (data, collecting: 0 hops) leaves at once at
        // 1000; B (data, collecting), C (an ACK with 0 hops) and D (data, not collecting) arrive while A is on the
        // wire. B leaves at 82,600 after A's 1020 B of line time, with C and D (2000 B) queued behind it.
        // Record: time, bytes the port sent before (line bytes), bytes queued at the port, rate
        List<String> seen = new ArrayList<>();
        b.tap = p -> seen.add(p.psn + ":" + p.intHops + (p.intHops > 0
                ? " " + p.intData[0] + "," + p.intData[1] + "," + p.intData[2] + "," + p.intData[3] : ""));
        long[] at = {1000, 2000, 3000, 4000};
        PacketType[] type = {PacketType.DATA, PacketType.DATA, PacketType.ACK, PacketType.DATA};
        boolean[] collects = {true, true, true, false};
        for (int i = 0; i < 4; i++) {
            int k = i;
            b.at(at[k], () -> {
                Packet p = b.pool.acquire();
                p.type = type[k];
                p.srcHost = 0;
                p.dstHost = 2;
                p.priority = 4;
                p.frameBytes = 1000;
                p.wireBytes = 1020;
                p.psn = k + 1;
                if (collects[k]) {
                    Telemetry.start(p);
                }
                b.sw.receive(p, 0);
            });
        }
        b.run();
        assertEquals(List.of("1:1 1000,0,0,100000000000", "2:1 82600,1020,2000,100000000000", "3:0", "4:-1"), seen);
        assertEquals(0, b.pool.outstanding());
    }

    @Test
    void observersSeeXoffAndXonAndTheAccessorsDescribeTheBench() {
        // as in the port-failure case: the third frame from host 0 takes PG 3 to the threshold (XOFF at 3000 ps);
        // host 2's XON at 200,000 ps lets the queue drain; the first departure leaves 2000 B = the XON level
        List<String> seen = new ArrayList<>();
        b.sw.observePfc((t, node, port, prio, pause) -> seen.add(t + " " + node + " " + port + " " + prio + " " + pause));
        b.pfcFromHost(0, 2, 3, 65535);
        for (int k = 1; k <= 3; k++) {
            b.data(1000 * k, 0, 2, 3, k);
        }
        b.pfcFromHost(200_000, 2, 3, 0);
        b.run();
        assertEquals(List.of("3000 sw0 0 3 true", "200000 sw0 0 3 false"), seen);
        assertEquals("sw0", b.sw.name());
        assertEquals(3, b.sw.portCount());
        assertSame(b.ports[1], b.sw.port(1));
        assertSame(b.mmu, b.sw.mmu());
        assertEquals(0, b.sw.latencyPs());
        assertFalse(b.sw.cutThrough());
        assertEquals(List.of(), b.sw.stormEpisodes(), "no watchdog");
    }
}
