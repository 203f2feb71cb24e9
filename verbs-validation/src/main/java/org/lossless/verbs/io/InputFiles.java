package org.lossless.verbs.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Files the replay commands read as input (tool outputs, hosts files, plans, bundles): regular files only, of at most
 * {@link #MAX_BYTES}. A device ({@code /dev/zero}), a FIFO or a socket could be endless or block for ever, and a huge
 * file would fill the heap before a word is said; all are refused before reading, with the reason. Links are followed
 * (callers that must stay inside a folder check that first: {@link Contained}).
 */
public final class InputFiles {
    /** Largest input file read, bytes (64 MB: the largest real tool output, a CONFIG_DB, is a few MB). */
    public static final long MAX_BYTES = 64L << 20;

    private InputFiles() {
    }

    /**
     * The bytes of {@code f}. Throws {@link java.nio.file.NoSuchFileException} when it is missing and
     * {@link NotReadable} (the reason, to follow the file's name in a message) when it is not a regular file or is too
     * big; any other {@link IOException} as the file system gave it.
     */
    public static byte[] read(Path f) throws IOException {
        BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class); // links followed
        if (a.isDirectory()) {
            throw new NotReadable("is a directory");
        }
        if (!a.isRegularFile()) {
            throw new NotReadable("is not a regular file (a device, FIFO or socket); give a file");
        }
        if (a.size() > MAX_BYTES) {
            throw new NotReadable(tooBig(a.size()));
        }
        try (InputStream in = Files.newInputStream(f)) {
            byte[] b = in.readNBytes((int) MAX_BYTES + 1); // a file growing meanwhile is still cut at the bound
            if (b.length > MAX_BYTES) {
                throw new NotReadable("grew above " + (MAX_BYTES >> 20) + " MB while being read");
            }
            return b;
        }
    }

    /** {@link #read} as UTF-8 text (malformed bytes replaced; parsers that must refuse binary check themselves). */
    public static String readString(Path f) throws IOException {
        return new String(read(f), StandardCharsets.UTF_8);
    }

    static String tooBig(long size) {
        return "is " + size + " bytes, more than the " + (MAX_BYTES >> 20) + " MB Lossless reads from one input file";
    }

    /** An input that is not a readable regular file of bounded size; the message says why. */
    public static final class NotReadable extends IOException {
        private static final long serialVersionUID = 1L;

        NotReadable(String why) {
            super(why);
        }
    }
}
