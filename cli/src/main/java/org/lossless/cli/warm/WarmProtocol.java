package org.lossless.cli.warm;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * What the client and the warm JVM say on the socket. The client sends {@link #MAGIC}, {@link #VERSION} and a
 * request kind: {@link #RUN} (then the arguments, working directory, environment, JVM fingerprint, whether stdin and
 * stdout are a terminal, its width and the client's umask: {@link WarmRequest}), {@link #STATUS} or {@link #STOP}. The server answers with frames, each a kind byte:
 * {@link #OUT} and {@link #ERR} (an int length, then bytes for the client's stdout or stderr), {@link #EXIT} (an int
 * status; the last frame), {@link #REFUSED} (a reason: the client runs the command itself) or {@link #TEXT} (a
 * status or stop answer). While a command runs the client may send {@link #INTERRUPT}; closing the socket does the
 * same. Strings are an int length and UTF-8 bytes, at most {@link #MAX_STRING} bytes; a whole request at most
 * {@link WarmRequest#MAX_BYTES}.
 */
final class WarmProtocol {
    static final int MAGIC = 0x4C534C57; // "LSLW"
    /** Bumped with any change of the frames: a daemon of another version refuses. */
    static final int VERSION = 3;
    static final byte RUN = 'R';
    static final byte STATUS = 'Q';
    static final byte STOP = 'S';
    static final byte OUT = 'O';
    static final byte ERR = 'E';
    static final byte EXIT = 'X';
    static final byte REFUSED = 'N';
    static final byte TEXT = 'T';
    static final byte INTERRUPT = 'I';
    static final int MAX_STRING = 16 << 20;

    private WarmProtocol() {
    }

    static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    static String readString(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX_STRING) {
            throw new IOException("bad string length " + n);
        }
        return new String(in.readNBytes(n), StandardCharsets.UTF_8);
    }

    static void writeStrings(DataOutputStream out, List<String> list) throws IOException {
        out.writeInt(list.size());
        for (String s : list) {
            writeString(out, s);
        }
    }

    static void writeMap(DataOutputStream out, Map<String, String> map) throws IOException {
        out.writeInt(map.size());
        for (Map.Entry<String, String> e : map.entrySet()) {
            writeString(out, e.getKey());
            writeString(out, e.getValue());
        }
    }

    /**
     * A {@link #RUN} request: the command's arguments, the client's working directory, environment and JVM fingerprint
     * ({@link WarmPaths#jvmFingerprint()}), whether its stdin and stdout are a terminal, the terminal's width (-1
     * unknown) and its umask (-1 unknown). {@code cli/warm-client.pl} writes the same bytes; {@link WarmRequest} reads
     * them.
     */
    static void writeRun(DataOutputStream out, List<String> args, String cwd, Map<String, String> env, String jvm,
                         boolean terminal, int columns, int umask) throws IOException {
        out.writeInt(MAGIC);
        out.writeInt(VERSION);
        out.writeByte(RUN);
        writeStrings(out, args);
        writeString(out, cwd);
        writeMap(out, env);
        writeString(out, jvm);
        out.writeBoolean(terminal);
        out.writeInt(columns);
        out.writeInt(umask);
        out.flush();
    }

    /**
     * Reads the magic and the client's version: the version, or -1 when it is not a client of ours. A daemon answers
     * {@link #STATUS} and {@link #STOP} of any version (so that a newer {@code lossless} can stop an older daemon) and
     * runs commands of its own version only.
     */
    static int readHello(DataInputStream in) throws IOException {
        try {
            return in.readInt() == MAGIC ? in.readInt() : -1;
        } catch (EOFException e) {
            return -1;
        }
    }

    /**
     * A stream reading {@code c}. Not {@code Channels.newInputStream}: its streams lock the channel for a whole
     * blocking read, so a thread waiting to read (the interrupt watch) would block every write (the output).
     */
    static InputStream input(SocketChannel c) {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                int n = read(one, 0, 1);
                return n < 0 ? -1 : one[0] & 0xFF;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (len == 0) {
                    return 0;
                }
                int n;
                do {
                    n = c.read(ByteBuffer.wrap(b, off, len));
                } while (n == 0);
                return n;
            }
        };
    }

    /** A stream writing {@code c} (see {@link #input}). */
    static OutputStream output(SocketChannel c) {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                ByteBuffer bb = ByteBuffer.wrap(b, off, len);
                while (bb.hasRemaining()) {
                    c.write(bb);
                }
            }
        };
    }
}
