package org.lossless.cli.structure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * No static mutable state in the main code beyond the allow-list below. Same scenario and seed must give the same
 * bytes whatever ran before in the JVM (a sweep, the daemon serving command after command, --jobs runs in
 * parallel), which a static field that a run writes can break silently; so every such field is listed here, with
 * why it is allowed.
 *
 * <p>What counts, read from the sources (comments and strings do not count): a static field that is not final, or a
 * static final field whose initializer makes a mutable object (a {@code java.util} collection or map, an atomic, a
 * {@code ThreadLocal}, a {@code StringBuilder}, {@code ConcurrentHashMap.newKeySet()}, a synchronized wrapper).
 * Not seen: a static final array (a constant table written nowhere looks the same as one written by a run: write
 * new tables with {@code List.of}/{@code Map.of}), and a mutable object returned by a method call.
 */
class StaticStateTest {
    private static final String KERNEL = "the kernel's JVM-wide set-up, written once under a lock, never by a run";
    private static final String TABLE = "a constant table filled by the class's static initializer, read-only after";

    /** {@code module-relative path:field} to why it may stay. A listed field that no longer exists fails too. */
    static final Map<String, String> ALLOWED = new TreeMap<>(Map.ofEntries(
            Map.entry("sim-core/src/main/java/org/lossless/core/kernel/Kernel.java:IDS",
                    "numbers kernels for their thread names; no result depends on it"),
            Map.entry("sim-core/src/main/java/org/lossless/core/kernel/DsolLogging.java:redirected", KERNEL),
            Map.entry("experiments/src/main/java/org/lossless/experiments/results/Interrupts.java:ACTIVE",
                    "the process's SIGINT/SIGTERM handling: one per JVM, by nature (partial results removed on a signal)"),
            Map.entry("experiments/src/main/java/org/lossless/experiments/results/Interrupts.java:HANDLERS",
                    "the process's SIGINT/SIGTERM handling"),
            Map.entry("experiments/src/main/java/org/lossless/experiments/results/Interrupts.java:hooked",
                    "the process's SIGINT/SIGTERM handling"),
            Map.entry("experiments/src/main/java/org/lossless/experiments/results/Interrupts.java:shuttingDown",
                    "the process's SIGINT/SIGTERM handling"),
            Map.entry("switch-model/src/main/java/org/lossless/switchmodel/headroom/PeerResponse.java:SONIC", TABLE),
            Map.entry("nic-cc/src/main/java/org/lossless/nic/importers/Mlx5Knob.java:TABLE", TABLE),
            Map.entry("nic-cc/src/main/java/org/lossless/nic/importers/HpccConfigImporter.java:IGNORED", TABLE),
            Map.entry("nic-cc/src/main/java/org/lossless/nic/importers/HpccConfigImporter.java:KNOWN", TABLE),
            Map.entry("benchmarks/kernel/src/main/java/org/lossless/benchmarks/ParallelEngineBenchmark.java:sink",
                    "a benchmark's sink, so the JIT cannot drop the measured work")));

    /** A field declaration: modifiers (one of them static), a type, a name, then {@code =} or {@code ;}. */
    private static final Pattern FIELD = Pattern.compile("^[ \\t]*((?:(?:public|private|protected|static|final|volatile"
            + "|transient)\\s+)+)([\\w.<>\\[\\], ?]+?)\\s+(\\w+)\\s*(=|;)", Pattern.MULTILINE);
    private static final Pattern MUTABLE = Pattern.compile("new\\s+(?:java\\.util\\.(?:concurrent\\.(?:atomic\\.)?)?)?"
            + "(?:HashMap|LinkedHashMap|TreeMap|EnumMap|IdentityHashMap|WeakHashMap|ConcurrentHashMap"
            + "|ConcurrentSkipListMap|ConcurrentLinkedQueue|ArrayList|LinkedList|ArrayDeque|HashSet|LinkedHashSet"
            + "|TreeSet|CopyOnWriteArrayList|CopyOnWriteArraySet|Atomic\\w+|ThreadLocal|StringBuilder|BitSet"
            + "|PriorityQueue)\\b|ConcurrentHashMap\\.newKeySet|Collections\\.synchronized|ThreadLocal\\.withInitial"
            + "|EnumSet\\.(?:noneOf|allOf|of|copyOf|range)");

    /** {@code path:field} of every static mutable field of {@code sources}. */
    static List<String> staticMutableFields(List<SourceTree.Source> sources) {
        List<String> out = new ArrayList<>();
        for (SourceTree.Source s : sources) {
            String code = s.code();
            Matcher m = FIELD.matcher(code);
            while (m.find()) {
                List<String> modifiers = List.of(m.group(1).trim().split("\\s+"));
                if (!modifiers.contains("static")) {
                    continue;
                }
                boolean mutable = !modifiers.contains("final")
                        || m.group(4).equals("=") && MUTABLE.matcher(initializer(code, m.end())).find();
                if (mutable) {
                    out.add(s.path().replace('\\', '/') + ":" + m.group(3));
                }
            }
        }
        return out;
    }

    /** The initializer from {@code from} to the {@code ;} that ends it (outside brackets). */
    private static String initializer(String code, int from) {
        int depth = 0;
        for (int i = from; i < code.length(); i++) {
            char c = code.charAt(i);
            if (c == '(' || c == '{' || c == '[') {
                depth++;
            } else if (c == ')' || c == '}' || c == ']') {
                depth--;
            } else if (c == ';' && depth == 0) {
                return code.substring(from, i);
            }
        }
        return code.substring(from);
    }

    @Test
    void theMainCodeHoldsNoStaticMutableStateOutsideTheAllowList() {
        List<SourceTree.Source> sources = SourceTree.mainSources(SourceTree.root());
        assertTrue(sources.size() > 500, "the scan found the main code of every module: " + sources.size() + " files");
        List<String> found = staticMutableFields(sources);
        List<String> fresh = new ArrayList<>(found);
        fresh.removeAll(ALLOWED.keySet());
        assertEquals(List.of(), fresh, "static mutable fields: make them instance state of the run (or final and "
                + "immutable: List.of, Map.of); if one must stay, add it to ALLOWED with why");
        TreeSet<String> gone = new TreeSet<>(ALLOWED.keySet());
        gone.removeAll(found);
        assertEquals(List.of(), List.copyOf(gone), "allowed fields that are gone: take them off ALLOWED");
    }

    @Nested
    class TheScan {
        private List<String> scan(String code) {
            return staticMutableFields(List.of(new SourceTree.Source("m/F.java", "p", SourceTree.strip(code))));
        }

        @Test
        void findsANonFinalStaticAndAMutableFinalOne() {
            assertEquals(List.of("m/F.java:last", "m/F.java:CACHE", "m/F.java:COUNT"), scan("""
                    class F {
                        private static volatile Object last;
                        static final java.util.Map<String, Long> CACHE = new java.util.concurrent.ConcurrentHashMap<>();
                        public static final AtomicLong COUNT = new AtomicLong();
                    }
                    """));
        }

        @Test
        void leavesConstantsInstanceFieldsAndCommentsAlone() {
            assertEquals(List.of(), scan("""
                    class F {
                        static final long G = 1_000_000_000L;
                        private static final List<String> NAMES = List.of("a", "b");
                        private final Map<String, Long> perRun = new HashMap<>();
                        // static int notAField;
                        static final String TEXT = "static int x = new HashMap<>();";
                        static int counter() { return 1; }
                    }
                    """));
        }
    }
}
