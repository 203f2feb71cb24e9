package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketType;
import org.lossless.nic.cc.CcAlgorithm;
import org.lossless.nic.cc.CongestionControl;
import org.lossless.nic.cc.CongestionEcho;

/**
 * The NIC's side of congestion control, with scripted algorithms: when the receiver sends the CNPs its echo asks
 * for (now, later, as an ACK flag, not at all), what a notification does at the sender, and when a rate that
 * rises on an ACK or on the algorithm's own timer lets the next packet go. 100 Gb/s: a CNP (78 B, 98 B on the
 * wire) takes 7,840 ps, an ACK (86 B on the wire) 6,880 ps, a data frame of 1000 B + RETH (1098 B on the wire)
 * 87,840 ps, one without the RETH (1082 B) 86,560 ps; at a 10 Gb/s pacer rate ten times as long.
 */
class CnpAndCcSeamTest {
    private static final long RATE = 100_000_000_000L;
    private static final long US = 1_000_000L;
    private static final long CNP = 7_840;
    private static final long NO = CongestionEcho.NO_CNP;

    /** An echo that answers the i-th CE packet with {@code offsets[i]} after now ({@link #NO}: no CNP). */
    static final class ScriptedEcho implements CongestionEcho {
        final Deque<Long> offsets = new ArrayDeque<>();
        final List<Long> calls = new ArrayList<>();
        final boolean onAck;

        ScriptedEcho(boolean onAck, long... offsets) {
            this.onAck = onAck;
            for (long o : offsets) {
                this.offsets.add(o);
            }
        }

        @Override
        public long onCePacket(long nowPs) {
            calls.add(nowPs);
            long o = offsets.poll();
            return o == NO ? NO_CNP : nowPs + o;
        }

        @Override
        public boolean cnpOnAck() {
            return onAck;
        }

        /** Whether each data packet it echoed carried a telemetry record. */
        final List<Boolean> telemetry = new ArrayList<>();
        /** Bytes it adds to every ACK and NACK (as HPCC's telemetry echo does). */
        int ackExtraBytes;

        @Override
        public void echo(Packet data, Packet ack) {
            telemetry.add(data.intData != null);
            ack.frameBytes += ackExtraBytes;
            ack.wireBytes += ackExtraBytes;
        }
    }

    /** A line-rate (or 10 Gb/s until told otherwise) algorithm with a given echo that records what it is told. */
    static final class Scripted implements CcAlgorithm, CongestionControl {
        final CongestionEcho echo;
        long rate = RATE;
        long change = NEVER;
        long rateAfterChange = RATE;
        boolean observes;
        long rateAfterAck = -1;
        final List<Long> notified = new ArrayList<>();
        final List<String> acks = new ArrayList<>();
        /** onSent calls as "time:nextPsn". */
        final List<String> sent = new ArrayList<>();
        int headerBytes;
        boolean telemetry;

        Scripted(CongestionEcho echo) {
            this.echo = echo;
        }

        @Override
        public String name() {
            return "scripted";
        }

        @Override
        public CongestionControl newSender() {
            return this;
        }

        @Override
        public CongestionEcho newEcho() {
            return echo;
        }

        @Override
        public long rateBps(long nowPs) {
            return change != NEVER && nowPs >= change ? rateAfterChange : rate;
        }

        @Override
        public long nextChangePs() {
            return change;
        }

        @Override
        public void onBytesSent(long nowPs, long wireBytes) {
        }

        @Override
        public void onCongestionNotification(long nowPs) {
            notified.add(nowPs);
        }

        @Override
        public boolean observesAcks() {
            return observes;
        }

        @Override
        public void onAck(long nowPs, Packet ack, long newlyAcked) {
            acks.add(newlyAcked + "@" + nowPs);
            if (rateAfterAck > 0) {
                rate = rateAfterAck;
            }
        }

        @Override
        public void onRttSample(long nowPs, long rttPs) {
            acks.add("rtt " + rttPs);
        }

        @Override
        public void onSent(long nowPs, long nextPsn) {
            sent.add(nowPs + ":" + nextPsn);
        }

        @Override
        public int headerBytes() {
            return headerBytes;
        }

        @Override
        public boolean collectsTelemetry() {
            return telemetry;
        }
    }

    private static ReceiverRig receiver(int ackEvery, ScriptedEcho echo) {
        Scripted cc = new Scripted(echo);
        return new ReceiverRig(NicConfig.builder().mtu(1000).ackEvery(ackEvery).build(), RATE, US, (name, config, rate) -> cc);
    }

    private static List<Long> starts(ReceiverRig r, PacketType type) {
        return r.starts(type);
    }

    @Test
    void theReceiverSendsEachCnpWhenItsEchoAsksAndCoalescesTheRest() {
        // CE packets 0..4 at 0, 100, .., 400 ns: no CNP; one now (100 ns); one at 700 ns; one at 700 ns (the
        // event keeps its time); one at 500 ns (the event moves earlier)
        ScriptedEcho echo = new ScriptedEcho(false, NO, 0, 500_000, 400_000, 100_000);
        ReceiverRig r = receiver(1, echo);
        QueuePair qp = r.qp(5000);
        for (int k = 0; k < 5; k++) {
            r.dataAt(k * 100_000L, qp, k, 1062, true);
        }
        r.kernel.runUntil(10 * US);
        assertEquals(List.of(0L, 100_000L, 200_000L, 300_000L, 400_000L), echo.calls);
        // the CNP due now is queued before its packet's ACK and goes first (priority 6); the two due at 700 ns
        // leave back to back
        assertEquals(List.of(100_000L, 500_000L, 700_000L, 700_000L + CNP), starts(r, PacketType.CNP));
        assertEquals(List.of(0L, 100_000L + CNP, 200_000L, 300_000L, 400_000L), starts(r, PacketType.ACK));
        assertEquals(List.of(false, false, false, false, false), r.sent.stream().filter(t -> t.type() == PacketType.ACK)
                .map(ReceiverRig.Tx::ce).toList(), "no CNP flags: the echo did not ask for them");
        ReceiverRig.Tx cnp = r.sent.stream().filter(t -> t.type() == PacketType.CNP).findFirst().orElseThrow();
        assertEquals(qp.id, cnp.qp());
        assertEquals(NicConfig.DEFAULT_CNP_PRIORITY, cnp.priority());
        assertEquals(4, r.nic.cnpsSent());
        assertEquals(0, r.pool.outstanding());
    }

    @Test
    void aCnpDueAtOnceRidesOnTheAckWhenEveryPacketIsAcknowledged() {
        // packet 0: a CNP now, as the flag of its ACK; packet 1: a CNP 300 ns later, as a frame of its own
        ScriptedEcho echo = new ScriptedEcho(true, 0, 300_000);
        ReceiverRig r = receiver(1, echo);
        QueuePair qp = r.qp(2000);
        r.dataAt(0, qp, 0, 1078, true);
        r.dataAt(100_000, qp, 1, 1062, true);
        r.kernel.runUntil(10 * US);
        assertEquals(List.of(400_000L), starts(r, PacketType.CNP));
        assertEquals(List.of(true, false), r.sent.stream().filter(t -> t.type() == PacketType.ACK)
                .map(ReceiverRig.Tx::ce).toList());
        assertEquals(2, r.nic.cnpsSent());
    }

    @Test
    void withCoalescedAcksTheCnpIsAFrameAndUnmarkedPacketsDoNotReachTheEcho() {
        // an ACK every 2 packets: packet 0 (CE) gets no ACK of its own, so its CNP leaves as a frame at once;
        // packet 1 (not marked) is the message's last: ACK, unflagged
        ScriptedEcho echo = new ScriptedEcho(true, 0);
        ReceiverRig r = receiver(2, echo);
        QueuePair qp = r.qp(2000);
        r.dataAt(0, qp, 0, 1078, true);
        r.dataAt(100_000, qp, 1, 1062, false);
        r.kernel.runUntil(10 * US);
        assertEquals(List.of(0L), echo.calls);
        assertEquals(List.of(0L), starts(r, PacketType.CNP));
        assertEquals(List.of(100_000L), starts(r, PacketType.ACK));
        assertEquals(List.of(false), r.sent.stream().filter(t -> t.type() == PacketType.ACK).map(ReceiverRig.Tx::ce).toList());
    }

    @Test
    void aCnpOrAFlaggedAckCountsForTheQpAndItsFirstUnacknowledgedMessage() {
        Scripted cc = new Scripted(null);
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US, (name, config, rate) -> cc);
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        Flow f = b.flow(0, 1, 2000, Verb.WRITE);
        b.nic[0].post(qp, f);
        b.cnpAt(50_000, qp);
        // a duplicate ACK (PSN -1: nothing new) with the CNP flag
        b.at(60_000, () -> {
            Packet a = b.pool.acquire();
            a.type = PacketType.ACK;
            a.flowId = qp.id;
            a.psn = -1;
            a.ce(true);
            b.nic[0].receive(a, 0);
        });
        b.kernel.runUntil(10 * US);
        assertEquals(List.of(50_000L, 60_000L), cc.notified);
        assertEquals(2, qp.cnps());
        assertEquals(2, f.cnpsReceived());
    }

    @Test
    void aDuplicateAckReachesAnAlgorithmThatObservesAcksWithNothingNewlyAcknowledged() {
        Scripted cc = new Scripted(null);
        cc.observes = true;
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US, (name, config, rate) -> cc);
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        b.nic[0].post(qp, b.flow(0, 1, 1000, Verb.WRITE));
        // at 3 us the only packet is acknowledged (ACK back at 87,840 + 1 us + 6,880 + 1 us = 2,094,720, echoing
        // the packet's timestamp 0); then a duplicate of that ACK stamped 2.5 us
        b.at(3 * US, () -> {
            Packet a = b.pool.acquire();
            a.type = PacketType.ACK;
            a.flowId = qp.id;
            a.psn = 0;
            a.tsPs = 2_500_000;
            b.nic[0].receive(a, 0);
        });
        b.kernel.runUntil(10 * US);
        assertEquals(List.of("1000@2094720", "rtt 2094720", "0@3000000", "rtt 500000"), cc.acks);
    }

    @Test
    void aRateRaisedByAnAckLetsTheWaitingPacketGoAtOnce() {
        // pacer at 10 Gb/s: packet 1 would wait until 1098 B x 800 ps = 878,400. Cable 100 ns: packet 0's ACK is
        // back at 87,840 + 100,000 + 6,880 + 100,000 = 294,720 and raises the rate to 100 Gb/s, under which
        // packet 1 was due at 87,840: it goes at 294,720, and packet 2 86,560 later
        Scripted cc = new Scripted(null);
        cc.rate = 10_000_000_000L;
        cc.observes = true;
        cc.rateAfterAck = RATE;
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, 100_000, (name, config, rate) -> cc);
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        b.nic[0].post(qp, b.flow(0, 1, 3000, Verb.WRITE));
        b.kernel.runUntil(10 * US);
        assertEquals(List.of(0L, 294_720L, 294_720L + 86_560), b.sent(0, PacketType.DATA).stream()
                .map(BackToBack.Frame::startPs).toList());
    }

    @Test
    void aRateRaisedByAnAckButStillPacingMovesTheWakeUpEarlier() {
        // as above but the ACK raises the rate to 20 Gb/s only: packet 1 was to wait for 878,400 and is now due at
        // 1098 B x 400 ps = 439,200; packet 2 1082 B x 400 ps = 432,800 later
        Scripted cc = new Scripted(null);
        cc.rate = 10_000_000_000L;
        cc.observes = true;
        cc.rateAfterAck = 20_000_000_000L;
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, 100_000, (name, config, rate) -> cc);
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        b.nic[0].post(qp, b.flow(0, 1, 3000, Verb.WRITE));
        b.kernel.runUntil(10 * US);
        assertEquals(List.of(0L, 439_200L, 872_000L), b.sent(0, PacketType.DATA).stream()
                .map(BackToBack.Frame::startPs).toList());
    }

    @Test
    void aRateThatRisesOnItsOwnTimerWakesTheQpAtTheChange() {
        // 10 Gb/s until 300 ns, 100 Gb/s after: packet 1 (due at 878,400 at the old rate) goes at 300 ns
        Scripted cc = new Scripted(null);
        cc.rate = 10_000_000_000L;
        cc.change = 300_000;
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US, (name, config, rate) -> cc);
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        b.nic[0].post(qp, b.flow(0, 1, 2000, Verb.WRITE));
        b.kernel.runUntil(10 * US);
        assertEquals(List.of(0L, 300_000L), b.sent(0, PacketType.DATA).stream().map(BackToBack.Frame::startPs).toList());
    }

    @Test
    void aChangeTimeAlreadyPastIsIgnored() {
        // the algorithm keeps reporting 300 ns as its next change but its rate stays 10 Gb/s: the QP looks again at
        // 300 ns, then waits for the pacer (878,400) instead of waking at the stale time again and again
        Scripted cc = new Scripted(null);
        cc.rate = 10_000_000_000L;
        cc.rateAfterChange = 10_000_000_000L;
        cc.change = 300_000;
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US, (name, config, rate) -> cc);
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        b.nic[0].post(qp, b.flow(0, 1, 2000, Verb.WRITE));
        b.kernel.runUntil(10 * US);
        assertEquals(List.of(0L, 878_400L), b.sent(0, PacketType.DATA).stream().map(BackToBack.Frame::startPs).toList());
    }
}
