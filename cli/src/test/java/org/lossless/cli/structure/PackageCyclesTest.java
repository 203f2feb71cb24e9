package org.lossless.cli.structure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * No package of the main code depends on itself through other packages. A dependency is an import (single type,
 * on demand or static) or a fully qualified name of a Lossless type in the code (comments and strings do not count):
 * package {@code a} depends on {@code b} when a file of {@code a} names a type of {@code b}. The layering of the
 * modules (lower never importing higher) is kept by Maven; this keeps the packages inside a module layered too, so
 * that each can be read, tested and replaced from the bottom up.
 */
class PackageCyclesTest {
    /** A Lossless type's package in a qualified name: lower-case segments, then a type name or {@code *}. */
    private static final Pattern REFERENCE = Pattern.compile("\\b(org\\.lossless(?:\\.[a-z_]\\w*)+)\\.(?:[A-Z]\\w*|\\*)");

    /** Package to the packages it depends on, each with one file that shows the dependency. */
    static Map<String, Map<String, String>> graph(List<SourceTree.Source> sources) {
        Map<String, Map<String, String>> g = new TreeMap<>();
        for (SourceTree.Source s : sources) {
            Map<String, String> out = g.computeIfAbsent(s.pkg(), k -> new TreeMap<>());
            Matcher m = REFERENCE.matcher(s.code());
            while (m.find()) {
                String target = m.group(1);
                boolean declaration = s.code().substring(Math.max(0, m.start() - 8), m.start()).contains("package");
                if (!target.equals(s.pkg()) && !declaration) {
                    out.putIfAbsent(target, s.path());
                }
            }
        }
        return g;
    }

    /** The strongly connected components of more than one package (Tarjan), each sorted, in order of discovery. */
    static List<Set<String>> cycles(Map<String, Map<String, String>> g) {
        return new Tarjan(g).run();
    }

    @Test
    void theMainCodeHasNoPackageCycle() {
        Map<String, Map<String, String>> g = graph(SourceTree.mainSources(SourceTree.root()));
        assertTrue(g.size() > 50, "the scan found the main code of every module: " + g.size() + " packages");
        List<String> found = new ArrayList<>();
        for (Set<String> c : cycles(g)) {
            StringBuilder why = new StringBuilder(String.join(" <-> ", c));
            for (String a : c) {
                for (Map.Entry<String, String> e : g.get(a).entrySet()) {
                    if (c.contains(e.getKey())) {
                        why.append("\n    ").append(a).append(" -> ").append(e.getKey()).append(" (").append(e.getValue())
                                .append(')');
                    }
                }
            }
            found.add(why.toString());
        }
        assertEquals(List.of(), found, "package cycles in the main code");
    }

    @Nested
    class TheDetector {
        private SourceTree.Source file(String pkg, String code) {
            return new SourceTree.Source(pkg.replace('.', '/') + "/F.java", pkg, SourceTree.strip("package " + pkg + ";\n"
                    + code));
        }

        @Test
        void findsATwoPackageCycleThroughAnImportAndAQualifiedName() {
            var g = graph(List.of(file("org.lossless.a", "import org.lossless.b.B;\nclass A {}"),
                    file("org.lossless.b", "class B { org.lossless.a.A a; }"),
                    file("org.lossless.c", "import org.lossless.a.*;\nclass C {}")));
            assertEquals(List.of(Set.of("org.lossless.a", "org.lossless.b")), cycles(g));
        }

        @Test
        void findsALongerCycleAndIgnoresCommentsAndStrings() {
            var g = graph(List.of(file("org.lossless.a", "import static org.lossless.b.B.x;\nclass A {}"),
                    file("org.lossless.b", "class B { org.lossless.c.C c; }"),
                    file("org.lossless.c", "/** {@link org.lossless.a.A} */ class C { String s = \"org.lossless.a.A\"; }"),
                    file("org.lossless.d", "// import org.lossless.a.A;\nclass D { org.lossless.a.A a; }")));
            assertEquals(List.of(), cycles(g), "a comment or a string is no dependency: a -> b -> c only");
            g.get("org.lossless.c").put("org.lossless.a", "c/F.java");
            assertEquals(List.of(Set.of("org.lossless.a", "org.lossless.b", "org.lossless.c")), cycles(g));
        }
    }

    /** Tarjan's strongly connected components over the package graph. */
    private static final class Tarjan {
        private final Map<String, Map<String, String>> g;
        private final Map<String, Integer> index = new TreeMap<>();
        private final Map<String, Integer> low = new TreeMap<>();
        private final List<String> stack = new ArrayList<>();
        private final Set<String> onStack = new TreeSet<>();
        private final List<Set<String>> found = new ArrayList<>();

        Tarjan(Map<String, Map<String, String>> g) {
            this.g = g;
        }

        List<Set<String>> run() {
            for (String v : g.keySet()) {
                if (!index.containsKey(v)) {
                    visit(v);
                }
            }
            return found;
        }

        private void visit(String v) {
            index.put(v, index.size());
            low.put(v, index.get(v));
            stack.add(v);
            onStack.add(v);
            for (String w : g.getOrDefault(v, Map.of()).keySet()) {
                if (!index.containsKey(w)) {
                    visit(w);
                    low.put(v, Math.min(low.get(v), low.get(w)));
                } else if (onStack.contains(w)) {
                    low.put(v, Math.min(low.get(v), index.get(w)));
                }
            }
            if (low.get(v).equals(index.get(v))) {
                Set<String> c = new TreeSet<>();
                String w;
                do {
                    w = stack.remove(stack.size() - 1);
                    onStack.remove(w);
                    c.add(w);
                } while (!w.equals(v));
                if (c.size() > 1) {
                    found.add(c);
                }
            }
        }
    }
}
