package org.lossless.verbs.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.lossless.verbs.Fixtures;
import org.lossless.verbs.measure.FioDirection;
import org.lossless.verbs.measure.StorageResult;

class FioJsonParserTest {
    @Test
    void randomReadFixture() {
        StorageResult r = ParseHelper.fixture("fio_4k_randread_fio333_local.json").storage().get(0);
        assertEquals("nvmeof_like_4k_randread", r.jobName());
        assertEquals("fio-3.33", r.fioVersion());
        assertEquals("randread", r.options().get("rw"));
        assertEquals("2", r.options().get("numjobs"));
        assertNull(r.write(), "no writes: not available, not zero");
        FioDirection d = r.read();
        assertEquals(220082176L, d.ioBytes());
        assertEquals(2008, d.runtimeMs());
        // bytes over runtime, computed here: 220,082,176 B in 2.008 s = 109,602,677 B/s = 107,033 KiB/s (fio's bw)
        assertEquals(220082176 / 2.008, d.bwBytesPerSecond(), 1);
        assertEquals(107033, d.bwBytesPerSecond() / 1024, 1);
        assertEquals(7700480L, d.clatPercentilesNs().get("99.000000"));
        assertEquals(1192811.607917, d.latMeanNs(), 1e-6);
    }

    @Test
    void totalLatencyPercentilesWithLatPercentiles() {
        // fio with lat_percentiles=1 adds a percentile object to lat_ns (variant of the fixture)
        String t = Fixtures.text("fio_4k_randread_fio333_local.json").replaceFirst("1387380.163386,\\s*\"N\" : 53731\\s*}",
                "1387380.163386, \"N\" : 53731, \"percentile\" : {\"50.000000\" : 880640, \"99.000000\" : 7766016,"
                        + " \"99.900000\" : 12845056}}");
        FioDirection d = ParseHelper.text("lat.json", t).storage().get(0).read();
        assertEquals(7766016L, d.latPercentilesNs().get("99.000000"));
        assertEquals(7700480L, d.clatPercentilesNs().get("99.000000"), "completion latency kept apart");
        assertEquals(53731L, d.totalIos());
        assertTrue(ParseHelper.fixture("fio_4k_randread_fio333_local.json").storage().get(0).read().latPercentilesNs().isEmpty(),
                "without lat_percentiles: none");
    }

    @Test
    void sequentialWriteFixture() {
        StorageResult r = ParseHelper.fixture("fio_128k_write_fio333_local.json").storage().get(0);
        assertNull(r.read());
        assertEquals(6144917504L, r.write().ioBytes());
        assertEquals(3070923290.0, r.write().bwBytesPerSecond());
    }

    @Test
    void warningLinesBeforeTheJson() {
        String t = "fio: this platform does not support process shared mutexes, forcing use of threads.\n"
                + Fixtures.text("fio_4k_randread_fio333_local.json");
        assertEquals(220082176L, ParseHelper.text("w.json", t).storage().get(0).read().ioBytes());
    }

    @Test
    void brokenJsonNamesTheLine() {
        String t = "{\n  \"fio version\" : \"fio-3.33\",\n  \"jobs\" : [ {\n    \"jobname\" : x\n";
        ParseException e = assertThrows(ParseException.class, () -> ParseHelper.text("bad.json", t));
        assertTrue(e.getMessage().startsWith("bad.json:4: invalid JSON"), e.getMessage());
    }
}
