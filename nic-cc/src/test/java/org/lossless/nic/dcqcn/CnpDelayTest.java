package org.lossless.nic.dcqcn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** The notification point adds the CNP-generation delay after the CE packet that causes the CNP, in every mode. */
class CnpDelayTest {
    private static final long US = 1_000_000L;

    private static NotificationPoint np(String mode) {
        return new NotificationPoint(DcqcnParams.profile("paper2015", 40_000_000_000L)
                .override(Map.of("cnp_mode", mode, "cnp_delay", "3us")));
    }

    @Test
    void npModeSendsTheDelayAfterTheMarkedPacket() {
        NotificationPoint np = np("np");
        assertEquals(10 * US + 3 * US, np.onCePacket(10 * US));
        assertEquals(NotificationPoint.NO_CNP, np.onCePacket(20 * US), "within the 50 us hold-off");
        assertEquals(60 * US + 3 * US, np.onCePacket(60 * US));
        assertEquals(2, np.cnps());
    }

    @Test
    void sampledModeSendsTheDelayAfterTheWindowEnds() {
        NotificationPoint np = np("np_sampled");
        assertEquals(10 * US + 50 * US + 3 * US, np.onCePacket(10 * US), "window [10, 60) us, CNP at its end");
        assertEquals(NotificationPoint.NO_CNP, np.onCePacket(59 * US));
        assertEquals(110 * US + 3 * US, np.onCePacket(60 * US), "the next window [60, 110) us");
    }

    @Test
    void rpModeReportsEveryMarkTheDelayLater() {
        NotificationPoint np = np("rp");
        assertEquals(5 * US + 3 * US, np.onCePacket(5 * US));
        assertEquals(5 * US + 3 * US, np.onCePacket(5 * US));
        assertEquals(2, np.cnps());
    }
}
