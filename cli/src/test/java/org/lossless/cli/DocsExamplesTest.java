package org.lossless.cli;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The example scenarios in README.md and docs/scenario.md are valid (surefire runs in the module folder). */
class DocsExamplesTest {
    @ParameterizedTest
    @ValueSource(strings = {"../README.md", "../docs/scenario.md"})
    void firstYamlBlockIsAValidScenario(String doc) throws IOException {
        String text = Files.readString(Path.of(doc));
        int start = text.indexOf("```yaml\n");
        assertTrue(start >= 0, doc + " has no yaml block");
        int end = text.indexOf("```", start + 8);
        Scenario s = ScenarioLoader.parse(doc, text.substring(start + 8, end), Path.of("."), List.of());
        assertEquals("incast-4to1", s.name());
        assertEquals(5, s.hostCount());
        assertEquals(10_000, s.topology().hostLink().delayPs()); // 2 m at 5 ns/m
    }
}
