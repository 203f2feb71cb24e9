package org.lossless.core.units;


import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UnitsTest {
    private static String error(Runnable r) {
        return assertThrows(IllegalArgumentException.class, r::run).getMessage();
    }

    @Nested
    class Sizes {
        @ParameterizedTest
        @CsvSource({
            "0, 0", "1500, 1500", "1500B, 1500", "5KB, 5000", "32MB, 32000000", "1GB, 1000000000",
            "2TB, 2000000000000", "4KiB, 4096", "32MiB, 33554432", "1GiB, 1073741824", "1.5KB, 1500",
            "1.5KiB, 1536", "0.5MB, 500000", "2.496KB, 2496", "+3KB, 3000", ".5KB, 500", "1600KB, 1600000"})
        void parses(String text, long bytes) {
            assertEquals(bytes, Units.parseSize(text));
        }

        @Test
        void negativeIsRejected() {
            assertEquals("'-5KB' is not a valid size: it must not be negative", error(() -> Units.parseSize("-5KB")));
        }

        @Test
        void fractionOfAByteIsRejected() {
            assertEquals("'1.5B' is not a whole number of bytes (1.5)", error(() -> Units.parseSize("1.5B")));
            assertEquals("'0.0001KB' is not a whole number of bytes (0.1)", error(() -> Units.parseSize("0.0001KB")));
        }

        @Test
        void spaceBetweenNumberAndUnitIsRejected() {
            assertEquals("'5 KB' is not a size: expected a number followed by B, KB, MB, GB, KiB, MiB or GiB, "
                    + "e.g. 32MB (a bare integer means bytes)", error(() -> Units.parseSize("5 KB")));
        }

        @Test
        void wrongCaseGetsAHint() {
            String m = error(() -> Units.parseSize("5kb"));
            assertTrue(m.startsWith("'5kb' is not a size: unknown unit 'kb'"), m);
            assertTrue(m.endsWith("(units are case-sensitive: did you mean 5KB?)"), m);
        }

        @Test
        void aRateIsNotASize() {
            assertTrue(error(() -> Units.parseSize("100Gbps")).startsWith("'100Gbps' is a rate, not a size"));
        }

        @ParameterizedTest
        @ValueSource(strings = {"", " ", "KB", "1..5KB", "1e3", "5KB5", "abc", "1,5KB", "0x10"})
        void garbageIsRejected(String text) {
            assertThrows(IllegalArgumentException.class, () -> Units.parseSize(text));
        }

        @Test
        void overflowIsRejected() {
            assertTrue(error(() -> Units.parseSize("9999999TiB")).contains("too large"));
        }
    }

    @Nested
    class Times {
        @ParameterizedTest
        @CsvSource({
            "0, 0", "800ps, 800", "1ns, 1000", "1us, 1000000", "1µs, 1000000", "2.5ms, 2500000000",
            "1s, 1000000000000", "0.5ns, 500", "55us, 55000000", "0us, 0", "1.000001ms, 1000001000"})
        void parses(String text, long ps) {
            assertEquals(ps, Units.parseTime(text));
        }

        @Test
        void bareNumberOtherThanZeroIsRejected() {
            assertEquals("'5' is not a time: a unit is required (ps, ns, us, ms or s), e.g. 10us; "
                    + "only 0 may be written without one", error(() -> Units.parseTime("5")));
            assertEquals(0, Units.parseTime("0.0"));
        }

        @Test
        void subPicosecondIsRejected() {
            assertEquals("'0.5ps' is not a whole number of picoseconds (0.5)", error(() -> Units.parseTime("0.5ps")));
        }

        @Test
        void negativeIsRejected() {
            assertTrue(error(() -> Units.parseTime("-1us")).contains("must not be negative"));
        }

        @Test
        void unknownUnitListsTheAllowedOnes() {
            assertEquals("'3sec' is not a time: unknown unit 'sec'; expected a number followed by ps, ns, us, ms or s, "
                    + "e.g. 10us", error(() -> Units.parseTime("3sec")));
            assertTrue(error(() -> Units.parseTime("3MS")).endsWith("did you mean 3ms?)"));
        }
    }

    @Nested
    class Rates {
        @ParameterizedTest
        @CsvSource({
            "100Gbps, 100000000000", "400Gbps, 400000000000", "25Gbps, 25000000000", "40Mbps, 40000000",
            "1.6Tbps, 1600000000000", "5Kbps, 5000", "12bps, 12", "0, 0", "2.5Gbps, 2500000000"})
        void parses(String text, long bps) {
            assertEquals(bps, Units.parseRate(text));
        }

        @Test
        void theContractExampleMessage() {
            assertEquals("'10 Gbps' is not a rate: expected a number followed by bps, Kbps, Mbps, Gbps or Tbps, "
                    + "e.g. 100Gbps", error(() -> Units.parseRate("10 Gbps")));
        }

        @Test
        void hintsForCommonMistakes() {
            assertTrue(error(() -> Units.parseRate("100gbps")).endsWith("did you mean 100Gbps?)"));
            assertTrue(error(() -> Units.parseRate("100Gb")).endsWith("did you mean 100Gbps?)"));
            assertTrue(error(() -> Units.parseRate("100GB")).startsWith("'100GB' is a size, not a rate"));
            assertTrue(error(() -> Units.parseRate("100")).contains("a unit is required"));
        }

        @Test
        void fractionOfABitPerSecondIsRejected() {
            assertTrue(error(() -> Units.parseRate("0.5bps")).contains("not a whole number of bits per second"));
        }
    }

    @Nested
    class Lengths {
        @ParameterizedTest
        @CsvSource({"2m, 2000", "100m, 100000", "0.5m, 500", "1km, 1000000", "30cm, 300", "0, 0"})
        void parses(String text, long mm) {
            assertEquals(mm, Units.parseLengthMm(text));
        }

        @Test
        void propagationIsFiveNanosecondsPerMetre() {
            assertEquals(10_000, Units.propagationPs(Units.parseLengthMm("2m")));
            assertEquals(500_000, Units.propagationPs(Units.parseLengthMm("100m")));
        }

        @Test
        void bareNumberIsRejected() {
            assertTrue(error(() -> Units.parseLengthMm("2")).contains("a unit is required"));
        }
    }

    @Nested
    class Fractions {
        @ParameterizedTest
        @CsvSource({"0.2, 0.2", "1/256, 0.00390625", "5%, 0.05", "0, 0", "1, 1", "1/1, 1", "100%, 1", "1e-3, 0.001"})
        void parses(String text, double v) {
            assertEquals(v, Units.parseFraction(text), 0.0);
        }

        @ParameterizedTest
        @ValueSource(strings = {"1.5", "-0.1", "2/1", "1/0", "abc", "1/2/3", "", "150%"})
        void rejects(String text) {
            assertThrows(IllegalArgumentException.class, () -> Units.parseFraction(text));
        }
    }

    @Nested
    class Formatting {
        @ParameterizedTest
        @CsvSource({"0, 0", "1500, 1500B", "1000, 1KB", "1024, 1KiB", "32000000, 32MB", "33554432, 32MiB",
            "2496, 2496B", "1600000, 1600KB", "4096000, 4096KB"})
        void sizes(long bytes, String text) {
            assertEquals(text, Units.formatSize(bytes));
            assertEquals(bytes, Units.parseSize(text));
        }

        @ParameterizedTest
        @CsvSource({"0, 0", "800, 800ps", "1000000, 1us", "2500000000, 2500us", "100000000000, 100ms", "1000000000000, 1s"})
        void times(long ps, String text) {
            assertEquals(text, Units.formatTime(ps));
            assertEquals(ps, Units.parseTime(text));
        }

        @ParameterizedTest
        @CsvSource({"100000000000, 100Gbps", "1600000000000, 1600Gbps", "40000000, 40Mbps", "0, 0", "12, 12bps"})
        void rates(long bps, String text) {
            assertEquals(text, Units.formatRate(bps));
            assertEquals(bps, Units.parseRate(text));
        }

        @Test
        void lengthsAndFractions() {
            assertEquals("2m", Units.formatLength(2000));
            assertEquals("0.5m", Units.formatLength(500));
            assertEquals("0.00390625", Units.formatFraction(1.0 / 256));
            assertEquals("0.00001", Units.formatFraction(1e-5));
            assertEquals(1e-5, Units.parseFraction(Units.formatFraction(1e-5)), 0.0);
        }
    }
}
