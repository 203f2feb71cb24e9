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

    @Test
    void crlfLinesNoFinalNewlineALineLongerThanTheBufferAndNonAsciiText() throws IOException {
        String longText = "x".repeat(3 << 20); // longer than the 1 MiB read buffer
        Path f = Files.writeString(dir.resolve("y.csv"), "node,port,v\r\nsw\u00e9,3,12.5\r\n\r\n" + longText
                + ",4,-7\nh1,2,1e3");
        try (CsvReader r = CsvReader.open(f)) {
            assertEquals(java.util.List.of("node", "port", "v"), r.header());
            assertTrue(r.next());
            assertEquals("sw\u00e9", r.text(0));
            assertTrue(r.textEquals(0, "sw\u00e9"));
            assertEquals("sw\u00e9".hashCode(), r.fieldHash(0));
            assertEquals(3, r.longAt(1, -1));
            assertEquals(12.5, r.doubleAt(2, 0));
            assertTrue(r.next(), "the blank line is skipped");
            assertEquals(longText.length(), r.text(0).length());
            assertEquals(-7.0, r.doubleAt(2, 0));
            assertEquals(4, r.lineNumber());
            assertTrue(r.next());
            assertTrue(r.textEquals(0, "h1") && !r.textEquals(0, "h2") && !r.textEquals(0, "h10"));
            assertEquals("h1".hashCode(), r.fieldHash(0));
            assertEquals(1000.0, r.doubleAt(2, 0));
            assertEquals(1000, r.longAt(2, 0));
            assertTrue(!r.next());
        }
    }
}
