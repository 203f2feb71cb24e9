package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lossless.nic.cc.CcAlgorithm;
import org.lossless.nic.cc.CongestionControl;
import org.lossless.nic.cc.CongestionEcho;
import org.lossless.nic.dcqcn.DcqcnParams;
import org.lossless.nic.dcqcn.ReactionPoint;

/**
 * A QP tells its congestion control the wire bytes of every packet it sends, at the time it sends it, so
 * DCQCN's byte counter counts what left. Two NICs back to back at 100 Gb/s, 1 µs, MTU 1000.
 */
class ByteCounterFeedTest {
    private static final long RATE = 100_000_000_000L;
    private static final long US = 1_000_000;

    /** Line rate; records each onBytesSent call as (time, bytes). */
    static final class Recorder implements CcAlgorithm, CongestionControl {
        final List<List<Long>> calls = new ArrayList<>();

        @Override
        public String name() {
            return "recorder";
        }

        @Override
        public CongestionControl newSender() {
            return this;
        }

        @Override
        public CongestionEcho newEcho() {
            return null;
        }

        @Override
        public long rateBps(long nowPs) {
            return RATE;
        }

        @Override
        public long nextChangePs() {
            return NEVER;
        }

        @Override
        public void onBytesSent(long nowPs, long wireBytes) {
            calls.add(List.of(nowPs, wireBytes));
        }

        @Override
        public void onCongestionNotification(long nowPs) {
        }
    }

    @Test
    void everyPacketReportsItsWireBytesWhenItStarts() {
        Recorder r = new Recorder();
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US, (name, config, rate) -> r);
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        b.nic[0].post(qp, b.flow(0, 1, 2500, Verb.WRITE));
        b.kernel.runUntil(10 * US);
        // 1000 B + RETH: 1098 B at 0; 1000 B: 1082 B at 87,840; 500 B: 582 B at 174,400
        assertEquals(List.of(List.of(0L, 1098L), List.of(87_840L, 1082L), List.of(174_400L, 582L)), r.calls);
    }

    @Test
    void dcqcnsByteCounterRaisesTheRateAfterEachByteThresholdSent() {
        // paper2015 with the timer off and B = 10,000 B. Packet 0 (1098 B) leaves at 0 before any CNP (a QP
        // counts nothing before its first CNP); a CNP at 0 then cuts 100 -> 50 Gb/s (alpha 1, target kept at 100).
        // Packets 1.. are 1082 B: k of them reach 10,000 B at k = 10 and 20,000 B at k = 19; the 24 of a 25-packet
        // message (25,968 B) give two fast-recovery events: 75, then 87.5 Gb/s
        DcqcnParams p = DcqcnParams.profile("paper2015", RATE)
                .override(Map.of("rate_increase_timer", "0", "byte_counter", "10000B"));
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build().withDcqcn(p), RATE, US);
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        b.nic[0].post(qp, b.flow(0, 1, 25_000, Verb.WRITE));
        b.cnpAt(0, qp);
        b.kernel.runUntil(100 * US);
        ReactionPoint rp = (ReactionPoint) qp.cc;
        assertEquals(2, rp.byteStage());
        assertEquals(1, rp.cuts());
        assertEquals(87.5e9, rp.rate(b.kernel.now()), 1e-3);
    }
}
