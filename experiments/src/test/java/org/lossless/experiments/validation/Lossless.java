package org.lossless.experiments.validation;

import java.util.List;

import org.lossless.experiments.run.EngineInput;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.Port;
import org.lossless.topology.Topology;

/**
 * Shared set-up of the packet-level validation tests: PFC on priority 3, ECN and congestion control
 * off, RDMA payload 1000 B per packet (frame 1062 B, 1082 B on the wire; the first packet of a message
 * carries a 16 B RETH), one ACK per packet on the data priority.
 */
final class Lossless {
    static final long GBPS = 1_000_000_000L;
    static final long G40 = 40 * GBPS;
    static final long NS = 1_000L;
    static final long US = 1_000_000L;
    static final long MS = 1_000_000_000L;
    static final int PRIO = 3;
    static final int MTU = 1000;
    /** Frame bytes of a full data packet (payload + 62 B) and of the first (+16 B RETH). */
    static final int FRAME = MTU + 62;
    static final int FIRST_FRAME = FRAME + 16;
    /**
     * Goodput of a 40 Gb/s link carrying full packets: payload / wire bytes = 1000 / 1082 of the line
     * rate, 36.97 Gb/s. The reference's shares (C/2, C/6, ...) are fractions of this.
     */
    static final double GOODPUT_40G = 40e9 * MTU / (FRAME + 20);

    private Lossless() {
    }

    /** {@code switch.pfc} with the given keys and every other one at its default. */
    static PfcSettings pfc(String headroom, Integer dynamicTh, Long staticTh) {
        return new PfcSettings(true, List.of(PRIO), dynamicTh, staticTh, headroom, null, null, null, null, null, null,
                null, null, null);
    }

    /** PFC as given, ECN off, buffer {@code bufferBytes} (null = the 32 MB default). */
    static SwitchSettings switches(Long bufferBytes, PfcSettings pfc) {
        return new SwitchSettings(null, bufferBytes, null, null, pfc, null, null, null,
                new EcnSettings(false, null, null, null, null), null);
    }

    /** Default PFC (dynamic_th -3, headroom auto, xon_offset 2 KB, timed pauses), ECN off. */
    static SwitchSettings pfcDefaults(Long bufferBytes) {
        return switches(bufferBytes, pfc(null, null, null));
    }

    static NicConfig nic() {
        return NicConfig.builder().mtu(MTU).ackEvery(1).build();
    }

    static RunResult run(Topology t, SwitchSettings s, List<FlowSpec> flows, long stopPs,
                         PacketEngine.Instrument instrument) {
        return run(t, s, nic(), flows, stopPs, instrument);
    }

    static RunResult run(Topology t, SwitchSettings s, NicConfig nic, List<FlowSpec> flows, long stopPs,
                         PacketEngine.Instrument instrument) {
        return new PacketEngine().run(new EngineInput(t, nic, s, flows, stopPs, 1), null, instrument);
    }

    static FlowSpec flow(int src, int dst, long bytes) {
        return new FlowSpec("test", src, dst, bytes, 0, PRIO);
    }

    /** Port index on {@code node} that leads to {@code peer} (the first, if several). */
    static int portTo(Topology t, String node, String peer) {
        int n = t.nodeId(node);
        int p = t.nodeId(peer);
        for (Port port : t.ports(n)) {
            if (port.peer() == p) {
                return port.index();
            }
        }
        throw new IllegalArgumentException(node + " has no port to " + peer);
    }

    /** Serialization time of {@code wireBytes} at {@code rateBps}, ps (exact at the rates used here). */
    static long serPs(long wireBytes, long rateBps) {
        return wireBytes * 8 * 1_000_000_000_000L / rateBps;
    }
}
