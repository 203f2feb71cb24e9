package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.validation.Lossless.G40;
import static org.lossless.experiments.validation.Lossless.MS;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.lossless.core.net.WireFormat;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.Flow;
import org.lossless.switchmodel.SwitchNode;
import org.lossless.switchmodel.mmu.Mmu;
import org.lossless.switchmodel.settings.MmuFactory;
import org.lossless.switchmodel.settings.PortSpec;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.StarSpec;

/**
 * Headroom sufficiency (reference A-2) in N-to-1 incasts on a star of 40 Gb/s, 100 m cables (500 ns):
 * senders at line rate, PFC on, no congestion control. Each run offers twice the switch buffer in all,
 * so the buffer fills and the switch pauses every sender.
 *
 * <p>What the headroom must hold, by hand: after the switch admits the frame that crosses the threshold,
 * the PAUSE waits for at most one frame on the port toward the sender (1098 B on the wire), takes 84 B of
 * line time and 500 ns to reach the NIC. The NIC obeys it after its PFC response time (the default, IEEE
 * 802.3's budget at 40 Gb/s: 118 quanta = 1.5104 us, during which it sends 118 x 64 = 7,552 B) and finishes
 * the frame it started last (1098 B). Everything the NIC put on the wire in that time arrives: the cable
 * round trip 2 x 500 ns x 40 Gb/s = 5,000 B plus 7,552 + 1098 + 84 + 1098 B, plus one more frame for a frame
 * partly on the cable: in-flight bound 15,930 B. (The third frame is the one whose admission crossed the
 * threshold: the MMU puts it whole in headroom, docs/switch.md "Lossless drops".) The headroom
 * calculator's need for the port ({@code headroom: auto}, the SONiC formula with the peer's response, plus that
 * crossing frame) must cover it: 1078 + (1078 + cable 5,050.5 + MAC/PHY 819.2 + response 7,552) + 1078 =
 * 16,655.7 B, rounded up to 17 KiB = 17,408 B. (Before the crossing frame was counted the need was 15,577.7 B ->
 * 16 KiB, which covered this bound only through the rounding; before the response time was modelled the bound was
 * 8,378 B and the peak 6,372 B.)
 */
class HeadroomTest {
    private static final long DELAY = 500_000;
    private static final int WIRE_MAX = WireFormat.ROCEV2.wire(Lossless.FIRST_FRAME);
    /** The NIC's default PFC response at 40 Gb/s: 118 quanta of 512 bit times = 7,552 B of line time. */
    private static final long RESPONSE_BYTES = 118 * 64;
    private static final long IN_FLIGHT_BOUND = 2 * DELAY * G40 / 8 / 1_000_000_000_000L + RESPONSE_BYTES
            + 3L * WIRE_MAX + WireFormat.ROCEV2.wire(WireFormat.ROCEV2.pfcFrame());
    /** The calculator's need for these ports (what headroom: auto gives), by hand above. */
    private static final long NEED = 17 * 1024;

    /** What a run left behind. */
    record Outcome(RunResult result, List<SwitchNode> switches, List<Flow> flows) {
        long mmuHeadroomDrops() {
            return switches.stream().mapToLong(s -> s.mmu().drops(Mmu.DROP_HEADROOM)).sum();
        }

        long mmuDrops() {
            long n = 0;
            for (SwitchNode s : switches) {
                for (int r = 1; r < Mmu.RESULTS; r++) {
                    n += s.mmu().drops(r);
                }
            }
            return n;
        }

        long peakHeadroom() {
            long peak = 0;
            for (SwitchNode s : switches) {
                for (int port = 0; port < s.portCount(); port++) {
                    peak = Math.max(peak, s.mmu().peakHeadroomBytes(port, Lossless.PRIO));
                }
            }
            return peak;
        }
    }

    static Outcome incast(int n, long buffer, String headroom, long stopPs) {
        Topology t = new StarSpec(n + 1, LinkSpec.ofLength(G40, 100)).build();
        long perFlow = 2 * buffer / n;
        List<FlowSpec> flows = new ArrayList<>();
        for (int h = 1; h <= n; h++) {
            flows.add(Lossless.flow(h, 0, perFlow));
        }
        List<SwitchNode> switches = new ArrayList<>();
        List<Flow> state = new ArrayList<>();
        RunResult r = Lossless.run(t, Lossless.switches(buffer, Lossless.pfc(headroom, null, null)), flows, stopPs,
                (sim, net, fl) -> {
                    switches.add(net.switchAt(t.nodeId("sw0")));
                    state.addAll(fl);
                });
        return new Outcome(r, switches, state);
    }

    @Test
    void handBoundAndAutoHeadroom() {
        assertEquals(15_930, IN_FLIGHT_BOUND);
        // headroom: auto = SONiC model at 40 G / 100 m with both MTUs = the 1078 B frame and the NIC's response
        long auto = MmuFactory.autoHeadroom(PortSpec.ofDelay(G40, DELAY), Lossless.pfc(null, null, null),
                Lossless.FIRST_FRAME, 1);
        assertEquals(NEED, auto);
        assertTrue(auto >= IN_FLIGHT_BOUND);
    }

    static Stream<Arguments> sizes() {
        List<Arguments> a = new ArrayList<>();
        for (long buffer : new long[] {2_000_000L, 8_000_000L}) {
            for (int n : new int[] {2, 8, 16, 32, 64}) {
                a.add(Arguments.of(n, buffer));
            }
        }
        return a.stream();
    }

    @Nested
    class AtOrAboveTheNeed {
        @ParameterizedTest(name = "{0} to 1, buffer {1} B, headroom auto")
        @MethodSource("org.lossless.experiments.validation.HeadroomTest#sizes")
        void noLosslessDrop(int n, long buffer) {
            Outcome o = incast(n, buffer, "auto", 50 * MS);
            RunResult r = o.result();
            assertTrue(r.pauseFrames() > 0, "the incast must make the switch pause");
            assertEquals(0, r.dropPackets());
            assertEquals(0, o.mmuDrops());
            assertTrue(r.flows().stream().allMatch(FlowResult::finished));
            long peak = o.peakHeadroom();
            assertTrue(peak > 0, "headroom was used");
            assertTrue(peak <= IN_FLIGHT_BOUND, "peak headroom " + peak + " B > hand bound " + IN_FLIGHT_BOUND);
            assertTrue(peak <= NEED, "peak headroom " + peak + " B > the calculator's need " + NEED);
            System.out.printf("A-2 %d to 1, buffer %d B, headroom auto: peak %d B, 0 drops%n", n, buffer, peak);
        }

        @ParameterizedTest(name = "{0} to 1, headroom = hand bound {1} B")
        @MethodSource("org.lossless.experiments.validation.HeadroomTest#boundCases")
        void theHandBoundIsEnough(int n, long headroom) {
            Outcome o = incast(n, 2_000_000L, Long.toString(headroom), 50 * MS);
            assertTrue(o.result().pauseFrames() > 0);
            assertEquals(0, o.result().dropPackets());
        }
    }

    static Stream<Arguments> boundCases() {
        return Stream.of(Arguments.of(8, IN_FLIGHT_BOUND), Arguments.of(64, IN_FLIGHT_BOUND));
    }

    @Nested
    class WellBelowTheNeed {
        /** 2 KB holds one frame; 5,000 B are on the cable alone when the PAUSE is decided, 7,552 B more follow. */
        @Test
        void dropsAreCountedAndGoBackNRecovers() {
            Outcome o = incast(8, 2_000_000L, "2KB", 200 * MS);
            RunResult r = o.result();
            assertTrue(r.dropPackets() > 0, "lossless drops");
            assertEquals(o.mmuHeadroomDrops(), r.dropPackets(), "every drop is a headroom overflow");
            long column = 0;
            long columnBytes = 0;
            for (PortResult p : r.ports()) {
                column += p.drops();
            }
            for (SwitchNode s : o.switches()) {
                columnBytes += s.mmu().dropBytes(Mmu.DROP_HEADROOM);
            }
            assertEquals(r.dropPackets(), column, "ports.csv drops column sums to the summary total");
            assertEquals(r.dropBytes(), columnBytes);
            assertTrue(o.peakHeadroom() <= 2_000);
            assertTrue(r.flows().stream().allMatch(FlowResult::finished), "go-back-N delivers everything");
            assertTrue(o.flows().stream().mapToLong(Flow::retransmittedPackets).sum() > 0);
        }
    }
}
