package org.lossless.core.spill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LongSpillTest {
    @TempDir
    Path dir;

    @Test
    void readsBackWhatWasAddedInOrderOverSeveralBuffers() {
        int n = 3 * LongSpill.BUFFER / Long.BYTES + 5; // three full buffers and a part
        try (LongSpill s = LongSpill.in(dir, "t")) {
            for (int i = 0; i < n; i++) {
                s.add(i * 31L - 7);
            }
            assertEquals(n, s.size());
            s.reader();
            assertEquals((long) n * Long.BYTES, s.file().toFile().length(),
                    "8 B a value on disk once a reader flushed the buffer");
            for (int pass = 0; pass < 2; pass++) {
                LongSpill.Reader r = s.reader();
                for (int i = 0; i < n; i++) {
                    assertTrue(r.hasNext());
                    assertEquals(i * 31L - 7, r.next());
                }
                assertFalse(r.hasNext());
            }
        }
    }

    @Test
    void aReaderSeesOnlyWhatCameBeforeItAndAddsGoOnAfterIt() {
        try (LongSpill s = LongSpill.in(dir, "t")) {
            s.addAll(new long[] {1, 2, 3, 4}, 1, 3);
            LongSpill.Reader first = s.reader();
            s.add(Long.MIN_VALUE);
            s.add(Long.MAX_VALUE);
            assertEquals(2, first.next());
            assertEquals(3, first.next());
            assertFalse(first.hasNext());
            assertThrows(java.util.NoSuchElementException.class, first::next);
            LongSpill.Reader second = s.reader();
            long[] all = {second.next(), second.next(), second.next(), second.next()};
            assertEquals(java.util.List.of(2L, 3L, Long.MIN_VALUE, Long.MAX_VALUE),
                    java.util.Arrays.stream(all).boxed().toList());
        }
    }

    @Test
    void skipPassesOverValuesInAndBeyondTheBuffer() {
        int perBuffer = LongSpill.BUFFER / Long.BYTES;
        try (LongSpill s = LongSpill.in(dir, "t")) {
            for (int i = 0; i < 3 * perBuffer; i++) {
                s.add(i);
            }
            LongSpill.Reader r = s.reader();
            assertEquals(0, r.next());
            r.skip(2); // inside the first buffer
            assertEquals(3, r.next());
            r.skip(perBuffer); // past the buffer: the next read starts at value 4 + perBuffer
            assertEquals(4 + perBuffer, r.next());
            r.skip(3 * perBuffer - (5 + perBuffer) - 1);
            assertEquals(3 * perBuffer - 1, r.next());
            assertFalse(r.hasNext());
            r.skip(0);
            assertThrows(IllegalArgumentException.class, () -> r.skip(1));
        }
    }

    @Test
    void closeDeletesTheFileAndOnlyIt() throws Exception {
        Path other = Files.writeString(dir.resolve("user.txt"), "not ours");
        LongSpill s = LongSpill.in(dir, "t");
        s.add(5);
        Path f = s.file();
        assertTrue(Files.exists(f));
        s.close();
        s.close(); // twice is harmless
        assertFalse(Files.exists(f));
        assertTrue(Files.exists(other));
        assertThrows(IllegalStateException.class, s::reader);
    }

    @Test
    void aMissingDirectoryIsNamedInTheError() {
        Path missing = dir.resolve("no-such-dir");
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> LongSpill.in(missing, "t"));
        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
    }
}
