package org.lossless.cli.structure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The main Java sources of every module of the build (each {@code <module>/src/main/java}, found from the
 * repository root, which is this module's parent folder), read as code: comments, string and character literals
 * blanked out, so that a word in a comment or a message never counts as a use.
 */
final class SourceTree {
    private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);

    /** One source file: where it is (relative to the root), its package, its code without comments or literals. */
    record Source(String path, String pkg, String code) {
    }

    private SourceTree() {
    }

    /** The repository root: the folder holding the parent pom and the modules (tests run in their module's folder). */
    static Path root() {
        Path here = Path.of("").toAbsolutePath();
        for (Path p = here; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("pom.xml")) && Files.isDirectory(p.resolve("sim-core"))) {
                return p;
            }
        }
        throw new IllegalStateException("no repository root above " + here);
    }

    /** Every {@code src/main/java} file of every module under {@code root}, in path order. */
    static List<Source> mainSources(Path root) {
        List<Source> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(SourceTree::isMainSource).sorted().toList()) {
                String code = strip(Files.readString(f));
                Matcher m = PACKAGE.matcher(code);
                out.add(new Source(root.relativize(f).toString(), m.find() ? m.group(1) : "", code));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static boolean isMainSource(Path f) {
        String s = f.toString().replace('\\', '/');
        return s.endsWith(".java") && s.contains("/src/main/java/") && !s.contains("/target/")
                && !s.contains("/.git/");
    }

    /**
     * The code with comments, string literals (text blocks included) and character literals replaced by spaces
     * (line breaks kept, so offsets still give line numbers).
     */
    static String strip(String s) {
        StringBuilder b = new StringBuilder(s.length());
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            String end = null;
            if (s.startsWith("//", i)) {
                end = "\n";
            } else if (s.startsWith("/*", i)) {
                end = "*/";
            } else if (s.startsWith("\"\"\"", i)) {
                end = "\"\"\"";
            } else if (c == '"' || c == '\'') {
                end = String.valueOf(c);
            }
            if (end == null) {
                b.append(c);
                i++;
                continue;
            }
            boolean literal = c == '"' || c == '\'';
            int j = i + (end.equals("\"\"\"") || end.equals("*/") ? end.length() : 1);
            while (j < n && !s.startsWith(end, j)) {
                j += literal && s.charAt(j) == '\\' ? 2 : 1;
            }
            j = Math.min(n, j + (end.equals("\n") ? 0 : end.length()));
            for (int k = i; k < j; k++) {
                b.append(s.charAt(k) == '\n' ? '\n' : ' ');
            }
            i = j;
        }
        return b.toString();
    }
}
