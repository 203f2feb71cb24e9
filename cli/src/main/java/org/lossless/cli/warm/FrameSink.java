package org.lossless.cli.warm;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The server's side of a command's output: stdout and stderr bytes as {@link WarmProtocol#OUT} and
 * {@link WarmProtocol#ERR} frames, in the order written (one lock for both), then the {@link WarmProtocol#EXIT}
 * frame. A client that has gone away (interrupted, killed) turns every later write into nothing: the command
 * itself never fails because its terminal is gone.
 */
final class FrameSink {
    private final DataOutputStream out;
    private boolean broken;

    FrameSink(OutputStream out) {
        this.out = new DataOutputStream(out);
    }

    synchronized void frame(byte kind, byte[] b, int off, int len) {
        if (broken || len == 0) {
            return;
        }
        try {
            out.writeByte(kind);
            out.writeInt(len);
            out.write(b, off, len);
            out.flush();
        } catch (IOException e) {
            broken = true;
        }
    }

    /** The last frame. */
    synchronized void exit(int code) {
        if (broken) {
            return;
        }
        try {
            out.writeByte(WarmProtocol.EXIT);
            out.writeInt(code);
            out.flush();
        } catch (IOException e) {
            broken = true;
        }
    }

    /** A stream whose bytes become frames of {@code kind} ({@link WarmProtocol#OUT} or {@link WarmProtocol#ERR}). */
    OutputStream stream(byte kind) {
        return new OutputStream() {
            @Override
            public void write(int b) {
                frame(kind, new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                frame(kind, b, off, len);
            }
        };
    }
}
