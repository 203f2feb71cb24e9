package org.lossless.plots.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvReaderTest {
    @TempDir
    Path dir;

    @Test
    void readsQuotedFieldsEmptyFieldsAndAbsentColumns() throws IOException {
        Path f = Files.writeString(dir.resolve("x.csv"), "a,b,c\n1,\"x,\"\"y\"\"\",\n-42,z,7\n");
        try (CsvReader r = CsvReader.open(f)) {
            assertTrue(r.next());
            assertEquals(1, r.longAt(0, -1));
            assertEquals("x,\"y\"", r.text(1));
            assertTrue(r.isEmpty(2));
            assertEquals(-1, r.longAt(r.column("missing"), -1));
            assertTrue(r.next());
            assertEquals(-42, r.longAt(0, 0));
            assertTrue(r.textEquals(1, "z"));
            assertEquals(7.0, r.doubleAt(2, 0));
            assertTrue(!r.next());
        }
    }

    @Test
    void aBadNumberNamesTheFileLineAndColumn() throws IOException {
        Path f = Files.writeString(dir.resolve("bad.csv"), "time_ps,bytes\n1,2\n3,x\n");
        try (CsvReader r = CsvReader.open(f)) {
            r.next();
            r.next();
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> r.longAt(1, 0));
            assertTrue(e.getMessage().contains("bad.csv:3") && e.getMessage().contains("bytes"), e.getMessage());
        }
    }
}
