package org.lossless.switchmodel.settings;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.lossless.switchmodel.sched.SchedulingPlan;

/**
 * {@code switch.scheduling} (new key): egress scheduling of every switch port, in the terms of a SONiC
 * {@code SCHEDULER} (type STRICT | DWRR, weight) attached to each queue. Queue number = priority in this
 * model.
 *
 * <ul>
 * <li>{@code strict}: queues served first, higher queue number first (the order of the list does not
 *     matter);</li>
 * <li>{@code dwrr}: queue → weight 1..100 for the rest, served by DWRR once no strict queue can send;
 *     a queue in neither list gets weight 1;</li>
 * <li>{@code quantum}: bytes on the wire a weight of 1 earns per round; {@link #AUTO} (0) = the largest
 *     data frame on the wire at the scenario's {@code nic.mtu}.</li>
 * </ul>
 * Key absent: all eight queues strict, i.e. strict priority (the behaviour before this key existed).
 *
 * @param strict  strict queues (0..7, no repeats), or null
 * @param dwrr    DWRR weights by queue, or null
 * @param quantum base quantum in bytes, {@link #AUTO}, or null (= auto)
 */
public record SchedulingSettings(List<Integer> strict, Map<Integer, Integer> dwrr, Long quantum) {
    /** {@code quantum: auto}. */
    public static final long AUTO = 0;
    /** Every queue strict, descending: the default order when the key is absent. */
    static final List<Integer> ALL_STRICT = List.of(7, 6, 5, 4, 3, 2, 1, 0);

    public SchedulingSettings {
        TreeSet<Integer> seen = new TreeSet<>();
        if (strict != null) {
            for (int q : strict) {
                if (q < 0 || q > 7) {
                    throw new IllegalArgumentException("switch.scheduling.strict: queue " + q + " is not in 0..7");
                }
                if (!seen.add(q)) {
                    throw new IllegalArgumentException("switch.scheduling.strict: queue " + q + " is listed twice");
                }
            }
            strict = List.copyOf(strict);
        }
        if (dwrr != null) {
            for (Map.Entry<Integer, Integer> e : dwrr.entrySet()) {
                int q = e.getKey();
                if (q < 0 || q > 7) {
                    throw new IllegalArgumentException("switch.scheduling.dwrr: queue " + q + " is not in 0..7");
                }
                if (e.getValue() < 1 || e.getValue() > SchedulingPlan.MAX_WEIGHT) {
                    throw new IllegalArgumentException("switch.scheduling.dwrr." + q + ": weight " + e.getValue()
                            + " is not in 1.." + SchedulingPlan.MAX_WEIGHT);
                }
                if (seen.contains(q)) {
                    throw new IllegalArgumentException("switch.scheduling: queue " + q
                            + " is both strict and dwrr; list it in one of them");
                }
            }
            dwrr = java.util.Collections.unmodifiableMap(new TreeMap<>(dwrr));
        }
        checkQuantum(quantum);
    }

    /**
     * Whether {@code quantum} may be the base quantum: null or {@link #AUTO}, or {@link SchedulingPlan#MIN_QUANTUM}..
     * {@link SchedulingPlan#MAX_QUANTUM} bytes: the one check of {@code switch.scheduling.quantum} (the reader reports
     * its refusal at the key).
     *
     * @throws IllegalArgumentException otherwise, in the words users get
     */
    public static void checkQuantum(Long quantum) {
        if (quantum != null && quantum != AUTO
                && (quantum < SchedulingPlan.MIN_QUANTUM || quantum > SchedulingPlan.MAX_QUANTUM)) {
            throw new IllegalArgumentException(quantum + " B is out of range: the base quantum must be auto or "
                    + SchedulingPlan.MIN_QUANTUM + " to " + SchedulingPlan.MAX_QUANTUM
                    + " bytes (at least the largest frame keeps DWRR to one pass per frame)");
        }
    }

    /**
     * Every queue written out: {@code s} null → strict [7..0], no dwrr; otherwise strict in descending
     * order and a weight for every other queue (1 where not given). Quantum auto unless set.
     */
    public static SchedulingSettings resolved(SchedulingSettings s) {
        if (s == null) {
            return new SchedulingSettings(ALL_STRICT, Map.of(), AUTO);
        }
        List<Integer> st = new ArrayList<>(s.strict == null ? List.of() : s.strict);
        st.sort(Comparator.reverseOrder());
        Map<Integer, Integer> w = new TreeMap<>();
        for (int q = 0; q < 8; q++) {
            if (!st.contains(q)) {
                w.put(q, s.dwrr == null ? 1 : s.dwrr.getOrDefault(q, 1));
            }
        }
        return new SchedulingSettings(st, w, s.quantum == null ? AUTO : s.quantum);
    }

    /**
     * The runtime plan. {@code s} null: strict priority.
     *
     * @param autoQuantumBytes the quantum {@code auto} stands for: the largest data frame on the wire, bytes
     */
    public static SchedulingPlan plan(SchedulingSettings s, int autoQuantumBytes) {
        if (s == null) {
            return SchedulingPlan.strictPriority();
        }
        SchedulingSettings r = resolved(s);
        int mask = 0;
        int[] weights = new int[8];
        for (int q : r.strict) {
            mask |= 1 << q;
        }
        r.dwrr.forEach((q, w) -> weights[q] = w);
        long quantum = r.quantum == AUTO ? autoQuantumBytes : r.quantum;
        return new SchedulingPlan(mask, weights, (int) quantum);
    }

    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        Put.put(m, "strict", strict);
        Put.put(m, "dwrr", dwrr);
        Put.put(m, "quantum", quantum == null ? null : quantum == AUTO ? "auto" : (Object) quantum);
        return m;
    }
}
