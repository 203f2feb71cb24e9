package org.lossless.workloads.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.workloads.collective.Algorithm;
import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.collective.GpuServers;
import org.lossless.workloads.collective.Protocol;
import org.lossless.workloads.collective.RingOrder;
import org.lossless.workloads.collective.TunerMode;
import org.lossless.workloads.traffic.ConnectionOptions;

/** A training job's calls carry its settings' clear-to-send delay ({@code cts_delay}) to the collective engine. */
class CallJobsTest {
    private static final long US = Runs.US;

    /** One ring channel, Simple, no base latency, 5 us per network step and {@code ctsPs} (-1: the default). */
    private static CommSettings settings(long ctsPs) {
        return new CommSettings(1, Algorithm.RING, Protocol.SIMPLE, ConnectionOptions.of(3), 0, 5 * US, 2 * US,
                RingOrder.RAIL, true, GpuServers.ONE_PER_HOST, TunerMode.SIMULATOR, ctsPs);
    }

    @Nested
    class EveryCallCarriesIt {
        @Test
        void collectivesAndPointToPointTransfersTakeTheSettingsDelay() {
            for (long cts : new long[] {0, 3 * US}) {
                CollectiveJob ar = CallJobs.collective("ar", Collective.ALLREDUCE, new int[] {0, 1, 2, 3}, 1 << 20, null,
                        settings(cts), 0);
                CollectiveJob a2a = CallJobs.collective("a2a", Collective.ALLTOALL, new int[] {0, 1}, 1 << 20, null,
                        settings(cts), 0);
                CollectiveJob p2p = CallJobs.pointToPoint("p2p", 0, 1, 1 << 20, settings(cts), 0);
                for (CollectiveJob j : new CollectiveJob[] {ar, a2a, p2p}) {
                    assertEquals(cts, j.ctsDelayPs(), j.name());
                    assertEquals(cts, j.ctsDelayOrDefaultPs(), j.name());
                }
            }
        }

        @Test
        void settingsWithoutItTakeTheDocumented773Ns() {
            CommSettings s = CommSettings.defaults(ConnectionOptions.of(3), GpuServers.ONE_PER_HOST);
            assertEquals(-1, s.ctsDelayPs());
            CollectiveJob j = CallJobs.pointToPoint("p2p", 0, 1, 1 << 20, s, 0);
            assertEquals(-1, j.ctsDelayPs());
            assertEquals(773_000, j.ctsDelayOrDefaultPs());
        }
    }

    /**
     * A 64 KiB ring all-reduce of 4 ranks on a star at 100 Gb/s, 1 us per link, as a training call: the first send
     * waits for the first clear-to-send (64 B + 1 us) and the sender's {@code cts_delay}; then 6 hops of 16 KiB + 1 us
     * with a 5 us step latency after each. Every later slot is granted while its sender still waits for its data, so
     * the delay appears once.
     */
    @Test
    void theCallsDurationGrowsByTheDelayOnce() {
        long ser64 = 64 * 8 * 1_000_000_000_000L / Runs.RATE;
        long ser16k = (16 << 10) * 8 * 1_000_000_000_000L / Runs.RATE;
        long chain = ser64 + Runs.LAT + 6 * (ser16k + Runs.LAT) + 6 * 5 * US;
        for (long cts : new long[] {0, 3 * US}) {
            CollectiveJob j = CallJobs.collective("ar", Collective.ALLREDUCE, new int[] {0, 1, 2, 3}, 64 << 10, null,
                    settings(cts), 0);
            assertEquals(chain + cts, Runs.alone(4, j), "cts_delay " + cts);
        }
    }
}
