package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SentLog}: what a pass reads back is what was added, in order, whatever the values (shared or distinct bits
 * and latencies, post times going up a little, down, or far), whether it stayed in memory or spilled; the spill file
 * is in the directory given while the log holds it and gone after {@link SentLog#close()}.
 */
class SentLogTest {
    @TempDir
    Path dir;

    /** One message as added. */
    private record Sent(long post, int src, int dst, long bits, long tail) {
    }

    /** {@code n} messages on {@code hosts} hosts, drawn to hit every branch of the encoding. */
    private static List<Sent> messages(int n, int hosts, long seed) {
        Random r = new Random(seed);
        List<Sent> out = new ArrayList<>();
        long post = 0;
        for (int i = 0; i < n; i++) {
            switch (r.nextInt(6)) {
                case 0 -> post += r.nextInt(1000); // a small step up
                case 1 -> post -= r.nextInt(1000); // down (a message released later posted first)
                case 2 -> post = r.nextLong() >>> 1; // far
                case 3 -> post = r.nextBoolean() ? Long.MAX_VALUE : 0;
                default -> post += 1_000_000L * r.nextInt(3000); // steps of up to 3 ms
            }
            long bits;
            long tail;
            if (r.nextInt(3) > 0) { // most messages share a few sizes
                bits = 8 * (4178L + r.nextInt(4));
                tail = 2_000_000 + r.nextInt(3);
            } else { // and the rest are all different: past the dictionary's room
                bits = r.nextLong() >>> r.nextInt(64);
                tail = r.nextBoolean() ? r.nextLong() : r.nextInt(1 << 20);
            }
            int src = hosts == Integer.MAX_VALUE && r.nextBoolean() ? hosts - 1 : r.nextInt(hosts);
            out.add(new Sent(post, src, r.nextInt(hosts), bits, tail));
        }
        return out;
    }

    private static List<Sent> readBack(SentLog log) {
        List<Sent> got = new ArrayList<>();
        SentLog.Reader r = log.reader();
        while (r.next()) {
            got.add(new Sent(r.postPs(), r.src(), r.dst(), r.bits(), r.tailPs()));
        }
        assertFalse(r.next(), "a pass ends once");
        return got;
    }

    private static void addAll(SentLog log, List<Sent> in) {
        for (Sent s : in) {
            log.add(s.post(), s.src(), s.dst(), s.bits(), s.tail());
        }
    }

    private long filesInDir() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.count();
        }
    }

    @Test
    void aTinyBudgetSpillsManyPagesAndReadsBackEveryMessageInEveryPass() throws IOException {
        for (int hosts : new int[] {1, 3, 1024, 70_000, Integer.MAX_VALUE}) {
            List<Sent> in = messages(12_000, hosts, hosts);
            List<Path> made = new ArrayList<>();
            SentLog log = new SentLog(hosts, 64, dir, made::add);
            addAll(log, in);
            assertEquals(in.size(), log.size());
            assertEquals(1, made.size(), hosts + " hosts: one spill file");
            Path file = log.spillFile();
            assertNotNull(file);
            assertEquals(made.get(0), file);
            assertEquals(dir, file.getParent(), "the spill is in the directory given");
            assertTrue(Files.exists(file));
            assertTrue(Files.size(file) > 64 * 100, "many pages went to disk: " + Files.size(file) + " B");
            for (int pass = 0; pass < 3; pass++) {
                assertEquals(in, readBack(log), hosts + " hosts, pass " + pass);
            }
            log.close();
            assertFalse(Files.exists(file), "deleted on close");
            assertNull(log.spillFile());
            assertEquals(0, filesInDir(), "nothing else left in the directory");
            assertThrows(IllegalStateException.class, log::reader);
        }
    }

    @Test
    void aRoomyBudgetKeepsEverythingInMemory() throws IOException {
        List<Sent> in = messages(5_000, 16, 7);
        try (SentLog log = new SentLog(16, 64L << 20, dir, p -> {
            throw new AssertionError("spilled to " + p);
        })) {
            addAll(log, in);
            assertNull(log.spillFile());
            assertEquals(in, readBack(log));
            assertEquals(in, readBack(log));
        }
        assertEquals(0, filesInDir());
    }

    @Test
    void anEmptyLogReadsNothing() {
        try (SentLog log = new SentLog(4, 64, dir, null)) {
            assertEquals(List.of(), readBack(log));
        }
    }

    @Test
    void messagesAddedAfterAPassAndHostsOutsideTheFabricAreRefused() {
        try (SentLog log = new SentLog(4, 64, dir, null)) {
            assertThrows(IllegalArgumentException.class, () -> log.add(0, 4, 0, 8, 0));
            assertThrows(IllegalArgumentException.class, () -> log.add(0, 0, -1, 8, 0));
            log.add(5, 1, 2, 8, 3);
            log.reader();
            assertThrows(IllegalStateException.class, () -> log.add(6, 1, 2, 8, 3));
        }
    }

    @Test
    void withoutADirectoryTheSpillGoesToTheTemporaryDirectoryAndIsDeleted() {
        List<Path> made = new ArrayList<>();
        List<Sent> in = messages(1_000, 8, 3);
        try (SentLog log = new SentLog(8, 64, null, made::add)) {
            addAll(log, in);
            assertEquals(Path.of(System.getProperty("java.io.tmpdir")), log.spillFile().getParent());
            assertEquals(in, readBack(log));
        }
        assertFalse(Files.exists(made.get(0)));
    }

    @Test
    void theDefaultBudgetIsASixteenthOfTheHeapWithinItsBounds() {
        long b = SentLog.defaultBudget();
        assertTrue(b >= 8L << 20 && b <= 256L << 20, b + " B");
    }
}
