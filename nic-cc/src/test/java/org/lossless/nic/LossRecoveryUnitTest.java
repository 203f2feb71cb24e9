package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.Kernel;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Link;
import org.lossless.core.net.MessageSize;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PacketType;

/**
 * Go-back-N at one sender, by hand: host 0 sends a 5-packet WRITE (MTU 1000) to host 1 at 100 Gb/s over a
 * 1 µs cable that loses one chosen data packet once; the retransmission timeout is the default 1 ms.
 *
 * <p>Line times: packet 0 carries a RETH (1000 + 82 + 16 = 1098 B: 87,840 ps), packets 1-4 1082 B (86,560 ps),
 * an ACK or NACK 86 B (6,880 ps). Packet k (k &ge; 1) leaves at 87,840 + (k - 1) 86,560 and ends 86,560 later.
 */
class LossRecoveryUnitTest {
    private static final long RATE = 100_000_000_000L;
    private static final long DELAY = 1_000_000;
    private static final long FIRST = 87_840;
    private static final long OTHER = 86_560;
    private static final long ACK = 6_880;
    private static final long RTO = NicConfig.DEFAULT_RTO_PS;

    record Tx(int host, PacketType type, long psn, long startPs) {
    }

    private final Kernel kernel = new Kernel();
    private final PacketPool pool = new PacketPool();
    private final FlowTable flows = new FlowTable();
    private final HostNic[] nic = new HostNic[2];
    private final List<Tx> sent = new ArrayList<>();
    private final List<String> done = new ArrayList<>();

    /** Wires the pair; {@code lose} is asked once per data frame from host 0 and drops it when true. */
    private void wire(Predicate<Packet> lose) {
        FlowListener listener = new FlowListener() {
            @Override
            public void flowFinished(Flow flow, long nowPs) {
                done.add("delivered @" + nowPs);
            }

            @Override
            public void flowAcked(Flow flow, long nowPs) {
                done.add("acked @" + nowPs);
            }
        };
        EgressPort[] port = new EgressPort[2];
        for (int h = 0; h < 2; h++) {
            nic[h] = new HostNic(h, "h" + h, kernel, pool, flows, NicConfig.builder().mtu(1000).ackEvery(1).build(), listener);
            port[h] = new EgressPort(kernel, RATE);
            nic[h].attach(port[h]);
            int from = h;
            port[h].probe((p, start, end) -> sent.add(new Tx(from, p.type, p.psn, start)));
        }
        port[0].connect(new Link(kernel, DELAY, (p, in) -> {
            if (p.type == PacketType.DATA && lose.test(p)) {
                pool.release(p);
            } else {
                nic[1].receive(p, in);
            }
        }, 0), nic[0]);
        port[1].connect(new Link(kernel, DELAY, nic[0], 0), nic[1]);
    }

    /** Loses the first copy of data packet {@code psn}. */
    private static Predicate<Packet> loseOnce(long psn) {
        boolean[] lost = {false};
        return p -> {
            if (p.psn == psn && !lost[0]) {
                lost[0] = true;
                return true;
            }
            return false;
        };
    }

    private Flow send() {
        Flow f = flows.add(new Flow(0, "t", 0, 1, MessageSize.of(5000), 0, 3));
        nic[0].startFlow(f);
        kernel.runUntil(Long.MAX_VALUE);
        return f;
    }

    private List<Tx> data() {
        return sent.stream().filter(t -> t.host() == 0 && t.type() == PacketType.DATA).toList();
    }

    private static long start(int k) {
        return k == 0 ? 0 : FIRST + (k - 1) * OTHER;
    }

    @Test
    void aNackRewindsTheSenderAsSoonAsItArrivesLongBeforeAnyTimeout() {
        wire(loseOnce(2));
        Flow f = send();
        // packet 3 ends at 347,520 and reaches host 1 at 1,347,520: a gap, so a NACK for PSN 2 (on the wire
        // until 1,354,400, at host 0 at 2,354,400). Packet 4 is out of order too but the gap has its NACK.
        long nackAt = start(3) + OTHER + DELAY + ACK + DELAY;
        assertEquals(2_354_400, nackAt);
        List<Tx> nacks = sent.stream().filter(t -> t.type() == PacketType.NACK).toList();
        assertEquals(List.of(new Tx(1, PacketType.NACK, 2, start(3) + OTHER + DELAY)), nacks);
        List<Tx> expected = new ArrayList<>();
        for (int k = 0; k < 5; k++) {
            expected.add(new Tx(0, PacketType.DATA, k, start(k)));
        }
        for (int k = 2; k < 5; k++) {
            expected.add(new Tx(0, PacketType.DATA, k, nackAt + (k - 2) * OTHER));
        }
        assertEquals(expected, data(), "PSNs 2..4 again, from the NACK's arrival, back to back");
        assertEquals(nackAt + 3 * OTHER + DELAY, f.finishPs());
        assertEquals(3, f.retransmittedPackets());
        assertEquals(0, f.timeouts());
        assertEquals(2, nic[1].outOfOrderDrops(), "packets 3 and 4 were discarded");
    }

    @Test
    void aLostLastPacketIsResentOneTimeoutAfterTheLastProgress() {
        wire(loseOnce(4));
        Flow f = send();
        // no gap is ever seen, so no NACK; the last progress is packet 3's ACK at host 0:
        // end of packet 3 (347,520) + 1 us + 6,880 + 1 us = 2,354,400; the timeout fires 1 ms later
        long progress = start(3) + OTHER + DELAY + ACK + DELAY;
        List<Tx> d = data();
        assertEquals(6, d.size());
        assertEquals(new Tx(0, PacketType.DATA, 4, progress + RTO), d.get(5));
        assertEquals(progress + RTO + OTHER + DELAY, f.finishPs());
        assertEquals(1, f.timeouts());
        assertEquals(1, f.retransmittedPackets());
        assertEquals(List.of(), sent.stream().filter(t -> t.type() == PacketType.NACK).toList());
    }

    @Test
    void withoutLossNothingIsResentAndTheTimerStaysQuiet() {
        wire(p -> false);
        Flow f = send();
        assertEquals(5, data().size());
        assertEquals(start(4) + OTHER + DELAY, f.finishPs());
        assertEquals(0, f.timeouts());
        // the last ACK reaches host 0 at finish + 6,880 + 1 us: the sender's completion
        assertEquals(List.of("delivered @" + f.finishPs(), "acked @" + (f.finishPs() + ACK + DELAY)), done);
        assertEquals(0, pool.outstanding());
    }
}
