package org.lossless.switchmodel.pfc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PfcQuantaTest {
    /** Reference §3 table: 1 quantum and the 65535-quanta maximum per speed. */
    @ParameterizedTest(name = "{0} bps")
    @CsvSource({"25000000000, 20480, 1342156800", "40000000000, 12800, 838848000",
            "100000000000, 5120, 335539200", "400000000000, 1280, 83884800", "10000000000, 51200, 3355392000",
            "1600000000000, 320, 20971200"})
    void quantumAndMaximumPause(long rate, long quantumPs, long maxPs) {
        assertEquals(quantumPs, PfcQuanta.quantumPs(rate));
        assertEquals(maxPs, PfcQuanta.toPs(PfcQuanta.MAX_QUANTA, rate));
    }

    @Test
    void psToQuantaRoundsUpAndCaps() {
        long g100 = 100_000_000_000L;
        assertEquals(0, PfcQuanta.fromPs(0, g100));
        assertEquals(1, PfcQuanta.fromPs(1, g100));
        assertEquals(1, PfcQuanta.fromPs(5120, g100));
        assertEquals(2, PfcQuanta.fromPs(5121, g100));
        assertEquals(65535, PfcQuanta.fromPs(1_000_000_000_000L, g100));
        assertEquals(25_216, PfcQuanta.toBytes(394), "SONiC peer response at 100G");
        assertThrows(IllegalArgumentException.class, () -> PfcQuanta.toPs(65536, g100));
        assertThrows(IllegalArgumentException.class, () -> PfcQuanta.quantumPs(0));
    }

    @Test
    void timingRefreshAtAFractionOfThePause() {
        long g100 = 100_000_000_000L;
        PfcTiming t = PfcTiming.defaults();
        assertEquals(335_539_200, t.pausePs(g100));
        assertEquals(167_769_600, t.refreshPs(g100));
        assertEquals(83_884_800, new PfcTiming(PauseMode.TIMED, 65535, 0.25).refreshPs(g100));
        assertEquals(5120 * 100, t.receivedPausePs(100, g100));
        assertEquals(0, t.receivedPausePs(0, g100));
        PfcTiming x = PfcTiming.xoffXon();
        assertEquals(PfcTiming.UNTIL_XON, x.receivedPausePs(1, g100));
        assertEquals(PfcTiming.UNTIL_XON, x.refreshPs(g100), "no refresh in XOFF/XON mode");
        assertEquals(0, x.receivedPausePs(0, g100));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new PfcTiming(PauseMode.TIMED, 65535, 0));
        assertEquals("switch.pfc.refresh must be in (0, 1] of the pause time, got 0.0", e.getMessage());
    }
}
