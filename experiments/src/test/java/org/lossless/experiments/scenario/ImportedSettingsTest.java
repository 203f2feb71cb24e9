package org.lossless.experiments.scenario;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.nic.NicConfig;
import org.lossless.nic.dcqcn.DcqcnParams;
import org.lossless.nic.importers.HpccConfigImporter;
import org.lossless.nic.importers.Mlx5SysfsImporter;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.sonic.SonicImport;
import org.lossless.switchmodel.sonic.SonicImporter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

/**
 * What {@code lossless import sonic|mlx5|hpcc} write loads as scenario settings (the importers' test
 * fixtures; surefire runs in the module folder).
 */
class ImportedSettingsTest {
    static final long G = 1_000_000_000L;

    @Test
    void sonicSnippetLoadsToTheImportedSettingsResolved() {
        SonicImport imp = SonicImporter.importFile(Path.of("../switch-model/src/test/resources/sonic/"
                + "sonic_config_db_qos_buffer_fragments.json"));
        Scenario s = parse(MINIMAL + imp.toYaml());
        assertEquals(imp.settings().resolved(), s.switchSettings());
        assertEquals(s, parse(ResolvedYaml.write(s)));
    }

    @Test
    void sonicSchedulerSnippetLoadsToTheImportedSchedulingResolved() {
        SonicImport imp = SonicImporter.importFile(Path.of("../switch-model/src/test/resources/sonic/sonic_scheduler.json"));
        Scenario s = parse(MINIMAL + imp.toYaml());
        assertEquals(imp.settings().resolved(), s.switchSettings());
        assertEquals(List.of(6), s.switchSettings().scheduling().strict());
        assertEquals(s, parse(ResolvedYaml.write(s)));
    }

    @Test
    void mlx5SysfsKeysLoadAsOverrides() throws IOException {
        Map<String, String> keys = Mlx5SysfsImporter.read(Path.of("../nic-cc/src/test/resources/mlx5-sysfs")).settings();
        Scenario s = parse(MINIMAL, sets(keys));
        Map<String, String> dcqcn = new LinkedHashMap<>();
        keys.forEach((k, v) -> {
            if (k.startsWith(DcqcnParams.PREFIX)) {
                dcqcn.put(k, v);
            }
        });
        assertEquals(DcqcnParams.resolve(dcqcn, "mlx5", 100 * G), s.nic().dcqcn());
        assertEquals(2_000_000L, s.nic().dcqcn().cnpIntervalPs(), "the fixture's min_time_between_cnps is 2 us");
    }

    @Test
    void hpccConfigLoadsWithPerSpeedEcn() throws IOException {
        Map<String, String> keys = HpccConfigImporter.read(Path.of("../nic-cc/src/test/resources/hpcc/config.txt"))
                .settings();
        Scenario s = parse(MINIMAL, sets(keys));
        // the fixture's KMIN_MAP / KMAX_MAP / PMAX_MAP, K in KB: 400 / 1600 at 100 G, 1600 / 6400 at 400 G, P 0.2
        assertEquals(new EcnSettings.Rate(1_600_000L, 6_400_000L, 0.2), s.switchSettings().ecn().byRate().get(400 * G));
        assertEquals(400_000L, s.switchSettings().ecn().kmin());
        assertEquals(32L << 20, s.switchSettings().bufferSize());
        assertEquals(NicConfig.SAME_AS_DATA, s.nic().ackPriority(), "ACK_HIGH_PRIO 1: HPCC's switches queue ACKs with"
                + " data all the same");
        assertEquals("hpcc2019", s.switchSettings().profile());
        assertEquals(1000, s.nic().mtu());
        assertEquals("hpcc2019", s.nic().dcqcn().profile());
    }

    private static String[] sets(Map<String, String> keys) {
        List<String> out = new ArrayList<>();
        keys.forEach((k, v) -> out.add(k + "=" + v));
        return out.toArray(String[]::new);
    }
}
