package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.validation.Fabric40G.RATE;
import static org.lossless.experiments.validation.Fabric40G.US;

import java.util.Locale;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lossless.nic.fluid.FixedPoint;
import org.lossless.nic.fluid.FluidFixedPoint;
import org.lossless.nic.fluid.FluidParams;

/**
 * V-04 for every N from 2 to 10 (the suite's {@link V04IncastVsFluidTest} runs N = 2, 4, 8, 10), in the validation
 * profile ({@code -Pvalidation}: about 25 s of CPU per N): the same setting, 5 seeds per N, the time-averaged queue
 * over 20-100 ms against the CoNEXT'16 fixed point q* for 1000 B wire packets (the setting's unit), within the
 * suite's 30 %; Jain's index above 0.99 for every seed. It answers whether one N sits apart from the others
 * (docs/validation.md, V-04: an N = 6 run at MTU 1024 had been compared with the 1000 B packets' q*).
 */
@Tag("validation")
class V04FluidSweepTest {
    @ParameterizedTest(name = "N = {0}")
    @ValueSource(ints = {2, 3, 4, 5, 6, 7, 8, 9, 10})
    void theQueueSitsNearTheFluidFixedPointForEveryN(int n) {
        FixedPoint fp = FluidFixedPoint.solve(FluidParams.paper(n, RATE, 4 * US));
        assertTrue(fp.exists(), fp.reason());
        int seeds = 5;
        double sum = 0;
        StringBuilder each = new StringBuilder();
        for (int s = 1; s <= seeds; s++) {
            V04IncastVsFluidTest.Run r = V04IncastVsFluidTest.run(n, s);
            assertTrue(r.jain() > 0.99, String.format(Locale.ROOT, "N = %d, seed %d: Jain %.4f", n, s, r.jain()));
            assertEquals(0, r.pauses() + r.drops(), "pauses and drops, seed " + s);
            sum += r.queueBytes();
            each.append(String.format(Locale.ROOT, " %+.1f", 100 * (r.queueBytes() / fp.queueBytes() - 1)));
        }
        double queue = sum / seeds;
        String report = String.format(Locale.ROOT, "V-04 sweep N=%d: q* %.1f KB, queue %.1f KB (%+.1f %%; per seed%s %%)",
                n, fp.queueBytes() / 1e3, queue / 1e3, 100 * (queue / fp.queueBytes() - 1), each);
        System.out.println(report);
        assertEquals(fp.queueBytes(), queue, 0.30 * fp.queueBytes(), report);
    }

    /**
     * N = 6 at MTU 1024 (the scenario default when the +36 % run was made; 4096 now): a full packet is 1106 B on the wire and a 1086 B frame in the queue,
     * so C is 4.52 Mpackets/s instead of the model's 5, and the fixed point moves. By hand, the fluid model for that
     * packet: packets of 1106 B (C in packets/s) and RED's K_min, K_max scaled by 1106/1086 (the switch marks on frame
     * bytes); q* in frame bytes = q* in packets x 1086. The run's queue must sit within the same 30 % of that q*.
     */
    @org.junit.jupiter.api.Test
    void atMtu1024TheFixedPointIsThatOfTheLargerPacket() {
        int n = 6;
        long wire = 1106;
        double frame = 1086;
        FluidParams paper = FluidParams.paper(n, RATE, 4 * US);
        FluidParams big = new FluidParams(n, RATE, paper.feedbackDelayPs(), paper.alphaGain(), paper.cnpIntervalPs(),
                paper.alphaUpdatePeriodPs(), paper.rateIncreaseTimerPs(), paper.byteCounterBytes(),
                paper.fastRecoverySteps(), paper.additiveIncreaseBps(), Math.round(5_000 * wire / frame),
                Math.round(200_000 * wire / frame), 0.01, wire, paper.queueCapBytes());
        FixedPoint fp = FluidFixedPoint.solve(big);
        double qStar = fp.queueBytes() / wire * frame;
        double q1000 = FluidFixedPoint.solve(paper).queueBytes();
        org.lossless.nic.NicConfig nic = org.lossless.nic.NicConfig.builder().mtu(1024).ackEvery(Fabric40G.ACK_EVERY).build()
                .withDcqcn(org.lossless.nic.dcqcn.DcqcnParams.profile("paper2015", RATE));
        int seeds = 5;
        double sum = 0;
        for (int s = 1; s <= seeds; s++) {
            sum += V04IncastVsFluidTest.run(n, s, nic).queueBytes();
        }
        double queue = sum / seeds;
        String report = String.format(Locale.ROOT, "V-04 N=6 at MTU 1024: q* %.1f KB of 1086 B frames (1000 B packets:"
                + " %.1f KB), queue %.1f KB (%+.1f %% of the MTU-1024 q*, %+.1f %% of the 1000 B one)", qStar / 1e3,
                q1000 / 1e3, queue / 1e3, 100 * (queue / qStar - 1), 100 * (queue / q1000 - 1));
        System.out.println(report);
        assertEquals(qStar, queue, 0.30 * qStar, report);
    }
}
