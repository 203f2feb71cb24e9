package org.lossless.cli;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The hostile-input corpus: every folder of {@code src/test/resources/hostile/} is one case (its files, a
 * {@code case.txt} with the set-up, the command line, and the exit status and message it must give; the format is
 * in that folder's README.md). Each case runs in a fresh working directory holding a copy of {@code _common/} and
 * of its folder; a case
 * that must be refused (exit 2) must also leave every file as it found it.
 */
class HostileCorpusTest {
    static final Path CORPUS = Path.of("src/test/resources/hostile");
    /** Files every case gets (a scenario, a sweep's points file), copied before the case's own. */
    static final String COMMON = "_common";
    /** What no command may ever print, whatever the case says. */
    static final List<String> NEVER = List.of("internal error", "Exception", "\tat org.", "snakeyaml");
    /** The content of a file a case puts in place without saying what it holds. */
    static final String USERS_FILE = "a file of the user's\n";

    @TempDir
    Path work;

    static Stream<String> cases() throws IOException {
        try (Stream<Path> s = Files.list(CORPUS)) {
            return s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).filter(n -> !n.startsWith("_"))
                    .sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void hostileInputGetsItsAnswer(String name) throws Exception {
        Path dir = CORPUS.resolve(name);
        Case c = Case.parse(Files.readString(dir.resolve("case.txt"), StandardCharsets.UTF_8), work);
        copy(CORPUS.resolve(COMMON), work);
        copy(dir, work);
        for (String[] step : c.setUp) {
            setUp(step);
        }
        Map<String, String> before = snapshot(work);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = new Cli(new PrintWriter(out), new PrintWriter(err), work, Runners::packet, Runners.reporter())
                .execute(c.run.toArray(String[]::new));
        String console = out + "" + err;
        String shown = name + " (" + c.description + "): " + String.join(" ", c.run) + "\n" + console;
        assertEquals(c.exit, status, shown);
        for (String s : c.says) {
            assertTrue(console.contains(s), "should say '" + s + "': " + shown);
        }
        List<String> never = new ArrayList<>(c.never);
        never.addAll(NEVER);
        for (String s : never) {
            assertFalse(console.contains(s), "should never say '" + s + "': " + shown);
        }
        if (c.exit == Cli.BAD_INPUT) {
            Map<String, String> after = snapshot(work);
            for (String p : c.changes) {
                after.keySet().removeIf(k -> k.equals(p) || k.startsWith(p + "/"));
                before.keySet().removeIf(k -> k.equals(p) || k.startsWith(p + "/"));
            }
            assertEquals(before, after, "refused, it must leave everything as it was: " + shown);
        }
    }

    private void setUp(String[] step) throws Exception {
        switch (step[0]) {
            case "before" -> {
                StringWriter err = new StringWriter();
                List<String> args = Case.words(step[1], work);
                int status = new Cli(new PrintWriter(new StringWriter()), new PrintWriter(err), work, Runners::packet,
                        Runners.reporter()).execute(args.toArray(String[]::new));
                assertEquals(0, status, "set-up 'before: " + step[1] + "' failed: " + err);
            }
            case "put" -> {
                int eq = step[1].indexOf(" = ");
                Path p = work.resolve(eq < 0 ? step[1] : step[1].substring(0, eq));
                Files.createDirectories(p.getParent());
                Files.writeString(p, eq < 0 ? USERS_FILE : Case.unescape(step[1].substring(eq + 3), work));
            }
            case "edit" -> {
                String[] f = step[1].split(": ", 2);
                String[] repl = f[1].split(" => ", 2);
                Path p = work.resolve(f[0]);
                String text = Files.readString(p);
                assertTrue(text.contains(repl[0]), "set-up 'edit': " + f[0] + " holds no '" + repl[0] + "'");
                Files.writeString(p, text.replace(repl[0], Case.unescape(repl[1], work)));
            }
            case "mkdir" -> Files.createDirectories(work.resolve(step[1]));
            case "remove" -> org.lossless.experiments.results.AtomicDirectory.deleteTree(work.resolve(step[1]));
            case "link" -> {
                String[] f = step[1].split(" -> ", 2);
                Path link = work.resolve(f[0]);
                Files.createDirectories(link.getParent());
                Files.createSymbolicLink(link, Path.of(f[1]));
            }
            default -> throw new IllegalArgumentException("unknown set-up step " + step[0]);
        }
    }

    /** Every path under {@code root} (not through links) with its kind and content hash. */
    static Map<String, String> snapshot(Path root) throws IOException {
        Map<String, String> m = new TreeMap<>();
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes a) {
                m.put(root.relativize(d).toString(), "folder");
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes a) throws IOException {
                String what;
                if (a.isSymbolicLink()) {
                    what = "link to " + Files.readSymbolicLink(f);
                } else if (a.isRegularFile()) {
                    what = sha256(Files.readAllBytes(f));
                } else {
                    what = "other";
                }
                m.put(root.relativize(f).toString(), what);
                return FileVisitResult.CONTINUE;
            }
        });
        return m;
    }

    private static String sha256(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes a) throws IOException {
                Files.createDirectories(to.resolve(from.relativize(d).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes a) throws IOException {
                if (!f.getFileName().toString().equals("case.txt")) {
                    Files.copy(f, to.resolve(from.relativize(f).toString()), LinkOption.NOFOLLOW_LINKS);
                }
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** A parsed case.txt (README.md of the corpus). */
    static final class Case {
        String description = "";
        final List<String[]> setUp = new ArrayList<>();
        List<String> run;
        int exit = -1;
        final List<String> says = new ArrayList<>();
        final List<String> never = new ArrayList<>();
        final List<String> changes = new ArrayList<>();

        static Case parse(String text, Path work) {
            Case c = new Case();
            for (String line : text.split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                if (line.startsWith("#")) {
                    if (c.description.isEmpty()) {
                        c.description = line.substring(1).strip();
                    }
                    continue;
                }
                int colon = line.indexOf(": ");
                if (colon < 0) {
                    throw new IllegalArgumentException("case.txt: expected 'key: value', got: " + line);
                }
                String key = line.substring(0, colon);
                String value = line.substring(colon + 2);
                switch (key) {
                    case "before", "put", "edit", "mkdir", "remove", "link" -> c.setUp.add(new String[] {key, value});
                    case "run" -> c.run = words(value, work);
                    case "exit" -> c.exit = Integer.parseInt(value.strip());
                    case "says" -> c.says.add(unescape(value, work));
                    case "never" -> c.never.add(unescape(value, work));
                    case "changes" -> c.changes.add(value.strip());
                    default -> throw new IllegalArgumentException("case.txt: unknown key '" + key + "'");
                }
            }
            if (c.run == null || c.exit < 0) {
                throw new IllegalArgumentException("case.txt: 'run:' and 'exit:' are required");
            }
            return c;
        }

        /**
         * A command line split into words as a shell would: spaces separate, '...' is literal, "..." takes the
         * escapes of {@link #unescape}; $DIR is the case's working directory.
         */
        static List<String> words(String line, Path work) {
            List<String> out = new ArrayList<>();
            StringBuilder w = new StringBuilder();
            boolean any = false;
            for (int i = 0; i < line.length(); i++) {
                char ch = line.charAt(i);
                if (ch == ' ') {
                    if (any) {
                        out.add(w.toString().replace("$DIR", work.toString()));
                        w.setLength(0);
                        any = false;
                    }
                } else if (ch == '\'') {
                    int end = line.indexOf('\'', i + 1);
                    w.append(line, i + 1, end);
                    i = end;
                    any = true;
                } else if (ch == '"') {
                    int end = i + 1;
                    while (line.charAt(end) != '"') {
                        end += line.charAt(end) == '\\' ? 2 : 1;
                    }
                    w.append(unescape(line.substring(i + 1, end), null));
                    i = end;
                    any = true;
                } else {
                    w.append(ch);
                    any = true;
                }
            }
            if (any) {
                out.add(w.toString().replace("$DIR", work.toString()));
            }
            return out;
        }

        /** \n, \t, \r, \0, \\, \" and \xHH; $DIR is the working directory (when {@code work} is given). */
        static String unescape(String s, Path work) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < s.length(); i++) {
                char ch = s.charAt(i);
                if (ch != '\\' || i + 1 == s.length()) {
                    b.append(ch);
                    continue;
                }
                char n = s.charAt(++i);
                switch (n) {
                    case 'n' -> b.append('\n');
                    case 't' -> b.append('\t');
                    case 'r' -> b.append('\r');
                    case '0' -> b.append('\0');
                    case 'x' -> {
                        b.append((char) Integer.parseInt(s.substring(i + 1, i + 3), 16));
                        i += 2;
                    }
                    default -> b.append(n);
                }
            }
            String t = b.toString();
            return work == null ? t : t.replace("$DIR", work.toString());
        }
    }
}
