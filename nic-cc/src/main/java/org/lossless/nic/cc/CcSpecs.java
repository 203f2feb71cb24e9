package org.lossless.nic.cc;

import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The congestion-control algorithms with a parameter section, found with {@link ServiceLoader} from
 * {@code META-INF/services/org.lossless.nic.cc.CcSpec}: one line per algorithm, in the order the docs, the
 * messages and the resolved YAML list them. Adding an algorithm edits that line and nothing here.
 */
public final class CcSpecs {
    /** Every algorithm, in the services file's order (immutable). */
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
        return List.copyOf(out);
    }
}
