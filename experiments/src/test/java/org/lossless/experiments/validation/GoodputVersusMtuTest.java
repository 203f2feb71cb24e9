package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.lossless.experiments.validation.Lossless.MS;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lossless.experiments.run.EngineInput;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.nic.NicConfig;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.StarSpec;

/**
 * Reference check A-1, goodput versus MTU: one long RDMA WRITE alone on a 100 Gb/s path gets
 * line × M / (M + 82), the 82 B being every per-packet byte on the wire (Ethernet 14 + IPv4 20 + UDP 8 +
 * BTH 12 + ICRC 4 + FCS 4 + preamble and inter-frame gap 20; hardware.md §2): 92.59 Gb/s at M = 1024 and
 * 98.04 Gb/s at M = 4096, tolerance ±0.2 %. Star of 2 hosts, 1 us cables, no congestion control; goodput
 * over 1-3 ms of a 40 MB message (the RETH of the first packet and the pipeline fill are outside the window).
 */
class GoodputVersusMtuTest {
    @ParameterizedTest(name = "MTU {0}: {1} Gb/s")
    @CsvSource({"1024, 92.59", "4096, 98.04", "1000, 92.42"})
    void oneLongFlowGetsLineRateTimesPayloadOverWireBytes(int mtu, double publishedGbps) {
        Topology t = new StarSpec(2, LinkSpec.gbps(100, 1000)).build();
        GoodputWindow w = new GoodputWindow(1 * MS, 3 * MS);
        new PacketEngine().run(new EngineInput(t, NicConfig.builder().mtu(mtu).ackEvery(1).build(), Lossless.pfcDefaults(null),
                List.of(Lossless.flow(1, 0, 40_000_000L)), 3 * MS + 1, 1), null, w);
        double exact = 100e9 * mtu / (mtu + 82.0);
        assertEquals(publishedGbps * 1e9, exact, 0.0001 * exact, "the reference's rounding of the formula");
        assertEquals(exact, w.bps(0), 0.002 * exact, "goodput " + w.bps(0) / 1e9 + " Gb/s");
    }
}
