package org.lossless.nic.cc;

import java.util.Map;

import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;

/**
 * What one congestion-control algorithm with a parameter section ({@code nic.<name>}) says about itself: its
 * name, its schema {@link Section} (keys with kind, range, default and doc line: {@link CcKeys}), how to read and
 * write its parameter record and how to make the
 * algorithm from it. Declared next to the algorithm and found by {@link CcSpecs} through
 * {@code @AutoService(CcSpec.class)} on the class (the build writes {@code META-INF/services/org.lossless.nic.cc.CcSpec}); the reader, the resolved YAML, {@code CcSettings}
 * and {@code CcAlgorithms} loop over {@link CcSpecs#ALL} and name no algorithm.
 *
 * <p>DCQCN is not one of them: its defaults depend on a profile and the host link rate (its own schema,
 * {@code org.lossless.nic.dcqcn.DcqcnSchema}), and {@code none} has no parameters.
 *
 * @param <P> the parameter record, validated in its constructor
 */
public interface CcSpec<P> {
    /** The name in {@code nic.cc}, a connection's {@code cc} and the section {@code nic.<name>}. */
    String name();

    /**
     * Its place in the lists of algorithms (docs/cc.md, docs/scenario.md, messages, the resolved YAML): ascending,
     * ties by name. The algorithms that predate the registry keep their order with 1-4; a new one needs nothing
     * (it comes after them, by name).
     */
    default int listOrder() {
        return Integer.MAX_VALUE;
    }

    /**
     * The doc line of its section {@code nic.<name>} (one Markdown paragraph: the row of docs/scenario.md's
     * {@code nic} table, generated from it).
     */
    String doc();

    /**
     * The section {@code nic.<name>}: its keys in the order the resolved YAML and the docs list them (docs/cc.md's
     * table of the algorithm is generated from it).
     */
    Section section();

    /** The defaults with {@code overrides} (key -&gt; scenario text); errors name {@code nic.<name>.<key>}. */
    P parse(Map<String, String> overrides);

    /** The defaults with {@code written} (as read through {@link #section()}); errors name {@code nic.<name>.<key>}. */
    default P read(Values written) {
        return parse(CcValues.texts(written));
    }

    /** Every key of {@code params} at its value: what the resolved scenario writes. */
    default Values values(P params) {
        return CcValues.parse(section(), format(params));
    }

    /** Every key at its value, canonical text (what {@code scenario.resolved.yaml} holds). */
    Map<String, String> format(P params);

    /** Whether {@code params} has a {@code base_rtt: auto} the network fills in. */
    default boolean needsFabricRtt(P params) {
        return false;
    }

    /** {@code params} with {@code base_rtt: auto} replaced by {@code fabricRttPs}. */
    default P resolve(P params, long fabricRttPs) {
        return params;
    }

    /** The algorithm with {@code params} at one NIC. */
    CcAlgorithm create(P params, CcContext nic);
}
