package org.lossless.nic;

import java.util.LinkedHashMap;
import java.util.Map;

import org.lossless.nic.cc.CcSpec;
import org.lossless.nic.cc.CcSpecs;

/**
 * The parameter sections of the congestion controls other than DCQCN ({@code nic.hpcc}, {@code nic.timely},
 * ... : every {@link CcSpecs#ALL}), by algorithm name: read and kept whatever {@code nic.cc} is, since a
 * workload may choose any algorithm. DCQCN's stay in {@link NicConfig#dcqcn()}.
 *
 * @param byName algorithm name -&gt; its parameter record, one per {@link CcSpecs#ALL}, in that order
 */
public record CcSettings(Map<String, Object> byName) {
    /** Every default. */
    public static final CcSettings DEFAULTS = defaults();

    public CcSettings {
        Map<String, Object> copy = new LinkedHashMap<>();
        for (CcSpec<?> s : CcSpecs.ALL) {
            Object p = byName.get(s.name());
            if (p == null) {
                throw new IllegalArgumentException("no parameters for congestion control " + s.name());
            }
            copy.put(s.name(), p);
        }
        if (!copy.keySet().containsAll(byName.keySet())) {
            throw new IllegalArgumentException("parameters of unknown congestion controls: " + byName.keySet());
        }
        byName = java.util.Collections.unmodifiableMap(copy);
    }

    private static CcSettings defaults() {
        Map<String, Object> m = new LinkedHashMap<>();
        for (CcSpec<?> s : CcSpecs.ALL) {
            m.put(s.name(), s.parse(Map.of()));
        }
        return new CcSettings(m);
    }

    /** The parameters of algorithm {@code name}, of type {@code type}. */
    public <P> P get(String name, Class<P> type) {
        return type.cast(byName.get(name));
    }

    /** With {@code name}'s parameters replaced. */
    public CcSettings with(String name, Object params) {
        Map<String, Object> m = new LinkedHashMap<>(byName);
        m.put(name, params);
        return new CcSettings(m);
    }

    /**
     * With {@code name}'s parameters read from {@code written}, its section {@code nic.<name>} as the scenario reader
     * read it through the algorithm's {@link CcSpec#section()} (null: not written): the algorithm's {@link CcSpec}
     * fills in the defaults and its record checks the set.
     *
     * @throws IllegalArgumentException naming {@code nic.<name>.<key>} when a value or the set is refused
     */
    public CcSettings read(String name, org.lossless.core.settings.Values written) {
        CcSpec<?> s = CcSpecs.byName(name)
                .orElseThrow(() -> new IllegalArgumentException("no congestion control " + name));
        return with(name, s.read(written == null ? org.lossless.core.settings.Values.empty(s.section()) : written));
    }

    /** Whether some {@code base_rtt} is {@code auto} (the network fills in the fabric's largest base RTT). */
    public boolean needsFabricRtt() {
        return CcSpecs.ALL.stream().anyMatch(s -> needs(s, byName.get(s.name())));
    }

    /** With every {@code base_rtt: auto} replaced by {@code fabricRttPs}. */
    public CcSettings resolve(long fabricRttPs) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (CcSpec<?> s : CcSpecs.ALL) {
            m.put(s.name(), resolve(s, byName.get(s.name()), fabricRttPs));
        }
        return new CcSettings(m);
    }

    /** Every key of {@code name}'s section at its value, canonical text. */
    public Map<String, String> format(String name) {
        return format(CcSpecs.byName(name).orElseThrow(), byName.get(name));
    }

    @SuppressWarnings("unchecked")
    private static <P> boolean needs(CcSpec<P> s, Object p) {
        return s.needsFabricRtt((P) p);
    }

    @SuppressWarnings("unchecked")
    private static <P> Object resolve(CcSpec<P> s, Object p, long rtt) {
        return s.resolve((P) p, rtt);
    }

    @SuppressWarnings("unchecked")
    private static <P> Map<String, String> format(CcSpec<P> s, Object p) {
        return s.format((P) p);
    }

    @SuppressWarnings("unchecked")
    static <P> org.lossless.nic.cc.CcAlgorithm create(CcSpec<P> s, Object p, org.lossless.nic.cc.CcContext nic) {
        return s.create((P) p, nic);
    }
}
