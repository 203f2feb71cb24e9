package org.lossless.core.spill;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Longs kept on disk instead of in the heap: appended in order ({@link #add}), read back in that order by any number
 * of {@link Reader}s, each a sequential pass; the file is a temporary one of its own in the directory given (the
 * result directory being written, so that the disk its user chose holds it, not a small {@code /tmp}) and is deleted
 * by {@link #close}. Big-endian, 8 B per value, written through a 64 KB buffer (no allocation per value).
 *
 * <p>Not thread-safe: one thread writes and reads. An I/O error (a full disk, say) is thrown as an
 * {@link UncheckedIOException} whose message names the file.
 */
public final class LongSpill implements Closeable {
    /** Bytes of the write buffer and of each reader's buffer. */
    static final int BUFFER = 1 << 16;
    private final Path file;
    private final FileChannel channel;
    private final ByteBuffer out = ByteBuffer.allocate(BUFFER);
    /** Values added so far (written or buffered). */
    private long size;
    private boolean closed;

    private LongSpill(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /** A new empty spill in a file of its own in {@code dir} (which must exist), named after {@code prefix}. */
    public static LongSpill in(Path dir, String prefix) {
        Path f = null;
        try {
            f = Files.createTempFile(dir, prefix, ".spill");
            return new LongSpill(f, FileChannel.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE));
        } catch (IOException e) {
            if (f != null) {
                try {
                    Files.deleteIfExists(f);
                } catch (IOException ignored) {
                    // the first error is the one to report
                }
            }
            throw failed(f == null ? dir : f, e);
        }
    }

    /** Appends {@code v}. */
    public void add(long v) {
        if (!out.hasRemaining()) {
            flush();
        }
        out.putLong(v);
        size++;
    }

    /** Appends {@code values[from..to)}. */
    public void addAll(long[] values, int from, int to) {
        for (int i = from; i < to; i++) {
            add(values[i]);
        }
    }

    /** Values added so far. */
    public long size() {
        return size;
    }

    /** The file (for messages and tests). */
    public Path file() {
        return file;
    }

    /** A pass over every value added so far, in order (what is added later is not seen by it). */
    public Reader reader() {
        flush();
        return new Reader(size);
    }

    /** Closes and deletes the file. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            channel.close();
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw failed(file, e);
        }
    }

    private void flush() {
        if (closed) {
            throw new IllegalStateException("spill " + file + " is closed");
        }
        if (out.position() == 0) {
            return;
        }
        out.flip();
        try {
            long at = channel.size();
            while (out.hasRemaining()) {
                at += channel.write(out, at);
            }
        } catch (IOException e) {
            throw failed(file, e);
        }
        out.clear();
    }

    private static UncheckedIOException failed(Path where, IOException e) {
        return new UncheckedIOException("spill file " + where + ": " + (e.getMessage() == null ? e.toString()
                : e.getMessage()), e);
    }

    /** One sequential pass over the values added before it was made. */
    public final class Reader {
        private final long count;
        private final ByteBuffer in = ByteBuffer.allocate(BUFFER);
        private long read;
        private long filePos;

        private Reader(long count) {
            this.count = count;
            in.limit(0);
        }

        /** Whether a value is left. */
        public boolean hasNext() {
            return read < count;
        }

        /** The next value. */
        public long next() {
            if (read >= count) {
                throw new java.util.NoSuchElementException("all " + count + " values of " + file + " read");
            }
            if (in.remaining() < Long.BYTES) {
                fill();
            }
            read++;
            return in.getLong();
        }

        /** Passes over the next {@code n} values without reading them from the disk (at most those left). */
        public void skip(long n) {
            if (n < 0 || n > count - read) {
                throw new IllegalArgumentException("skip " + n + " of the " + (count - read) + " values left in " + file);
            }
            int inBuffer = in.remaining() / Long.BYTES;
            if (n <= inBuffer) {
                in.position(in.position() + (int) n * Long.BYTES);
            } else {
                filePos += (n - inBuffer) * Long.BYTES;
                in.limit(0);
            }
            read += n;
        }

        private void fill() {
            in.clear();
            long bytes = Math.min((long) BUFFER, (count - read) * Long.BYTES);
            in.limit((int) bytes);
            try {
                while (in.hasRemaining()) {
                    int n = channel.read(in, filePos);
                    if (n < 0) {
                        throw new IOException("ended after " + filePos + " bytes, " + count * Long.BYTES + " expected");
                    }
                    filePos += n;
                }
            } catch (IOException e) {
                throw failed(file, e);
            }
            in.flip();
        }
    }
}
