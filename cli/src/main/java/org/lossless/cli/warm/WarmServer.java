package org.lossless.cli.warm;

import org.lossless.experiments.results.Interrupts;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A warm JVM serving {@code lossless run} and {@code check} to later {@code lossless} processes (package comment).
 * One command at a time: a client that finds it busy runs its command itself. It ends after {@code idleMs} without a
 * command, on {@link WarmProtocol#STOP}, when its jar changes, after running out of memory, or on SIGTERM.
 */
public final class WarmServer {
    private final Path socket;
    private final long idleMs;
    private final Path jar;
    private final WarmCommand command;
    private final long jarStamp;
    private final Map<String, String> env;
    private final String jvm;
    private final int umask = WarmPaths.umask();
    private final long startedMs = System.currentTimeMillis();
    private final AtomicBoolean busy = new AtomicBoolean();
    private final AtomicInteger served = new AtomicInteger();
    private volatile long lastActiveMs = startedMs;
    private volatile String lastRefusal = "none";
    private volatile boolean stopping;
    private ServerSocketChannel server;
    /** The user this server serves (the owner of its private folder, this process's uid). */
    private UserPrincipal me;
    private WarmGate gate = new WarmGate(WarmGate.REQUEST_TIMEOUT_MS);

    /**
     * @param socket where to listen (its folder is made private, or must be)
     * @param idleMs how long without a command before the server ends, ms (&gt; 0)
     * @param jar     the jar whose change ends the server, or null (tests)
     * @param command what the server runs for its clients
     */
    public WarmServer(Path socket, long idleMs, Path jar, WarmCommand command) {
        if (idleMs <= 0) {
            throw new IllegalArgumentException("idle time must be > 0 ms");
        }
        this.socket = socket.toAbsolutePath();
        this.idleMs = idleMs;
        this.jar = jar;
        this.command = Objects.requireNonNull(command, "command");
        this.jarStamp = stamp(jar);
        this.env = WarmPaths.environment(System.getenv());
        this.jvm = WarmPaths.jvmFingerprint();
    }

    private static long stamp(Path jar) {
        try {
            return jar == null ? 0 : Files.getLastModifiedTime(jar).toMillis() * 31 + Files.size(jar);
        } catch (IOException e) {
            return -1;
        }
    }

    /**
     * Binds the socket (after checking that no server answers there; a socket file left by a killed one is
     * replaced); the caller then calls {@link #serve()}. Throws if another server runs or the folder is not private.
     */
    public void bind() throws IOException {
        me = WarmPaths.makePrivate(socket.getParent());
        if (Files.exists(socket)) {
            try (SocketChannel probe = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                probe.connect(UnixDomainSocketAddress.of(socket));
                throw new IOException("a daemon already listens on " + socket);
            } catch (IOException e) {
                if (e.getMessage() != null && e.getMessage().startsWith("a daemon already")) {
                    throw e;
                }
                Files.deleteIfExists(socket); // a dead server's
            }
        }
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        if (jar != null) {
            try { // for the launcher, which cannot compute the socket's name without starting a program
                writePointer();
            } catch (IOException e) {
                // a read-only installation: the launcher's Java client still finds the socket
            }
        }
    }

    /** For tests: how long a connection may take to send its request, ms (before {@link #serve()}). */
    void requestTimeout(long ms) {
        gate = new WarmGate(ms);
    }

    /**
     * Writes the pointer as a new file of this user's, rw------- (the launcher's client trusts no other), renamed over
     * the old one: a link planted at its name is replaced, never written through.
     */
    private void writePointer() throws IOException {
        Path p = pointer();
        Path tmp = p.resolveSibling(".lossless.daemon.tmp-" + ProcessHandle.current().pid());
        Files.deleteIfExists(tmp); // (a link there is removed, not followed; O_EXCL below never follows one)
        try {
            try (java.nio.channels.SeekableByteChannel ch = Files.newByteChannel(tmp, java.util.Set.of(
                    java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE),
                    java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                            java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")))) {
                ch.write(java.nio.ByteBuffer.wrap((socket + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            }
            Files.move(tmp, p, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** {@code lossless.daemon} beside the jar: the socket's path, while this server listens. */
    private Path pointer() {
        return jar.resolveSibling("lossless.daemon");
    }

    /** Accepts connections until the server ends; returns then (the socket file is removed). */
    public void serve() throws IOException {
        Thread idle = new Thread(this::watchIdle, "lossless-warm-idle");
        idle.setDaemon(true);
        idle.start();
        try {
            while (!stopping) {
                SocketChannel c;
                try {
                    c = server.accept();
                } catch (IOException e) {
                    break; // closed by stop() or the idle watch
                }
                WarmGate.Ticket ticket = gate.admit(c);
                if (ticket == null) { // too many connections waiting to send their request: this client runs alone
                    c.close();
                    continue;
                }
                Thread t = new Thread(() -> handle(c, ticket), "lossless-warm-client");
                t.setDaemon(true);
                t.start();
            }
        } finally {
            stop();
            gate.shutdown();
            while (busy.get()) { // a command in progress finishes first
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
    }

    /** Ends the server: no more connections; {@link #serve()} returns once a command in progress has finished. */
    public void stop() {
        stopping = true;
        try {
            if (server != null) {
                server.close();
            }
            Files.deleteIfExists(socket);
            if (jar != null && Files.isRegularFile(pointer(), java.nio.file.LinkOption.NOFOLLOW_LINKS)
                    && Files.size(pointer()) < 4096 && Files.readString(pointer()).strip().equals(socket.toString())) {
                Files.deleteIfExists(pointer());
            }
        } catch (IOException e) {
            // nothing more to do
        }
    }

    private void watchIdle() {
        while (!stopping) {
            try {
                Thread.sleep(Math.min(1_000, idleMs));
            } catch (InterruptedException e) {
                return;
            }
            if (!busy.get() && System.currentTimeMillis() - lastActiveMs >= idleMs) {
                System.err.println("lossless daemon: no command for " + idleMs / 1000 + " s; ending");
                stop();
            }
        }
    }

    /**
     * One connection: the peer must be this user; the request must arrive within the gate's time and bounds
     * ({@link WarmGate}, {@link WarmRequest}); then a status, a stop or a command.
     */
    private void handle(SocketChannel c, WarmGate.Ticket ticket) {
        try (c; ticket) {
            if (!WarmPeer.sameUser(c, me)) {
                return;
            }
            DataInputStream in = new DataInputStream(new BufferedInputStream(WarmProtocol.input(c)));
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(WarmProtocol.output(c)));
            int version = WarmProtocol.readHello(in);
            if (version < 0) {
                return;
            }
            byte kind = in.readByte();
            if (kind == WarmProtocol.RUN && version != WarmProtocol.VERSION) {
                ticket.arrived();
                refuse(out, "another version of the protocol (" + version + ", the daemon's " + WarmProtocol.VERSION + ")");
                return;
            }
            if (kind == WarmProtocol.STATUS) {
                ticket.arrived();
                text(out, status());
            } else if (kind == WarmProtocol.STOP) {
                ticket.arrived();
                text(out, busy.get() ? "stopping after the command in progress" : "stopped");
                stop();
            } else if (kind == WarmProtocol.RUN) {
                WarmRequest request;
                try {
                    request = WarmRequest.read(in);
                } catch (WarmRequest.TooLarge e) {
                    ticket.arrived();
                    lastRefusal = e.getMessage();
                    refuse(out, e.getMessage());
                    return;
                }
                ticket.arrived();
                run(c, in, out, request);
            }
        } catch (IOException e) {
            // the client went away, or its request did not arrive in time
        }
    }

    private void run(SocketChannel c, DataInputStream in, DataOutputStream out, WarmRequest r) throws IOException {
        Map<String, String> clientEnv = WarmPaths.environment(r.env());
        String why = refusal(r, clientEnv);
        if (why != null) {
            lastRefusal = why;
            refuse(out, why);
            return;
        }
        if (!busy.compareAndSet(false, true)) {
            lastRefusal = "busy";
            refuse(out, "busy");
            return;
        }
        Outcome done;
        try {
            lastActiveMs = System.currentTimeMillis();
            done = serveCommand(c, in, out, r);
            served.incrementAndGet();
            giveMemoryBack();
        } finally {
            lastActiveMs = System.currentTimeMillis();
            busy.set(false);
        }
        // the status last, once the server is free again: a script's next command, started as soon as this one
        // ends, finds it free
        done.sink().exit(done.code());
        if (done.outOfMemory() || stopping) {
            stop(); // a heap that ran out once is not trusted with the next command
        }
    }

    /**
     * Gives back what a command held before the next one. DSOL's logging lets go of the last simulator (it held the
     * whole model: 1 GB after an 8,192-host run), then full collections until the heap fits the live set: the serial
     * collector (the launcher's) shrinks the heap to its MaxHeapFreeRatio at a full collection, but in steps over
     * successive ones (none of the excess at the first, then 10 %, 40 %, all), so a command that grew the heap to GBs
     * takes four, a small one one (a few ms). The uncommitted heap leaves the resident memory at once.
     */
    static void giveMemoryBack() {
        org.lossless.core.kernel.DsolLogging.releaseSimulator();
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 4; i++) {
            System.gc();
            long used = rt.totalMemory() - rt.freeMemory();
            if (rt.totalMemory() <= 2 * used + (16 << 20)) {
                break;
            }
        }
    }

    /** How a command ended: its status, whether it ran out of memory, and where its status goes. */
    private record Outcome(int code, boolean outOfMemory, FrameSink sink) {
    }

    /** Runs one command for the client, up to its status (not sent). */
    private Outcome serveCommand(SocketChannel c, DataInputStream in, DataOutputStream out, WarmRequest r) {
        FrameSink sink = new FrameSink(out);
        Charset cs = Charset.defaultCharset();
        PrintWriter o = new PrintWriter(new OutputStreamWriter(sink.stream(WarmProtocol.OUT), cs), true);
        PrintWriter e = new PrintWriter(new OutputStreamWriter(sink.stream(WarmProtocol.ERR), cs), true);
        PrintStream bar = new PrintStream(sink.stream(WarmProtocol.ERR), true, cs);
        // 0 running, 1 being interrupted (by the watch), 2 done (by the command): whichever comes first
        AtomicInteger state = new AtomicInteger();
        Thread watch = new Thread(() -> {
            try {
                in.read(); // INTERRUPT, or -1 when the client is gone
            } catch (IOException ex) {
                // gone
            }
            if (state.compareAndSet(0, 1)) {
                Interrupts.interruptNow();
            }
        }, "lossless-warm-interrupt");
        watch.setDaemon(true);
        watch.start();
        int code;
        boolean outOfMemory = false;
        try {
            code = command.execute(r.args(), Path.of(r.cwd()), r.terminal(), r.columns() > 0 ? r.columns() : -1, bar,
                    r.env().containsKey("LOSSLESS_DEBUG"), o, e);
        } catch (OutOfMemoryError oom) {
            code = command.outOfMemory(e);
            outOfMemory = true;
        }
        o.flush();
        e.flush();
        if (state.compareAndSet(0, 2)) {
            try {
                c.shutdownInput(); // ends the watch (it reads end of input and finds the command done)
            } catch (IOException ex) {
                // the client is gone: the watch has ended or ends now
            }
        }
        join(watch); // after an interrupt: its last line ("interrupted at ...") comes before the status
        Interrupts.clear();
        return new Outcome(code, outOfMemory, sink);
    }

    private static void join(Thread t) {
        try {
            t.join(10_000);
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }

    /** Why the command must run in the client's own JVM, or null. */
    private String refusal(WarmRequest r, Map<String, String> clientEnv) {
        if (stopping) {
            return "stopping";
        }
        if (stamp(jar) != jarStamp) {
            stop(); // rebuilt: every later command would be refused too
            return "lossless.jar changed since the daemon started";
        }
        Path cwd;
        try {
            cwd = Path.of(r.cwd());
        } catch (java.nio.file.InvalidPathException e) {
            return "working directory " + r.cwd();
        }
        if (!cwd.isAbsolute() || !Files.isDirectory(cwd)) {
            return "working directory " + r.cwd();
        }
        if (!clientEnv.equals(env)) {
            return "environment differs: " + differing(clientEnv);
        }
        if (!r.jvm().equals(jvm)) {
            return "JVM options differ";
        }
        if (umask < 0 || r.umask() != umask) {
            return String.format(Locale.ROOT, "umask %s differs from the daemon's %s", octal(r.umask()), octal(umask));
        }
        String own = ProcessPaths.find(r.args(), cwd);
        if (own != null) {
            return "'" + own + "' names a path of the process itself (/proc/self, /dev/fd, /dev/stdin, ...)";
        }
        return null;
    }

    private static String octal(int mask) {
        return mask < 0 ? "unknown" : String.format(Locale.ROOT, "%04o", mask);
    }

    private String differing(Map<String, String> clientEnv) {
        java.util.TreeSet<String> names = new java.util.TreeSet<>();
        for (String k : clientEnv.keySet()) {
            if (!clientEnv.get(k).equals(env.get(k))) {
                names.add(k);
            }
        }
        for (String k : env.keySet()) {
            if (!clientEnv.containsKey(k)) {
                names.add(k);
            }
        }
        return String.join(", ", names);
    }

    private String status() {
        Runtime rt = Runtime.getRuntime();
        long now = System.currentTimeMillis();
        return String.format(Locale.ROOT, "pid %d, up %s, %d command%s served, %s, ends after %s without a command; "
                        + "heap %d MB used of %d MB; last refusal: %s",
                ProcessHandle.current().pid(), minutes(now - startedMs), served.get(), served.get() == 1 ? "" : "s",
                busy.get() ? "running a command" : "idle for " + minutes(now - lastActiveMs), minutes(idleMs),
                (rt.totalMemory() - rt.freeMemory()) >> 20, rt.totalMemory() >> 20, lastRefusal);
    }

    private static String minutes(long ms) {
        return ms < 60_000 ? ms / 1000 + " s" : ms / 60_000 + " min";
    }

    private static void refuse(DataOutputStream out, String why) throws IOException {
        out.writeByte(WarmProtocol.REFUSED);
        WarmProtocol.writeString(out, why);
        out.flush();
    }

    private static void text(DataOutputStream out, String s) throws IOException {
        out.writeByte(WarmProtocol.TEXT);
        WarmProtocol.writeString(out, s);
        out.flush();
    }
}
