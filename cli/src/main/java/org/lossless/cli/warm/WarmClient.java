package org.lossless.cli.warm;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The {@code lossless} process's side of a warm JVM: sends the command, copies its stdout and stderr, returns its
 * exit status. When the daemon does not take the command (none runs, busy, another environment), {@link #run}
 * returns null and the caller runs the command itself, as without a daemon.
 *
 * <p>Nothing is sent before the client knows the daemon is its user's own: the socket's folder must be a real
 * folder of this user's that no one else may enter, the socket a socket file of this user's, and the process
 * listening on it this user's (the kernel's peer credentials). Otherwise the command runs in this JVM, and with
 * {@code LOSSLESS_DEBUG} set the client says why: another user who plants a socket or a folder learns nothing of the
 * command, its environment or its directory, and cannot answer for the daemon.
 *
 * <p>Ctrl-C and SIGTERM: this JVM's shutdown hook asks the daemon to interrupt the command and waits (at most
 * {@link #INTERRUPT_WAIT_MS}) for its last words (the "interrupted at ..." line and the status) before this process
 * ends with the signal's status (130 or 143), as a command in its own JVM does.
 */
public final class WarmClient {
    /** Commands a daemon serves. */
    static final Set<String> SERVED = Set.of("run", "check");
    /** How long an interrupted client waits for the daemon's clean-up, ms (its writers get 5 s). */
    static final long INTERRUPT_WAIT_MS = 8_000;

    /** For tests and runs from classes: the socket to use instead of the jar's. */
    static final String SOCKET_PROPERTY = "lossless.daemon.socket";

    private final Path socket;
    private final PrintStream stdout;
    private final PrintStream stderr;
    private final CountDownLatch done = new CountDownLatch(1);
    private volatile boolean interrupted;
    private DataOutputStream out;

    /** A client of the daemon on {@code socket} that copies the command's output to {@code stdout} and {@code stderr}. */
    public WarmClient(Path socket, PrintStream stdout, PrintStream stderr) {
        this.socket = socket;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /**
     * The client for {@code args} when they may go to a daemon: a served command, {@code LOSSLESS_DAEMON} not 0, this
     * JVM running {@code lossless.jar} (or given {@value #SOCKET_PROPERTY}), a socket there. Otherwise null. Costs a
     * few file-system calls.
     */
    public static WarmClient forCommand(String[] args) {
        if (args.length == 0 || !SERVED.contains(args[0]) || "0".equals(System.getenv("LOSSLESS_DAEMON"))) {
            return null;
        }
        String given = System.getProperty(SOCKET_PROPERTY);
        Path jar = given == null ? WarmPaths.ownJar() : null;
        if (given == null && jar == null) {
            return null;
        }
        Path socket = given != null ? Path.of(given) : WarmPaths.socket(jar);
        return Files.exists(socket) ? new WarmClient(socket, System.out, System.err) : null;
    }

    /** Whether this process was interrupted (SIGINT, SIGTERM) while the daemon ran its command. */
    public boolean interrupted() {
        return interrupted;
    }

    /** Runs {@code args} in the daemon; its exit status, or null if it did not take the command. */
    public Integer run(String[] args) {
        return run(args, Path.of("").toAbsolutePath(), System.getenv(), WarmPaths.umask());
    }

    /**
     * {@link #run(String[])} from working directory {@code cwd} with environment {@code env} and umask {@code umask}
     * (tests).
     */
    Integer run(String[] args, Path cwd, Map<String, String> env, int umask) {
        UserPrincipal me;
        try {
            me = WarmPaths.checkPrivate(socket.getParent());
            WarmPeer.checkSocket(socket);
        } catch (IOException | RuntimeException e) {
            return notUsed(env, e.getMessage());
        }
        SocketChannel c;
        try {
            c = SocketChannel.open(StandardProtocolFamily.UNIX);
            c.connect(UnixDomainSocketAddress.of(socket));
        } catch (IOException e) {
            return null; // a daemon killed without removing its socket, or one ending now
        }
        if (!WarmPeer.sameUser(c, me)) {
            try {
                c.close();
            } catch (IOException e) {
                // closed
            }
            return notUsed(env, "the process listening on " + socket + " is not yours");
        }
        Thread hook = new Thread(this::onSignal, "lossless-warm-client");
        try (c) {
            out = new DataOutputStream(new BufferedOutputStream(WarmProtocol.output(c)));
            WarmProtocol.writeRun(out, List.of(args), cwd.toString(), env, WarmPaths.jvmFingerprint(),
                    System.console() != null, Integer.getInteger(WarmPaths.COLUMNS_PROPERTY, -1), umask);
            Runtime.getRuntime().addShutdownHook(hook);
            return frames(new DataInputStream(new BufferedInputStream(WarmProtocol.input(c))), env);
        } catch (IOException e) {
            return null;
        } finally {
            done.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is ending (a signal): the hook is running
            }
        }
    }

    /** Says why the daemon was not used (with {@code LOSSLESS_DEBUG}); null: the command runs here. */
    private Integer notUsed(Map<String, String> env, String why) {
        if (env.containsKey("LOSSLESS_DEBUG")) {
            stderr.println("lossless: not using the daemon (" + why + "); running the command here");
            stderr.flush();
        }
        return null;
    }

    /** Copies frames until the status; null if refused before the command began. */
    private Integer frames(DataInputStream in, Map<String, String> env) throws IOException {
        boolean first = true;
        while (true) {
            byte kind;
            try {
                kind = in.readByte();
            } catch (EOFException e) {
                if (first) {
                    return null;
                }
                stderr.println("lossless: the daemon ended during the command (see 'lossless daemon status'); "
                        + "its results, if any, were not written");
                return 1;
            }
            if (kind == WarmProtocol.REFUSED && first) {
                String why = WarmProtocol.readString(in);
                if (env.containsKey("LOSSLESS_DEBUG")) {
                    stderr.println("lossless: the daemon did not take the command (" + why + "); running it here");
                }
                return null;
            }
            first = false;
            if (kind == WarmProtocol.EXIT) {
                return in.readInt();
            }
            int n = in.readInt();
            if (n < 0 || n > WarmProtocol.MAX_STRING) {
                throw new IOException("bad frame length " + n);
            }
            byte[] b = in.readNBytes(n);
            PrintStream to = kind == WarmProtocol.OUT ? stdout : stderr;
            to.write(b, 0, b.length);
            to.flush();
        }
    }

    private void onSignal() {
        if (done.getCount() == 0) {
            return;
        }
        interrupted = true;
        try {
            synchronized (this) {
                out.writeByte(WarmProtocol.INTERRUPT);
                out.flush();
            }
            done.await(INTERRUPT_WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (IOException e) {
            // the daemon is gone
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
