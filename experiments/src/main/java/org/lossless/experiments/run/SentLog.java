package org.lossless.experiments.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.lossless.core.spill.LongSpill;

/**
 * What the messages of an ideal replay ({@link IdealContext}) put on the hosts' ports, in the order they were added:
 * post time (ps), payload sender and receiver (host numbers), wire bits (payload and every packet's headers) and
 * latency (its {@code ideal_fct} less its own serialization, ps). Read back only in sequential passes
 * ({@link #reader()}, {@link PortBound}), once every message is in.
 *
 * <p>Memory: the records are encoded into pages of longs; once the pages would take more than the budget (bytes,
 * {@link #defaultBudget()} unless given), every full page goes to a {@link LongSpill} file in the directory given (the
 * run's result directory being written, or {@code java.io.tmpdir} when there is none or it is not a directory), and from then on each page as it fills: the heap
 * holds the budget (at least two pages) plus a dictionary of at most {@link #MAX_DICTIONARY} (bits, latency) pairs,
 * whatever the number of messages. {@link #close()} deletes the file; the owner closes the log on every path (done,
 * failed, cancelled).
 *
 * <p>Encoding of a record (8 B for most messages of a job, at most 32 B): a header long holding, from bit 0, the
 * receiver and the sender ({@code hostBits} each, enough for the host count given), a code ({@code codeBits}: 0, the
 * wire bits and latency follow as two longs; k, the k-th entry of the dictionary of (bits, latency) pairs, filled as
 * pairs first appear until full) and a post delta (the rest below bit 63: 0, the post time follows as a long; d, the
 * post time is the previous record's plus d - 1). Every value round-trips exactly, whatever it is.
 */
final class SentLog implements AutoCloseable {
    /** Most (bits, latency) pairs kept in the dictionary (a code of 12 bits). */
    static final int MAX_DICTIONARY = (1 << 12) - 1;
    /** Longs per page at most (64 KB). */
    static final int MAX_PAGE = 1 << 13;
    private final int hostBits;
    private final int codeBits;
    private final int deltaBits;
    private final int hosts;
    private final long budgetBytes;
    private final Path dir;
    private final Consumer<Path> onSpill;
    private final int pageLongs;
    /** Full pages still in memory (none once spilled), oldest first. */
    private final List<long[]> full = new ArrayList<>();
    private long[] page;
    private int pagePos;
    private LongSpill spill;
    private final long[] dictBits;
    private final long[] dictLat;
    private int dictSize;
    /** Open-addressing table of the dictionary: code (1-based) per slot, 0 empty. */
    private final int[] table;
    private long lastPost;
    private long size;
    private boolean frozen;
    private boolean closed;

    /** A log for host numbers 0..{@code hosts - 1}, with the default budget, spilling to {@code java.io.tmpdir}. */
    SentLog(int hosts) {
        this(hosts, defaultBudget(), null, null);
    }

    /**
     * A log for host numbers 0..{@code hosts - 1} keeping at most about {@code budgetBytes} of pages in memory
     * (at least two pages), the rest in a file in {@code dir} (null: {@code java.io.tmpdir}); {@code onSpill} (may be
     * null) is told the file when it is made.
     */
    SentLog(int hosts, long budgetBytes, Path dir, Consumer<Path> onSpill) {
        if (hosts < 1) {
            throw new IllegalArgumentException("hosts must be at least 1, got " + hosts);
        }
        if (budgetBytes < 1) {
            throw new IllegalArgumentException("budget must be positive, got " + budgetBytes + " B");
        }
        this.hosts = hosts;
        this.budgetBytes = budgetBytes;
        this.dir = dir;
        this.onSpill = onSpill;
        hostBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(hosts - 1));
        codeBits = Math.min(12, 63 - 2 * hostBits);
        deltaBits = 63 - 2 * hostBits - codeBits;
        int capacity = Math.min(MAX_DICTIONARY, (1 << codeBits) - 1);
        dictBits = new long[capacity];
        dictLat = new long[capacity];
        table = new int[Integer.highestOneBit(Math.max(1, capacity)) * 4];
        pageLongs = (int) Math.max(4, Math.min(MAX_PAGE, budgetBytes / Long.BYTES / 4));
        page = new long[pageLongs];
    }

    /** {@link org.lossless.core.spill.SpillBudgets#sentLog} of the JVM's heap limit (8 MB .. 256 MB). */
    static long defaultBudget() {
        return org.lossless.core.spill.SpillBudgets.sentLog(Runtime.getRuntime().maxMemory());
    }

    void add(long postPs, int from, int to, long wireBits, long latencyPs) {
        if (frozen || closed) {
            throw new IllegalStateException(closed ? "sent log closed" : "sent log read already: nothing more is added");
        }
        if (from < 0 || from >= hosts || to < 0 || to >= hosts) {
            throw new IllegalArgumentException("host " + from + " or " + to + " outside 0.." + (hosts - 1));
        }
        int code = code(wireBits, latencyPs);
        long d = postPs - lastPost;
        long delta = postPs >= lastPost && d >= 0 && d < (1L << deltaBits) - 1 ? d + 1 : 0;
        put(to | (long) from << hostBits | (long) code << 2 * hostBits | delta << 2 * hostBits + codeBits);
        if (delta == 0) {
            put(postPs);
        }
        if (code == 0) {
            put(wireBits);
            put(latencyPs);
        }
        lastPost = postPs;
        size++;
    }

    /** Messages added. */
    long size() {
        return size;
    }

    /** The spill file while there is one (null before it is needed and after {@link #close()}). */
    Path spillFile() {
        return spill == null || closed ? null : spill.file();
    }

    /** Deletes the spill file, if any, and drops the pages. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        full.clear();
        page = null;
        if (spill != null) {
            spill.close();
        }
    }

    /** A pass over every message, in the order added; no message can be added once a pass was made. */
    Reader reader() {
        if (closed) {
            throw new IllegalStateException("sent log closed");
        }
        frozen = true;
        return new Reader();
    }

    /** The 1-based dictionary code of the pair, entering it if there is room; 0 when it is not there. */
    private int code(long bits, long lat) {
        if (dictBits.length == 0) {
            return 0;
        }
        int mask = table.length - 1;
        long h = bits * 0x9E3779B97F4A7C15L + lat;
        int slot = (int) (h ^ h >>> 29 ^ h >>> 47) & mask;
        while (table[slot] != 0) {
            int c = table[slot];
            if (dictBits[c - 1] == bits && dictLat[c - 1] == lat) {
                return c;
            }
            slot = slot + 1 & mask;
        }
        if (dictSize == dictBits.length) {
            return 0;
        }
        dictBits[dictSize] = bits;
        dictLat[dictSize] = lat;
        table[slot] = ++dictSize;
        return dictSize;
    }

    private void put(long v) {
        page[pagePos++] = v;
        if (pagePos < pageLongs) {
            return;
        }
        if (spill == null && (long) (full.size() + 2) * pageLongs * Long.BYTES > budgetBytes) {
            Path where = dir != null && Files.isDirectory(dir) ? dir : Path.of(System.getProperty("java.io.tmpdir"));
            spill = LongSpill.in(where, "lossless-ideal-");
            if (onSpill != null) {
                onSpill.accept(spill.file());
            }
            for (long[] p : full) {
                spill.addAll(p, 0, p.length);
            }
            full.clear();
        }
        if (spill != null) {
            spill.addAll(page, 0, pageLongs);
        } else {
            full.add(page);
            page = new long[pageLongs];
        }
        pagePos = 0;
    }

    /** One sequential pass: {@link #next()} moves to the next message, whose fields the getters then give. */
    final class Reader {
        private final LongSpill.Reader disk = spill == null ? null : spill.reader();
        private int fullAt;
        private int at;
        private long read;
        private long post;
        private int src;
        private int dst;
        private long bits;
        private long tail;

        /** Moves to the next message; false when every one was read. */
        boolean next() {
            if (read == size) {
                return false;
            }
            if (closed) {
                throw new IllegalStateException("sent log closed");
            }
            read++;
            long h = word();
            long hostMask = (1L << hostBits) - 1;
            dst = (int) (h & hostMask);
            src = (int) (h >>> hostBits & hostMask);
            int code = (int) (h >>> 2 * hostBits & (1L << codeBits) - 1);
            long delta = h >>> 2 * hostBits + codeBits;
            post = delta == 0 ? word() : post + delta - 1;
            if (code == 0) {
                bits = word();
                tail = word();
            } else {
                bits = dictBits[code - 1];
                tail = dictLat[code - 1];
            }
            return true;
        }

        private long word() {
            if (disk != null && disk.hasNext()) {
                return disk.next();
            }
            while (fullAt < full.size() && at == pageLongs) {
                fullAt++;
                at = 0;
            }
            return fullAt < full.size() ? full.get(fullAt)[at++] : page[at++];
        }

        long postPs() {
            return post;
        }

        int src() {
            return src;
        }

        int dst() {
            return dst;
        }

        long bits() {
            return bits;
        }

        /** Latency: {@code ideal_fct} less the message's own serialization, ps. */
        long tailPs() {
            return tail;
        }
    }
}
