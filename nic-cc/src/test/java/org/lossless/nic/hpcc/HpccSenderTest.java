package org.lossless.nic.hpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.Packet;
import org.lossless.core.net.Telemetry;

/**
 * HPCC's update against hand values: η 0.95, W_AI 40 Mb/s, max_stage 5, T = 10 us, line rate 100 Gb/s
 * (W = 125,000 B), one hop at 100 Gb/s whose records are scripted on the ACKs.
 */
class HpccSenderTest {
    static final long US = 1_000_000L;
    final HpccSender s = new HpccSender(HpccParams.of(Map.of("base_rtt", "10us")), 100_000_000_000L, 125_000, 1000);

    static Packet ack(long psn, long timePs, long txBytes, long queueBytes) {
        Packet a = new Packet();
        a.psn = psn;
        Telemetry.start(a);
        Telemetry.push(a, timePs, txBytes, queueBytes, 100_000_000_000L);
        return a;
    }

    @Test
    void fullUpdatesMoveTheReferenceRateAndFastReactionsOnlyTheCurrentOne() {
        s.onSent(0, 100);
        s.onAck(0, ack(0, 0, 0, 50_000), 1000);
        assertEquals(100_000_000_000L, s.rateBps(0), "the first ACK only stores its records");
        // an RTT later: 12,500 B in 1 us = line rate (1.0), queue min(25,000, 50,000) / W = 0.2: U = 1.2;
        // u = (1 x 9 + 1.2 x 1) / 10 = 1.02, k = 1.02 / 0.95: R = 100G / k + 40M = 93,177,254,901 bps
        s.onSent(0, 110);
        s.onAck(0, ack(100, US, 12_500, 25_000), 1000);
        assertEquals(93_177_254_901L, s.rateBps(0));
        assertEquals(93_177_254_901L, s.referenceRateBps());
        assertEquals(125_000 * 93_177_254_901L / 100_000_000_000L + 999, s.windowBytes(), "W x R / line rate, + MTU - 1");
        // within the RTT (PSN 101 < 110): half the line rate, no queue: u = (1.02 x 9 + 0.5) / 10 = 0.968,
        // k = 1.0189...: R = R_c / k + 40M = 91,484,619,995; R_c stays
        s.onAck(0, ack(101, 2 * US, 18_750, 0), 1000);
        assertEquals(91_484_619_995L, s.rateBps(0));
        assertEquals(93_177_254_901L, s.referenceRateBps());
        // the next RTT: u = (0.968 x 9 + 0.5) / 10 = 0.9212, k = 0.9697 < 1, stage 0 < 5: R = R_c + 40M
        s.onAck(0, ack(110, 3 * US, 25_000, 0), 1000);
        assertEquals(93_217_254_901L, s.rateBps(0));
        assertEquals(93_217_254_901L, s.referenceRateBps());
        assertEquals(0.9212, s.utilisation(), 1e-12);
    }

    @Test
    void aPacketOverMoreThanFiveSwitchesIsIgnored() {
        s.onSent(0, 10);
        s.onAck(0, ack(0, 0, 0, 0), 1000);
        Packet a = ack(10, US, 0, 0);
        for (int i = 0; i < 5; i++) {
            Telemetry.push(a, US, 0, 0, 100_000_000_000L);
        }
        assertEquals(6, a.intHops);
        s.onAck(0, a, 1000);
        assertEquals(100_000_000_000L, s.rateBps(0), "an idle hop would have set the line rate anyway; nothing changed");
        assertEquals(1.0, s.utilisation(), "u untouched");
    }
}
