package org.lossless.cli.warm;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.cli.Cli;
import org.lossless.cli.WarmCli;
import org.lossless.experiments.results.AtomicDirectory;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The warm JVM's server in this JVM, on a socket in a temporary folder, and its client: what a command gives through
 * it must be what the same command gives in its own JVM (files byte for byte, output, status), and it must refuse
 * what it cannot run the same way.
 */
class WarmServerTest {
    static final String TINY = """
            name: tiny
            topology: {type: star, hosts: 4, host_link: {rate: 100Gbps, delay: 1us}}
            switch: {buffer_size: 300KB, ecn: {kmin: 20KB, kmax: 80KB, pmax: 0.2}}
            nic: {mtu: 1024, cc: dcqcn}
            workloads:
              - type: flows
                flows: [{src: 1, dst: 0, size: 200KB}, {src: 2, dst: 0, size: 200KB}, {src: 3, dst: 0, size: 100KB}]
            """;
    /** Never ends by itself within a test (20 s simulated). */
    static final String LONG = org.lossless.cli.InterruptProcessTest.LONG;
    /** summary.json's lines that measure the run rather than the network. */
    static final List<String> TIMING = List.of("\"wall_seconds\"", "\"cpu_seconds\"", "\"events_per_second\"",
            "\"peak_heap_bytes\"");

    @TempDir
    Path dir;
    Path work;
    Path socket;
    WarmServer server;
    Thread serving;

    @BeforeEach
    void start() throws IOException {
        work = Files.createDirectory(dir.resolve("work"));
        Files.writeString(work.resolve("tiny.yaml"), TINY);
        Files.writeString(work.resolve("long.yaml"), LONG);
        socket = dir.resolve("sock").resolve("warm.sock");
        server = start(socket, 60_000, null);
    }

    WarmServer start(Path sock, long idleMs, Path jar) throws IOException {
        return start(sock, idleMs, jar, WarmGate.REQUEST_TIMEOUT_MS);
    }

    WarmServer start(Path sock, long idleMs, Path jar, long requestTimeoutMs) throws IOException {
        WarmServer s = new WarmServer(sock, idleMs, jar, new WarmCli());
        s.requestTimeout(requestTimeoutMs);
        s.bind();
        serving = new Thread(() -> {
            try {
                s.serve();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        serving.start();
        return s;
    }

    @AfterEach
    void stop() throws InterruptedException {
        server.stop();
        serving.join(10_000);
    }

    record Result(Integer code, String out, String err) {
    }

    /** The console's last line of a run: what the simulation cost on this machine. */
    static final String COST = "\\(simulator: [^)]*\\)";

    Result client(Map<String, String> env, String... args) {
        return client(env, WarmPaths.umask(), args);
    }

    Result client(Map<String, String> env, int umask, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Integer code = new WarmClient(socket, new PrintStream(out, true), new PrintStream(err, true))
                .run(args, work, env, umask);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    Result client(String... args) {
        return client(System.getenv(), args);
    }

    Result own(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = new Cli(new PrintWriter(out), new PrintWriter(err), work,
                org.lossless.cli.Terminal.local()).execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    @Nested
    class SameAsItsOwnJvm {
        @Test
        void aRunWritesTheSameFilesByteForByteAndPrintsTheSame() throws IOException {
            Result warm = client("run", "tiny.yaml", "--out", "warm", "--quiet");
            Result own = own("run", "tiny.yaml", "--out", "own", "--quiet");
            assertEquals(0, warm.code(), warm.err());
            assertEquals(0, own.code(), own.err());
            // the same text but the simulator's cost (wall and CPU time, heap: the machine's, not the run's)
            assertEquals(own.out().replace(work.resolve("own").toString(), "DIR").replaceAll(COST, "(simulator)"),
                    warm.out().replace(work.resolve("warm").toString(), "DIR").replaceAll(COST, "(simulator)"));
            assertEquals(own.err(), warm.err());
            List<String> names = tree(work.resolve("own"));
            assertEquals(names, tree(work.resolve("warm")));
            assertTrue(names.contains("flows.csv") && names.contains("summary.json"), names::toString);
            for (String f : names) {
                if (f.equals("summary.json")) {
                    assertEquals(withoutTiming(work.resolve("own").resolve(f)), withoutTiming(work.resolve("warm").resolve(f)));
                } else {
                    assertEquals(-1L, Files.mismatch(work.resolve("own").resolve(f), work.resolve("warm").resolve(f)), f);
                }
            }
        }

        @Test
        void aSecondRunInTheSameServerIsIdenticalToo() throws IOException {
            assertEquals(0, client("run", "tiny.yaml", "--out", "a", "--quiet", "--seed", "7").code());
            assertEquals(0, client("run", "long.yaml", "--out", "b", "--quiet", "--set", "stop_time=20us").code());
            assertEquals(0, client("run", "tiny.yaml", "--out", "c", "--quiet", "--seed", "7").code());
            assertEquals(-1L, Files.mismatch(work.resolve("a/flows.csv"), work.resolve("c/flows.csv")));
            assertEquals(withoutTiming(work.resolve("a/summary.json")), withoutTiming(work.resolve("c/summary.json")));
        }

        @Test
        void badInputIsExit2WithTheSameOneLine() {
            Result warm = client("run", "missing.yaml", "--quiet");
            Result own = own("run", "missing.yaml", "--quiet");
            assertEquals(2, own.code());
            assertEquals(2, warm.code());
            assertEquals(own.err(), warm.err());
            assertEquals(1, warm.err().lines().count(), warm.err());
        }

        /** {@code --threads} on two switches: the partitioned engine's line comes after the simulator's, as in a JVM of its own. */
        @Test
        void aRunOnTwoThreadsPrintsTheParallelLineAfterTheSimulatorsToo() throws IOException {
            Files.writeString(work.resolve("two.yaml"), """
                    name: two
                    topology: {type: leaf-spine, leaves: 2, spines: 1, hosts_per_leaf: 2,
                               host_link: {rate: 100Gbps, delay: 1us}, fabric_link: {rate: 100Gbps, delay: 1us}}
                    nic: {mtu: 1024, cc: none}
                    workloads:
                      - type: flows
                        flows: [{src: 0, dst: 3, size: 50KB}, {src: 2, dst: 1, size: 50KB}]
                    """);
            Result warm = client("run", "two.yaml", "--out", "warm", "--quiet", "--threads", "2");
            Result own = own("run", "two.yaml", "--out", "own", "--quiet", "--threads", "2");
            assertEquals(0, warm.code(), warm.err());
            assertEquals(0, own.code(), own.err());
            for (Result r : List.of(warm, own)) {
                List<String> lines = r.out().lines().toList();
                assertTrue(lines.get(lines.size() - 2).startsWith("  (simulator: "), r.out());
                assertTrue(lines.get(lines.size() - 1).startsWith("  (parallel: 2 threads on 3 partitions, "), r.out());
            }
        }

        @Test
        void checkIsServed() {
            Result warm = client("check", "tiny.yaml");
            assertEquals(0, warm.code(), warm.err());
            assertEquals(own("check", "tiny.yaml").out(), warm.out());
        }
    }

    @Nested
    class Refusals {
        @Test
        void anotherEnvironmentRunsInItsOwnJvm() {
            Map<String, String> env = new HashMap<>(System.getenv());
            env.put("LOSSLESS_SOMETHING", "1");
            assertNull(client(env, "run", "tiny.yaml", "--out", "x", "--quiet").code());
            assertFalse(Files.exists(work.resolve("x")));
            assertTrue(new WarmControl(socket).ask(true).contains("environment differs: LOSSLESS_SOMETHING"));
        }

        @Test
        void aShellsOwnVariablesDoNotCount() {
            Map<String, String> env = new HashMap<>(System.getenv());
            env.put("PWD", "/somewhere/else");
            env.put("OLDPWD", "/");
            assertEquals(0, client(env, "run", "tiny.yaml", "--out", "x", "--quiet").code());
        }

        @Test
        void aBusyServerRunsNothingElse() throws Exception {
            try (Raw long1 = new Raw("run", "long.yaml", "--out", "out", "--quiet")) {
                waitForTemp("out");
                assertNull(client("run", "tiny.yaml", "--out", "x", "--quiet").code());
                assertTrue(new WarmControl(socket).ask(true).contains("running a command"));
                long1.interrupt();
                assertEquals(130, long1.exitCode());
            }
        }

        @Test
        void aChangedJarEndsTheServer() throws Exception {
            stop();
            Path jar = Files.writeString(dir.resolve("fake.jar"), "jar");
            server = start(socket, 60_000, jar);
            assertEquals(socket.toString() + "\n", Files.readString(dir.resolve("lossless.daemon")),
                    "the launcher's pointer to the socket, beside the jar");
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(
                    dir.resolve("lossless.daemon"))), "the launcher's client trusts no pointer others can read or write");
            assertEquals(0, client("run", "tiny.yaml", "--out", "x", "--quiet").code());
            Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 5_000));
            assertNull(client("run", "tiny.yaml", "--out", "y", "--quiet").code());
            serving.join(10_000);
            assertFalse(serving.isAlive());
            assertFalse(Files.exists(socket));
            assertFalse(Files.exists(dir.resolve("lossless.daemon")));
        }

        @Test
        void lossLessDebugGoesAlongInsteadOfMakingTheEnvironmentDiffer() {
            Map<String, String> env = new HashMap<>(System.getenv());
            env.put("LOSSLESS_DEBUG", "1");
            Result r = client(env, "run", "tiny.yaml", "--out", "x", "--quiet");
            assertEquals(0, r.code(), "served: " + new WarmControl(socket).ask(true));
        }

        @Test
        void anotherUmaskRunsInItsOwnJvm() {
            int mine = WarmPaths.umask();
            assertTrue(mine >= 0 && mine <= 0777, "this JVM's umask is known: " + mine);
            int other = mine == 077 ? 022 : 077;
            assertNull(client(System.getenv(), other, "run", "tiny.yaml", "--out", "x", "--quiet").code());
            assertFalse(Files.exists(work.resolve("x")));
            assertTrue(new WarmControl(socket).ask(true).contains(String.format("umask %04o differs from the daemon's "
                    + "%04o", other, mine)), new WarmControl(socket).ask(true));
        }

        /** In the daemon, /proc/self is the daemon: such a path would name the daemon's folder, not the client's. */
        @Test
        void aPathThroughProcSelfRunsInItsOwnJvm() throws IOException {
            String name = "lossless-warm-test-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
            Path daemonSide = Path.of("").toAbsolutePath().resolve(name); // this JVM's (the server's) directory
            try {
                assertNull(client("run", "tiny.yaml", "--out", "/proc/self/cwd/" + name, "--quiet").code());
                assertNull(client("run", "tiny.yaml", "--out=/proc/thread-self/cwd/" + name, "--quiet").code());
                Files.createSymbolicLink(work.resolve("here"), Path.of("/proc/self/cwd"));
                assertNull(client("run", "tiny.yaml", "--out", "here/" + name, "--quiet").code(), "through a link");
                Files.createSymbolicLink(work.resolve("fd"), Path.of("/dev/fd"));
                assertNull(client("run", "tiny.yaml", "--out", "fd/" + name, "--quiet").code(), "through two links");
                assertFalse(Files.exists(daemonSide), "written into the server's directory");
                assertTrue(new WarmControl(socket).ask(true).contains("names a path of the process itself"));
                assertEquals(0, client("run", "tiny.yaml", "--out", "proc-self", "--quiet").code(), "a plain name");
            } finally {
                AtomicDirectory.deleteTree(daemonSide);
            }
        }

        @Test
        void aLinkPlantedAtThePointerIsReplacedNotWrittenThrough() throws Exception {
            stop();
            Path jar = Files.writeString(dir.resolve("fake.jar"), "jar");
            Path victim = Files.writeString(dir.resolve("victim.txt"), "mine\n");
            Files.createSymbolicLink(dir.resolve("lossless.daemon"), victim);
            server = start(socket, 60_000, jar);
            assertEquals("mine\n", Files.readString(victim));
            assertTrue(Files.isRegularFile(dir.resolve("lossless.daemon"), java.nio.file.LinkOption.NOFOLLOW_LINKS));
            assertEquals(socket + "\n", Files.readString(dir.resolve("lossless.daemon")));
        }

        @Test
        void aSecondServerOnTheSameSocketIsRefused() {
            IOException e = assertThrows(IOException.class, () -> new WarmServer(socket, 1000, null, new WarmCli()).bind());
            assertTrue(e.getMessage().contains("already listens"), e.getMessage());
        }

        @Test
        void aFolderOthersCanEnterIsRefused() throws IOException {
            Path open = Files.createDirectory(dir.resolve("open"),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxr-xr-x"));
            IOException e = assertThrows(IOException.class,
                    () -> new WarmServer(open.resolve("w.sock"), 1000, null, new WarmCli()).bind());
            assertTrue(e.getMessage().contains("open to other users"), e.getMessage());
        }
    }

    @Nested
    class Bounds {
        /** A raw connection that sends {@code bytes} and then nothing. */
        SocketChannel connect(byte[] bytes) throws IOException {
            SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX);
            c.connect(UnixDomainSocketAddress.of(socket));
            c.write(java.nio.ByteBuffer.wrap(bytes));
            return c;
        }

        /** Whether the server closed {@code c} within {@code seconds}. */
        boolean closedWithin(SocketChannel c, long seconds) {
            return assertTimeoutPreemptively(java.time.Duration.ofSeconds(seconds),
                    () -> c.read(java.nio.ByteBuffer.allocate(1)) == -1);
        }

        long serverThreads() {
            return Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().equals("lossless-warm-client") && t.isAlive()).count();
        }

        @Test
        void anIdleConnectionIsClosedAfterTheRequestTimeout() throws Exception {
            stop();
            server = start(socket, 60_000, null, 300);
            try (SocketChannel c = connect(new byte[0])) {
                assertTrue(closedWithin(c, 10));
            }
            try (SocketChannel c = connect(new byte[] {'L', 'S'})) { // a request that trickles
                assertTrue(closedWithin(c, 10));
            }
            assertEquals(0, client("check", "tiny.yaml").code(), "the server goes on");
        }

        @Test
        void manyIdleConnectionsHoldABoundedNumberOfThreads() throws Exception {
            stop();
            server = start(socket, 60_000, null, 2_000);
            List<SocketChannel> idle = new java.util.ArrayList<>();
            try {
                long most = 0;
                for (int i = 0; i < 200; i++) {
                    idle.add(connect(new byte[0]));
                    most = Math.max(most, serverThreads());
                }
                long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(500);
                while (System.nanoTime() < end) {
                    most = Math.max(most, serverThreads());
                    Thread.sleep(10);
                }
                assertTrue(most <= WarmGate.MAX_PENDING, most + " threads for 200 idle connections");
                for (SocketChannel c : idle) {
                    assertTrue(closedWithin(c, 10), "every idle connection is closed in the end");
                }
            } finally {
                for (SocketChannel c : idle) {
                    c.close();
                }
            }
            assertEquals(0, client("check", "tiny.yaml").code(), "the server goes on");
        }

        /** A request announcing more than the bound is refused from its lengths, before its bytes are read. */
        @Test
        void anOversizedRequestIsRefusedBeforeItIsRead() throws Exception {
            java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
            DataOutputStream d = new DataOutputStream(b);
            d.writeInt(WarmProtocol.MAGIC);
            d.writeInt(WarmProtocol.VERSION);
            d.writeByte(WarmProtocol.RUN);
            d.writeInt(1); // one argument ...
            d.writeInt(WarmRequest.MAX_BYTES + 1); // ... announced one byte above the bound, and never sent
            try (SocketChannel c = connect(b.toByteArray())) {
                DataInputStream in = new DataInputStream(WarmProtocol.input(c));
                byte kind = assertTimeoutPreemptively(java.time.Duration.ofSeconds(10), in::readByte);
                assertEquals(WarmProtocol.REFUSED, kind);
                assertEquals("request larger than 8 MB", WarmProtocol.readString(in));
            }
            assertTrue(new WarmControl(socket).ask(true).contains("last refusal: request larger than 8 MB"));
        }
    }

    @Nested
    class Interrupts {
        @Test
        void anInterruptStopsTheRunLeavesNothingAndTheNextRunSucceeds() throws Exception {
            try (Raw r = new Raw("run", "long.yaml", "--out", "out", "--quiet")) {
                waitForTemp("out");
                r.interrupt();
                assertEquals(130, r.exitCode());
                assertTrue(r.err().matches("lossless: interrupted at [0-9.]+ ms of 20000 ms simulated; no results "
                        + "written\n"), r.err());
            }
            assertEquals(List.of("long.yaml", "tiny.yaml"), files(work));
            assertEquals(0, client("run", "tiny.yaml", "--out", "out", "--quiet").code());
            assertTrue(Files.exists(work.resolve("out/summary.json")));
        }

        @Test
        void aClientThatGoesAwayInterruptsToo() throws Exception {
            Raw r = new Raw("run", "long.yaml", "--out", "out", "--quiet");
            waitForTemp("out");
            r.close();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!new WarmControl(socket).ask(true).contains("idle for") && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertEquals(List.of("long.yaml", "tiny.yaml"), files(work));
            assertEquals(0, client("run", "tiny.yaml", "--out", "out", "--quiet").code());
        }
    }

    @Nested
    class Lifecycle {
        @Test
        void statusCountsCommandsAndStopEndsTheServer() throws Exception {
            WarmControl control = new WarmControl(socket);
            assertTrue(control.ask(true).contains("0 commands served"), control.ask(true));
            Result check = client("check", "tiny.yaml");
            assertEquals(0, check.code(), check.err());
            assertTrue(control.ask(true).contains("1 command served"), control.ask(true));
            assertEquals("stopped", control.ask(false));
            serving.join(10_000);
            assertFalse(serving.isAlive());
            assertFalse(Files.exists(socket));
            assertEquals("not running", control.ask(true));
            assertNull(client("check", "tiny.yaml").code(), "no server: the command runs in its own JVM");
        }

        @Test
        void anIdleServerEndsByItself() throws Exception {
            stop();
            server = start(socket, 300, null);
            serving.join(10_000);
            assertFalse(serving.isAlive());
            assertFalse(Files.exists(socket));
        }
    }

    /** A client speaking the protocol by hand, to interrupt or drop a command at a chosen moment. */
    final class Raw implements AutoCloseable {
        final SocketChannel c;
        final DataOutputStream out;
        final DataInputStream in;

        Raw(String... args) throws IOException {
            c = SocketChannel.open(StandardProtocolFamily.UNIX);
            c.connect(UnixDomainSocketAddress.of(socket));
            out = new DataOutputStream(new BufferedOutputStream(WarmProtocol.output(c)));
            in = new DataInputStream(new BufferedInputStream(WarmProtocol.input(c)));
            WarmProtocol.writeRun(out, List.of(args), work.toString(), System.getenv(), WarmPaths.jvmFingerprint(),
                    false, -1, WarmPaths.umask());
        }

        private final StringBuilder err = new StringBuilder();

        void interrupt() throws IOException {
            out.writeByte(WarmProtocol.INTERRUPT);
            out.flush();
        }

        int exitCode() throws IOException {
            while (true) {
                byte kind = in.readByte();
                if (kind == WarmProtocol.EXIT) {
                    return in.readInt();
                }
                byte[] b = in.readNBytes(in.readInt());
                if (kind == WarmProtocol.ERR) {
                    err.append(new String(b, StandardCharsets.UTF_8));
                }
            }
        }

        String err() {
            return err.toString();
        }

        @Override
        public void close() throws IOException {
            c.close();
        }
    }

    void waitForTemp(String out) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (files(work).stream().noneMatch(n -> n.startsWith("." + out + ".tmp-"))) {
            assertTrue(System.nanoTime() < deadline, "the run did not start writing");
            Thread.sleep(20);
        }
        Thread.sleep(200);
    }

    static List<String> files(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** Every file under {@code d}, as paths relative to it. */
    static List<String> tree(Path d) throws IOException {
        try (Stream<Path> s = Files.walk(d)) {
            return s.filter(Files::isRegularFile).map(p -> d.relativize(p).toString()).sorted().toList();
        }
    }

    static List<String> withoutTiming(Path summary) throws IOException {
        return Files.readAllLines(summary).stream().filter(l -> TIMING.stream().noneMatch(l::contains)).toList();
    }
}
