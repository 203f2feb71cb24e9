package org.lossless.nic.cc;

import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The congestion-control algorithms with a parameter section, found with {@link ServiceLoader} from
 * {@code META-INF/services/org.lossless.nic.cc.CcSpec}, which the build writes from each algorithm's
 * {@code @AutoService(CcSpec.class)} (Google's auto-service annotation processor, configured in nic-cc's pom), and
 * sorted by {@link CcSpec#listOrder()} then name: the order the docs, the messages and the resolved YAML list them.
 * Adding an algorithm edits nothing here and no list.
 */
public final class CcSpecs {
    /** Every algorithm, by {@link CcSpec#listOrder()} then name (immutable). */
    public static final List<CcSpec<?>> ALL = load();

    private CcSpecs() {
    }

    /** The algorithm called {@code name}, if it has a parameter section. */
    public static Optional<CcSpec<?>> byName(String name) {
        return ALL.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** The names, in order. */
    public static List<String> names() {
        return ALL.stream().map(CcSpec::name).toList();
    }

    @SuppressWarnings("rawtypes")
    private static List<CcSpec<?>> load() {
        List<CcSpec<?>> out = new java.util.ArrayList<>();
        for (CcSpec s : ServiceLoader.load(CcSpec.class, CcSpec.class.getClassLoader())) {
            if (out.stream().anyMatch(o -> o.name().equals(s.name()))) {
                throw new IllegalStateException("two congestion controls named " + s.name());
            }
            out.add(s);
        }
        // the services file's order is the processor's (sorted class names), not the docs': sort by the declared order
        out.sort(java.util.Comparator.<CcSpec<?>>comparingInt(CcSpec::listOrder).thenComparing(CcSpec::name));
        return List.copyOf(out);
    }
}
