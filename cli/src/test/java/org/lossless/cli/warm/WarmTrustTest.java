package org.lossless.cli.warm;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.cli.Main;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Another user plants a socket where a daemon's would be, or a pointer to one: the clients (the JVM's and the
 * launcher's perl script) must send it nothing (not one byte: no environment, no arguments, no directory), must not
 * believe its forged reply, and must run the command in its own JVM. Each case with {@code LOSSLESS_DEBUG=1}, which
 * must say why the daemon was not used. Runs as root with a second user ({@link OtherUser}).
 */
class WarmTrustTest {
    @TempDir
    Path dir;
    Path work;
    Path planted;
    OtherUser other;
    PlantedListener listener;

    @BeforeEach
    void plant() throws Exception {
        other = OtherUser.get();
        work = Files.createDirectory(dir.resolve("work"));
        Files.writeString(work.resolve("tiny.yaml"), WarmServerTest.TINY);
        planted = other.folder("rwx------");
        listener = new PlantedListener(other, planted, "warm.sock");
    }

    @AfterEach
    void clean() throws Exception {
        if (listener != null) {
            listener.close();
        }
        if (planted != null) {
            try (Stream<Path> s = Files.walk(planted)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /**
     * The planted socket moved into a private folder of this user's and given to this user: the folder and the socket
     * file pass every check, only the listening process's credentials tell it is another user's.
     */
    Path movedIntoOwnFolder() throws IOException {
        Path own = Files.createDirectory(dir.resolve("own"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path s = Files.move(listener.socket, own.resolve("warm.sock"));
        Files.getFileAttributeView(s, java.nio.file.attribute.PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .setOwner(Files.getOwner(own));
        return s;
    }

    record Ran(int code, String out, String err) {
    }

    void sentNothing(Ran r, String why) throws IOException {
        assertEquals(0, listener.received(), "the planted listener received the request");
        assertFalse(r.out().contains(PlantedListener.FORGED) || r.err().contains(PlantedListener.FORGED),
                "the forged reply was believed: " + r);
        assertTrue(r.err().contains("lossless: not using the daemon (") && r.err().contains(why), r.err());
    }

    @Nested
    class JvmClient {
        /** {@code lossless check tiny.yaml} by {@link Main} in a JVM of its own, told to use {@code socket}. */
        Ran check(Path socket) throws Exception {
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-D" + WarmClient.SOCKET_PROPERTY + "=" + socket,
                    "-cp", System.getProperty("java.class.path"), Main.class.getName(), "check", "tiny.yaml"));
            return WarmTrustTest.run(cmd, work, Map.of("LOSSLESS_DEBUG", "1"));
        }

        @Test
        void aSocketInAnotherUsersFolderGetsNothing() throws Exception {
            Ran r = check(listener.socket);
            assertEquals(0, r.code(), r.toString());
            assertTrue(r.out().contains("bisection"), "the check ran in the client's own JVM: " + r);
            sentNothing(r, planted + " belongs to " + OtherUser.NAME);
            assertEquals(0, listener.accepted(), "not even connected to");
        }

        @Test
        void aListenerOfAnotherUserInOwnFolderGetsNothing() throws Exception {
            Ran r = check(movedIntoOwnFolder());
            assertEquals(0, r.code(), r.toString());
            assertTrue(r.out().contains("bisection"), r.toString());
            sentNothing(r, "is not yours");
        }
    }

    @Nested
    class PerlClient {
        @BeforeEach
        void needsPerl() {
            Assumptions.assumeTrue(WarmProcessTest.perl(), "perl is not installed (the launcher then uses the JVM client)");
        }

        @Test
        void aSocketInAnotherUsersFolderGetsNothing() throws Exception {
            Ran r = perl(listener.socket.toString());
            assertEquals("OWN-JVM check tiny.yaml\n", r.out(), r.toString());
            sentNothing(r, "folder " + planted + " belongs to uid " + other.uid);
            assertEquals(0, listener.accepted(), "not even connected to");
        }

        @Test
        void aListenerOfAnotherUserInOwnFolderGetsNothing() throws Exception {
            Ran r = perl(movedIntoOwnFolder().toString());
            assertEquals("OWN-JVM check tiny.yaml\n", r.out(), r.toString());
            sentNothing(r, "is not yours");
        }

        @Test
        void aPointerOfAnotherUsersIsNotRead() throws Exception {
            Path own = movedIntoOwnFolder();
            Path pointer = Files.writeString(dir.resolve("lossless.daemon"), own + "\n");
            Files.setPosixFilePermissions(pointer, PosixFilePermissions.fromString("rw-------"));
            other.own(pointer);
            Ran r = perl("--pointer", pointer.toString());
            assertEquals("OWN-JVM check tiny.yaml\n", r.out(), r.toString());
            sentNothing(r, "pointer " + pointer + " belongs to uid " + other.uid);
            assertEquals(0, listener.accepted(), "the pointer was not followed");
        }

        @Test
        void aPointerThatIsALinkOrOpenToOthersIsNotRead() throws Exception {
            Path own = movedIntoOwnFolder();
            Path target = Files.writeString(dir.resolve("elsewhere"), own + "\n");
            Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-------"));
            Path link = Files.createSymbolicLink(dir.resolve("lossless.daemon"), target);
            Ran r = perl("--pointer", link.toString());
            assertEquals("OWN-JVM check tiny.yaml\n", r.out(), r.toString());
            sentNothing(r, "pointer " + link + " is a link");

            Path open = Files.writeString(dir.resolve("open.daemon"), own + "\n");
            Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-rw-rw-"));
            r = perl("--pointer", open.toString());
            assertEquals("OWN-JVM check tiny.yaml\n", r.out(), r.toString());
            sentNothing(r, "pointer " + open + " is open to other users (0666)");
            assertEquals(0, listener.accepted(), "the pointer was not followed");
        }

        /**
         * The launcher's way, with a stand-in for the java command (it prints its arguments): what runs when the
         * daemon is not used.
         */
        Ran perl(String... where) throws Exception {
            List<String> stand = List.of("sh", "-c", "echo OWN-JVM \"$@\"", "sh");
            List<String> cmd = new ArrayList<>(List.of("perl", WarmProcessTest.PERL_CLIENT.toAbsolutePath().toString()));
            cmd.addAll(List.of(where));
            cmd.addAll(List.of(WarmProcessTest.LAUNCH, "-1", Integer.toString(stand.size())));
            cmd.addAll(stand);
            cmd.addAll(List.of("check", "tiny.yaml"));
            return WarmTrustTest.run(cmd, work, Map.of("LOSSLESS_DEBUG", "1"));
        }
    }

    static Ran run(List<String> cmd, Path cwd, Map<String, String> env) throws Exception {
        Path out = Files.createTempFile("lossless-trust", ".out");
        Path err = Files.createTempFile("lossless-trust", ".err");
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectOutput(out.toFile())
                    .redirectError(err.toFile());
            pb.environment().putAll(env);
            Process p = pb.start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(String.join(" ", cmd) + " did not end");
            }
            return new Ran(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
