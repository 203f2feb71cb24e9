package org.lossless.verbs.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.lossless.verbs.Fixtures;

class FormatDetectorTest {
    @ParameterizedTest
    @CsvSource({
        "ethtool_S_mlx5_connectx4_ubuntu1804_ethq.txt, COUNTERS",
        "fio_128k_write_fio333_local.json, FIO_JSON",
        "fio_4k_randread_fio333_local.json, FIO_JSON",
        "mlnx_qos_output_connectx_blog.txt, MLNX_QOS",
        "mlxconfig_q_roce_cc_section_connectx.txt, MLXCONFIG",
        "nccl_tests_all_gather_16ranks_gke_a3plus.txt, NCCL_TESTS",
        "nccl_tests_all_reduce_24ranks_a800_kubeflow.txt, NCCL_TESTS",
        "perftest_error_no_device_debian12.txt, PERFTEST",
        "perftest_help_ib_write_bw_debian12.txt, TOOL_HELP",
        "perftest_help_ib_write_lat_debian12.txt, TOOL_HELP",
        "perftest_ib_write_bw_roce_all_sizes_gbits_nvidia_docs.txt, PERFTEST",
        "perftest_ib_write_bw_roce_postlist_duration_gbits_issue273.txt, PERFTEST",
        "sonic_config_db_qos_buffer_fragments.json, SONIC_CONFIG_DB",
        "sonic_pg_profile_lookup_arista7050qx32s_td2.ini, PG_PROFILE_LOOKUP",
        "sonic_pg_profile_lookup_msn2700_spectrum1.ini, PG_PROFILE_LOOKUP"})
    void everyFixtureIsRecognisedByItsContent(String file, Format expected) {
        assertEquals(expected, FormatDetector.detect(Fixtures.input(file)));
    }

    /** The files as distributed, provenance line included: a leading '#' comment does not disturb any parser. */
    @ParameterizedTest
    @CsvSource({
        "ethtool_S_mlx5_connectx4_ubuntu1804_ethq.txt", "fio_128k_write_fio333_local.json", "fio_4k_randread_fio333_local.json",
        "mlnx_qos_output_connectx_blog.txt", "mlxconfig_q_roce_cc_section_connectx.txt",
        "nccl_tests_all_gather_16ranks_gke_a3plus.txt", "nccl_tests_all_reduce_24ranks_a800_kubeflow.txt",
        "perftest_error_no_device_debian12.txt", "perftest_help_ib_write_bw_debian12.txt",
        "perftest_help_ib_write_lat_debian12.txt", "perftest_ib_write_bw_roce_all_sizes_gbits_nvidia_docs.txt",
        "perftest_ib_write_bw_roce_postlist_duration_gbits_issue273.txt", "sonic_config_db_qos_buffer_fragments.json",
        "sonic_pg_profile_lookup_arista7050qx32s_td2.ini", "sonic_pg_profile_lookup_msn2700_spectrum1.ini"})
    void everyFixtureParsesWithItsCommentLine(String file) throws Exception {
        java.net.URL url = getClass().getResource("/fixtures/" + file);
        org.lossless.verbs.measure.MeasurementBuilder b = new org.lossless.verbs.measure.MeasurementBuilder();
        Parsers.parse(TextInput.read(Path.of(url.toURI()), file), Parsers.Origin.NONE, b);
        org.lossless.verbs.measure.Measurement m = b.build();
        assertEquals(1, m.sources().size());
        assertTrue(m.warnings().stream().noneMatch(w -> w.contains("source")), m.warnings().toString());
    }

    @Test
    void garbageNamesTheFileAndTheLine() {
        ParseException e = assertThrows(ParseException.class,
                () -> FormatDetector.detect(TextInput.of("notes.txt", "\n\nDear diary,\ntoday the fabric paused.\n")));
        assertTrue(e.getMessage().startsWith("notes.txt:3: not a supported format (perftest, nccl-tests"), e.getMessage());
        assertEquals(3, e.line());
    }

    @Test
    void emptyAndForeignJson() {
        ParseException empty = assertThrows(ParseException.class, () -> FormatDetector.detect(TextInput.of("e.txt", "\n \n")));
        assertEquals("e.txt: empty file: no tool output to parse", empty.getMessage());
        ParseException json = assertThrows(ParseException.class,
                () -> FormatDetector.detect(TextInput.of("x.json", "{\"name\": 1}\n")));
        assertTrue(json.getMessage().startsWith("x.json:1: a JSON file that is none of"), json.getMessage());
    }

    @Test
    void binaryFileIsRefused(@TempDir Path tmp) throws Exception {
        Path f = tmp.resolve("core");
        Files.write(f, new byte[] {0x7f, 'E', 'L', 'F', 0, 0, (byte) 0xff, (byte) 0xfe});
        ParseException e = assertThrows(ParseException.class, () -> TextInput.read(f, "core"));
        assertEquals("core: is not UTF-8 text (a binary file?)", e.getMessage());
    }
}
