package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/**
 * docs/scenario.md's and docs/cc.md's generated key tables equal what the schemas render (docs/cc.md: one per
 * algorithm of the registry, so a new algorithm without its table fails here). On a difference the failure shows the
 * expected file; {@code -Dschema.docs.write=true} rewrites the file instead (then review the diff).
 */
class SchemaDocsTest {
    private static final Path DOC = Path.of("../docs/scenario.md"); // surefire runs in the module folder
    private static final Path CC_DOC = Path.of("../docs/cc.md");

    @Test
    void docsTablesAreTheSchemas() throws IOException {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        String expected = SchemaDocs.regenerate(doc);
        if (Boolean.getBoolean("schema.docs.write") && !expected.equals(doc)) {
            Files.writeString(DOC, expected, StandardCharsets.UTF_8);
            return;
        }
        assertEquals(expected, doc, "docs/scenario.md's schema tables are stale: run this test with "
                + "-Dschema.docs.write=true, or SchemaDocs docs/scenario.md");
    }

    @Test
    void ccTablesAreTheSchemasOfEveryRegisteredAlgorithm() throws IOException {
        String doc = Files.readString(CC_DOC, StandardCharsets.UTF_8);
        String expected = SchemaDocs.regenerateCc(doc);
        if (Boolean.getBoolean("schema.docs.write") && !expected.equals(doc)) {
            Files.writeString(CC_DOC, expected, StandardCharsets.UTF_8);
            return;
        }
        assertEquals(expected, doc, "docs/cc.md's schema tables are stale: run this test with "
                + "-Dschema.docs.write=true, or SchemaDocs docs/cc.md");
    }

    @Test
    void theDynamicThRowIsWrittenOnceAsTheSchemaSaysIt() throws IOException {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        String row = "| `dynamic_th` | integer -8..7 | `-3` (SONiC) | ingress dynamic threshold: a lossless priority "
                + "group may take α = 2^dynamic_th of the free shared pool (SAI/SONiC meaning; −3 gives α = 1/8). The "
                + "range is SONiC's (its YANG model allows −8..7; Mellanox SAI clamps to it) |\n";
        assertTrue(doc.contains(row), "docs/scenario.md lacks the dynamic_th row");
        assertEquals(doc.indexOf(row), doc.lastIndexOf(row));
    }
}
