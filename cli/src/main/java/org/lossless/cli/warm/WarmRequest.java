package org.lossless.cli.warm;

import java.io.DataInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link WarmProtocol#RUN} request as the daemon reads it: the command's arguments, the client's working directory,
 * environment, JVM fingerprint, whether its stdin and stdout are a terminal, the terminal's width (-1 unknown) and
 * the client's umask (-1 unknown).
 *
 * <p>The request is read within {@link #MAX_BYTES}: every length is checked against what is left before anything
 * is read or allocated, so a client cannot make the daemon read or hold more (a request that does not fit is
 * {@link TooLarge}: the daemon refuses it and the client runs the command itself).
 */
record WarmRequest(List<String> args, String cwd, Map<String, String> env, String jvm, boolean terminal, int columns,
                   int umask) {
    /**
     * Largest request, bytes: arguments and environment together. Linux gives a command line with its environment at
     * most 6 MB (a quarter of the stack limit, capped at three quarters of 8 MB; 2 MB with the default 8 MB stack), so
     * no command a shell can start is refused.
     */
    static final int MAX_BYTES = 8 << 20;

    WarmRequest {
        args = List.copyOf(args);
        env = Map.copyOf(env);
    }

    /** A request over {@link #MAX_BYTES}. */
    static final class TooLarge extends IOException {
        private static final long serialVersionUID = 1L;

        TooLarge() {
            super("request larger than " + (MAX_BYTES >> 20) + " MB");
        }
    }

    /** Reads the rest of a request (after the magic, version and kind). */
    static WarmRequest read(DataInputStream in) throws IOException {
        Budget b = new Budget(in);
        List<String> args = b.strings();
        String cwd = b.string();
        int n = b.count();
        Map<String, String> env = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            env.put(b.string(), b.string());
        }
        String jvm = b.string();
        b.take(1 + 4 + 4);
        boolean terminal = in.readBoolean();
        int columns = in.readInt();
        int umask = in.readInt();
        return new WarmRequest(args, cwd, env, jvm, terminal, columns, umask);
    }

    /** Reads ints and strings while counting what they take against {@link #MAX_BYTES}. */
    private static final class Budget {
        private final DataInputStream in;
        private long left = MAX_BYTES;

        Budget(DataInputStream in) {
            this.in = in;
        }

        void take(long n) throws TooLarge {
            if (n < 0 || n > left) {
                throw new TooLarge();
            }
            left -= n;
        }

        /** A count of items that follow, each at least 4 bytes. */
        int count() throws IOException {
            take(4);
            int n = in.readInt();
            take(4L * n);
            left += 4L * n; // (only checked here: each item takes its own bytes as it is read)
            return n;
        }

        String string() throws IOException {
            take(4);
            int n = in.readInt();
            take(n);
            byte[] b = in.readNBytes(n);
            if (b.length < n) {
                throw new java.io.EOFException();
            }
            return new String(b, StandardCharsets.UTF_8);
        }

        List<String> strings() throws IOException {
            int n = count();
            List<String> list = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                list.add(string());
            }
            return list;
        }
    }
}
