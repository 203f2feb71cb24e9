package org.lossless.nic.dcqcn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NotificationPointTest {
    static final long US = 1_000_000L;

    static List<Long> cnpTimes(NotificationPoint np, long[] ceTimes) {
        List<Long> out = new ArrayList<>();
        for (long t : ceTimes) {
            long at = np.onCePacket(t);
            if (at != NotificationPoint.NO_CNP) {
                out.add(at);
            }
        }
        return out;
    }

    static long[] every(long step, long end) {
        long[] t = new long[(int) (end / step)];
        for (int i = 0; i < t.length; i++) {
            t[i] = i * step;
        }
        return t;
    }

    @Test
    void npHoldOffUsesGreaterOrEqual() {
        NotificationPoint np = new NotificationPoint(DcqcnParams.profile("paper2015", 40_000_000_000L));
        assertEquals(List.of(0L, 50 * US), cnpTimes(np, new long[] {0, 50 * US - 1, 50 * US, 99 * US}));
    }

    @Test
    void sampledModeSendsOneCnpAtTheEndOfEachMarkedWindow() {
        DcqcnParams p = DcqcnParams.profile("paper2015", 40_000_000_000L).override(Map.of("cnp_mode", "np_sampled"));
        NotificationPoint np = new NotificationPoint(p);
        assertEquals(List.of(50 * US, 100 * US, 150 * US, 200 * US), cnpTimes(np, every(US, 200 * US)));
        assertEquals(4, np.cnps());
    }

    @Test
    void sampledModeSkipsWindowsWithoutMarks() {
        DcqcnParams p = DcqcnParams.profile("paper2015", 40_000_000_000L).override(Map.of("cnp_mode", "np_sampled"));
        NotificationPoint np = new NotificationPoint(p);
        assertEquals(List.of(60 * US, 210 * US),
            cnpTimes(np, new long[] {10 * US, 20 * US, 170 * US, 200 * US}));
    }

    @Test
    void rpModeReportsEveryMarkWithTheGenerationDelay() {
        DcqcnParams p = DcqcnParams.profile("hpcc2019", 100_000_000_000L).override(Map.of("cnp_delay", "2us"));
        NotificationPoint np = new NotificationPoint(p);
        assertEquals(List.of(2 * US, 3 * US, 3 * US + 1), cnpTimes(np, new long[] {0, US, US + 1}));
    }

    @Test
    void zeroIntervalInNpModeReportsEveryMark() {
        DcqcnParams p = DcqcnParams.profile("mlx5", 40_000_000_000L).override(Map.of("cnp_interval", "0"));
        NotificationPoint np = new NotificationPoint(p);
        assertEquals(3, cnpTimes(np, new long[] {0, 0, 1}).size());
    }

    @Test
    void portScopeSharesOneHoldOffClockAmongTheNicsQps() {
        // mlx5, min_time_between_cnps 2 us counted per port: after a CNP for QP a no QP gets one for 2 us
        DcqcnParams p = DcqcnParams.profile("mlx5", 40_000_000_000L).override(Map.of("cnp_scope", "port"));
        Dcqcn nic = new Dcqcn(p);
        org.lossless.nic.cc.CongestionEcho a = nic.newEcho();
        org.lossless.nic.cc.CongestionEcho b = nic.newEcho();
        assertEquals(0L, a.onCePacket(0));
        assertEquals(NotificationPoint.NO_CNP, b.onCePacket(US));
        assertEquals(2 * US, b.onCePacket(2 * US));
        assertEquals(NotificationPoint.NO_CNP, a.onCePacket(3 * US));
        assertEquals(4 * US, a.onCePacket(4 * US));
        // another NIC has its own port clock
        assertEquals(US, new Dcqcn(p).newEcho().onCePacket(US));
    }

    @Test
    void qpScopeKeepsOneClockPerQp() {
        Dcqcn nic = new Dcqcn(DcqcnParams.profile("mlx5", 40_000_000_000L));
        org.lossless.nic.cc.CongestionEcho a = nic.newEcho();
        org.lossless.nic.cc.CongestionEcho b = nic.newEcho();
        assertEquals(0L, a.onCePacket(0));
        assertEquals(US, b.onCePacket(US));
        assertEquals(NotificationPoint.NO_CNP, a.onCePacket(US));
        assertEquals(2 * US, a.onCePacket(2 * US));
    }

    @Test
    void portScopeNeedsNpMode() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
            () -> DcqcnParams.profile("hpcc2019", 100_000_000_000L).override(Map.of("cnp_scope", "port")));
        assertEquals("nic.dcqcn.cnp_scope port needs cnp_mode np (a port-wide CNP interval limits the CNPs the NP"
            + " sends at once; cnp_mode rp has no such limiter)", e.getMessage());
    }
}
