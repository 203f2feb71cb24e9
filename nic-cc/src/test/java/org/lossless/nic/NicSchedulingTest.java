package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.MessageSize;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketType;
import org.lossless.core.net.PauseSender;

/**
 * What the NIC sends when: round robin past a paused QP, control frames of priority 0, an ACK without a delay
 * ahead of data queued in the same instant, an ACK queued behind a frame on the wire, and the IRN timer that an
 * ACK shortens. 100 Gb/s, 1 us of cable,
 * MTU 1000, an ACK per packet. A PAUSE of q quanta holds a 100 Gb/s port q x 5.12 ns.
 */
class NicSchedulingTest {
    private static final long RATE = 100_000_000_000L;
    private static final long US = 1_000_000L;

    @Test
    void roundRobinSkipsAPausedQpAndServesItWhenThePauseEnds() {
        // P (priority 5, paused 10,000 quanta = 51.2 us from 0), A (3), B (4): two 1000 B SENDs each (1062 B frames,
        // 86,560 ps on the wire), posted in that order at 0
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        b.nic[0].receive(PauseSender.frame(b.pool, 5, 10_000), 0);
        QueuePair p = b.nic[0].openQp(1, 5, 50_000, null);
        QueuePair a = b.nic[0].openQp(1, 3, 50_001, null);
        QueuePair c = b.nic[0].openQp(1, 4, 50_002, null);
        b.nic[0].post(p, b.flow(0, 1, 2000, Verb.SEND));
        b.nic[0].post(a, b.flow(0, 1, 2000, Verb.SEND));
        b.nic[0].post(c, b.flow(0, 1, 2000, Verb.SEND));
        b.kernel.runUntil(100 * US);
        List<BackToBack.Frame> data = b.sent(0, PacketType.DATA);
        assertEquals(List.of(a.id, c.id, a.id, c.id, p.id, p.id), data.stream().map(BackToBack.Frame::qp).toList());
        assertEquals(List.of(0L, 86_560L, 173_120L, 259_680L, 51_200_000L, 51_286_560L),
                data.stream().map(BackToBack.Frame::startPs).toList());
    }

    @Test
    void controlFramesOfPriorityZeroAreSentToo() {
        ReceiverRig r = new ReceiverRig(NicConfig.builder().mtu(1000).ackEvery(1).rtoPs(NicConfig.DEFAULT_RTO_PS).ackPriority(0).cnpPriority(NicConfig.DEFAULT_CNP_PRIORITY).dcqcn(null).build(), RATE, US);
        QueuePair qp = r.qp(1000);
        r.dataAt(0, qp, 0, 1078, false);
        r.kernel.runUntil(10 * US);
        assertEquals(List.of(new ReceiverRig.Tx(PacketType.ACK, qp.id, 0, -1, false, 0, 0)), r.sent);
    }

    @Test
    void withoutAnAckDelayTheAckIsQueuedAtOnceAheadOfDataPostedInTheSameInstant() {
        // host 1 receives a data packet and, in the same event, posts a message of its own: the ACK (6,880 ps)
        // leaves first, the data right after it
        ReceiverRig r = new ReceiverRig(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        QueuePair in = r.qp(1000);
        QueuePair out = r.nic.openQp(0, 3, 50_000, null);
        Flow f = r.flows.add(new Flow(1, "t", 1, 0, MessageSize.of(1000), 0, 3));
        r.at(0, () -> {
            Packet d = r.pool.acquire();
            d.type = PacketType.DATA;
            d.flowId = in.id;
            d.psn = 0;
            d.frameBytes = 1078;
            d.priority = 3;
            d.last(true);
            r.nic.receive(d, 0);
            r.nic.post(out, f);
        });
        r.kernel.runUntil(10 * US);
        assertEquals(List.of(0L), r.starts(PacketType.ACK));
        assertEquals(List.of(6_880L), r.starts(PacketType.DATA));
    }

    @Test
    void anAckQueuedWhileTheWireIsBusyLeavesWhenTheFrameOnItEnds() {
        // host 1 sends one 1000 B SEND (a 1062 B frame, 86,560 ps) at 0 and then has nothing left: its port arms no
        // event at the end of it. A data packet reaching host 1 at 10,000 queues an ACK while the wire is busy: the
        // ACK starts exactly at 86,560, and the ACK alone leaves nothing queued (no event at its end either)
        ReceiverRig r = new ReceiverRig(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        QueuePair in = r.qp(1000);
        QueuePair out = r.nic.openQp(0, 3, 50_000, null);
        Flow f = r.flows.add(new Flow(1, "t", 1, 0, MessageSize.of(1000), 0, 3, 50_000, Verb.SEND));
        List<Boolean> pending = new ArrayList<>();
        r.at(0, () -> {
            r.nic.post(out, f);
            pending.add(r.port.isScheduled());
        });
        r.dataAt(10_000, in, 0, 1078, false);
        r.at(10_001, () -> pending.add(r.port.isScheduled() && r.port.timePs() == 86_560));
        r.at(86_561, () -> pending.add(r.port.isScheduled()));
        r.kernel.runUntil(10 * US);
        assertEquals(List.of(0L), r.starts(PacketType.DATA));
        assertEquals(List.of(86_560L), r.starts(PacketType.ACK));
        assertEquals(List.of(false, true, false), pending,
                "no event after the lone SEND; the ACK arms one at 86,560; none after the ACK");
    }

    @Test
    void anAckThatLeavesFewPacketsInFlightBringsTheIrnTimeoutForward() {
        // IRN (RTO_low 100 us with <= 3 in flight, RTO_high 320 us): 10 packets, 7, 8, 9 lost. Host 1 is paused
        // from 200 ns for 30,000 quanta (153.6 us): its ACKs of 0..6 wait. The timer looked at 100 us saw 10 in
        // flight and set itself for 0 + 320 us. The held ACKs leave from 153.8 us, 6,880 ps apart: ACK 6 reaches
        // host 0 at 153,800,000 + 7 x 6,880 + 1 us = 154,848,160 and leaves 3 in flight: the timeout is
        // RTO_low from then, 254,848,160, not 320 us
        LossyPair p = new LossyPair(IrnTest.config(IrnTest.irn(64)), RATE, US, 0);
        p.dropOnce.addAll(List.of(7L, 8L, 9L));
        p.kernel.schedule(new org.lossless.core.kernel.SimEvent() {
            private static final long serialVersionUID = 1L;

            @Override
            protected void fire() {
                p.nic[1].receive(PauseSender.frame(p.pool, 3, 30_000), 0);
            }
        }, 200_000);
        p.write(10_000);
        p.kernel.runUntil(400 * US);
        assertEquals(IrnTest.then(7, 8, 9), p.dataPsns());
        assertEquals(254_848_160L, p.data().get(10).startPs());
    }
}
