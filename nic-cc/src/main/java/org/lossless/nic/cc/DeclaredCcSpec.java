package org.lossless.nic.cc;

import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.ToLongFunction;

import org.lossless.core.settings.Section;

/**
 * A {@link CcSpec} declared in one constructor call: an algorithm's {@code Spec} class (the no-argument class the
 * services file names) passes its name, its section (schema keys), reader, writer and factory, and, when the section has a
 * {@code base_rtt: auto}, where the record keeps it and how it is filled in; and the doc line of its section. Saves every algorithm the same seven
 * one-line methods.
 *
 * @param <P> the parameter record
 */
public abstract class DeclaredCcSpec<P> implements CcSpec<P> {
    /** Fills a record's {@code base_rtt: auto} with the fabric's RTT in ps. */
    @FunctionalInterface
    public interface RttFill<P> {
        P resolve(P params, long fabricRttPs);
    }

    private final String name;
    private final String doc;
    private final Section section;
    private final Function<Map<String, String>, P> parse;
    private final Function<P, Map<String, String>> format;
    private final BiFunction<P, CcContext, CcAlgorithm> create;
    private final ToLongFunction<P> baseRttPs;
    private final RttFill<P> fill;

    /**
     * An algorithm without {@code base_rtt: auto}.
     *
     * @param doc the doc line of its section {@code nic.<name>} (Markdown; docs/scenario.md's {@code nic} table)
     */
    protected DeclaredCcSpec(String name, String doc, Section section, Function<Map<String, String>, P> parse,
                             Function<P, Map<String, String>> format, BiFunction<P, CcContext, CcAlgorithm> create) {
        this(name, doc, section, parse, format, create, null, null);
    }

    /**
     * An algorithm whose {@code base_rtt} may be {@link CcKeys#AUTO}.
     *
     * @param doc       the doc line of its section {@code nic.<name>} (Markdown; docs/scenario.md's {@code nic} table)
     * @param baseRttPs the record's base RTT, ps ({@link CcKeys#AUTO} when the network fills it in)
     * @param fill      the record with the fabric's RTT in place of {@code auto}
     */
    protected DeclaredCcSpec(String name, String doc, Section section, Function<Map<String, String>, P> parse,
                             Function<P, Map<String, String>> format, BiFunction<P, CcContext, CcAlgorithm> create,
                             ToLongFunction<P> baseRttPs, RttFill<P> fill) {
        this.name = Objects.requireNonNull(name, "name");
        if (doc == null || doc.isBlank()) {
            throw new IllegalArgumentException(name + ": a congestion control's section needs a doc line");
        }
        this.doc = doc;
        this.section = Objects.requireNonNull(section, "section");
        if (!section.path().equals("nic." + name)) {
            throw new IllegalArgumentException(name + ": its section is nic." + name + ", got " + section.path());
        }
        this.parse = Objects.requireNonNull(parse, "parse");
        this.format = Objects.requireNonNull(format, "format");
        this.create = Objects.requireNonNull(create, "create");
        if ((baseRttPs == null) != (fill == null)) {
            throw new IllegalArgumentException(name + ": give both the base RTT and how to fill it, or neither");
        }
        this.baseRttPs = baseRttPs;
        this.fill = fill;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String doc() {
        return doc;
    }

    @Override
    public final Section section() {
        return section;
    }

    @Override
    public final P parse(Map<String, String> overrides) {
        return parse.apply(overrides);
    }

    @Override
    public final Map<String, String> format(P params) {
        return format.apply(params);
    }

    @Override
    public final boolean needsFabricRtt(P params) {
        return baseRttPs != null && baseRttPs.applyAsLong(params) == CcKeys.AUTO;
    }

    @Override
    public final P resolve(P params, long fabricRttPs) {
        return fill == null ? params : fill.resolve(params, fabricRttPs);
    }

    @Override
    public final CcAlgorithm create(P params, CcContext nic) {
        return create.apply(params, nic);
    }
}
