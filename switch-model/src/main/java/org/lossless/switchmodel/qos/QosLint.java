package org.lossless.switchmodel.qos;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.lossless.switchmodel.sched.SchedulingPlan;

/**
 * The QoS-mapping lint: walks each traffic class a scenario sends (NIC priority and DSCP) through the hops of
 * its path (NIC → first switch, switch → switch) and the switches' maps, and reports, one line each, with the
 * scenario key paths to change:
 * <ol>
 * <li>a lossless workload (its NIC priority has PFC) that a switch classifies onto a traffic class without
 *     PFC: dropped instead of paused;</li>
 * <li>NIC and switch disagreeing on the PFC priority: the switch pauses priority x for the workload's PG, the
 *     NIC sends it on priority p ≠ x and never stops;</li>
 * <li>PFC enabled on a priority whose queue no traffic class uses, or a lossless class queued under another
 *     number (a PAUSE for p stops queue p): on switch-to-switch links the upstream switch never stops;</li>
 * <li>CNPs ({@code nic.cnp_dscp}) on a lossless class (a PAUSE holds them behind the data they should slow)
 *     or in a queue that a strict queue carrying data can starve;</li>
 * <li>a lossy and a lossless class on one priority group: the lossy one is admitted as lossless but never
 *     paused, so it can overflow the headroom.</li>
 * </ol>
 * Every switch of a scenario has the same maps, so each problem is named at the first hop where it bites.
 * The lint reads configuration only (no simulation); it cannot know how much traffic a class carries.
 */
public final class QosLint {
    /** Key paths listed per line before "and N more". */
    static final int MAX_KEYS = 3;

    /**
     * One traffic class a workload sends.
     *
     * @param keyPath     where it is set, e.g. {@code workloads[0].flows[2]}
     * @param priority    the NIC's 802.1p priority of its QPs (the priority a PAUSE must name to stop it)
     * @param dscp        the DSCP its packets carry, 0..63
     * @param nic         name of the sending host, e.g. {@code h1}
     * @param firstSwitch name of the switch the sender is cabled to, e.g. {@code leaf0}
     */
    public record Use(String keyPath, int priority, int dscp, String nic, String firstSwitch) {
        public Use {
            Objects.requireNonNull(keyPath, "keyPath");
            if (priority < 0 || priority > 7 || dscp < 0 || dscp > 63) {
                throw new IllegalArgumentException("priority 0..7 and DSCP 0..63 expected, got " + priority + ", " + dscp);
            }
        }
    }

    /**
     * The switches' side.
     *
     * @param map            their classification
     * @param dscpMapGiven   whether {@code switch.qos_map.dscp_to_tc} was given (else the class-selector default)
     * @param pfcOn          whether PFC is on ({@code switch.pfc.enabled}, or the hpcc2019 profile)
     * @param scheduling     their egress scheduling
     * @param switchToSwitch whether the fabric has switch-to-switch links
     */
    public record Fabric(QosMap map, boolean dscpMapGiven, boolean pfcOn, SchedulingPlan scheduling,
                         boolean switchToSwitch) {
    }

    /**
     * CNPs: sent by receivers on {@code priority} with DSCP {@code dscp}; {@code used} when some connection
     * reacts to them (a congestion control other than none).
     */
    public record Cnp(int priority, int dscp, boolean used) {
    }

    private final Fabric fabric;
    private final QosMap map;
    private final List<Issue> out = new ArrayList<>();

    private QosLint(Fabric fabric) {
        this.fabric = fabric;
        this.map = fabric.map();
    }

    /**
     * One finding: {@code code} names the check (stable, for scripts), {@code keyPaths} the scenario keys it is
     * about (the uses' own key paths, then the switch or NIC keys), {@code text} the line the console prints.
     */
    public record Issue(String code, List<String> keyPaths, String text) {
        public Issue {
            if (code == null || code.isEmpty() || text == null || text.isEmpty()) {
                throw new IllegalArgumentException("a QoS finding needs a code and a text");
            }
            keyPaths = List.copyOf(keyPaths);
        }
    }

    /** Every finding, one line each, in a fixed order (per class in order of first use, then per fabric). */
    public static List<String> check(Fabric fabric, List<Use> uses, Cnp cnp) {
        return issues(fabric, uses, cnp).stream().map(Issue::text).toList();
    }

    /** As {@link #check}, each finding with its code and key paths. */
    public static List<Issue> issues(Fabric fabric, List<Use> uses, Cnp cnp) {
        QosLint l = new QosLint(fabric);
        Map<Long, List<Use>> classes = new LinkedHashMap<>();
        for (Use u : uses) {
            classes.computeIfAbsent((long) u.priority() << 8 | u.dscp(), k -> new ArrayList<>()).add(u);
        }
        if (fabric.pfcOn()) {
            for (List<Use> c : classes.values()) {
                l.dataClass(c);
            }
            l.pfcQueues(classes);
            l.mixedGroups(classes);
        }
        if (cnp != null && cnp.used()) {
            l.cnp(cnp, classes);
        }
        return List.copyOf(l.out);
    }

    /** Checks 1 and 2 for the uses of one (priority, DSCP). */
    private void dataClass(List<Use> uses) {
        Use u = uses.get(0);
        int tc = map.trafficClassOfDscp(u.dscp());
        int pg = map.pgOfTc(tc);
        String who = who(uses);
        String hop = "hop NIC -> switch (" + hops(uses) + ")";
        String classified = dscpKey(u.dscp()) + " puts DSCP " + u.dscp() + " on traffic class " + tc;
        if (map.pfcEnabled(u.priority()) && !map.pfcEnabled(tc)) {
            out.add(new Issue("qos-lossless-class-without-pfc", keys(uses, dscpPath(u.dscp()), "switch.pfc.priorities"),
                    who + ": " + hop + ": lossless at the NIC (priority " + u.priority() + " is in switch.pfc.priorities) "
                    + "but " + classified + ", which has no PFC: its frames are dropped, not paused, when the buffer "
                    + "fills; mark it with the DSCP of a PFC class or add " + tc + " to switch.pfc.priorities"));
        } else if (map.pfcEnabled(tc) && (map.pfcPrioritiesOf(pg) & (1 << u.priority())) == 0) {
            out.add(new Issue("qos-pfc-priority-mismatch", keys(uses, dscpPath(u.dscp())),
                    who + ": " + hop + ": NIC and switch disagree on the PFC priority: " + classified
                    + " (priority group " + pg + "), whose XOFF pauses priority " + bits(map.pfcPrioritiesOf(pg))
                    + ", but the NIC sends on priority " + u.priority() + " (" + u.keyPath() + ".priority), so it never "
                    + "stops and the group's headroom overflows (lossless drops); send on priority "
                    + bits(map.pfcPrioritiesOf(pg)) + " or mark it with a DSCP whose traffic class pauses priority "
                    + u.priority()));
        }
    }

    /** Check 3: a PAUSE for priority p stops queue p. */
    private void pfcQueues(Map<Long, List<Use>> classes) {
        for (int p = 0; p < QosMap.CLASSES; p++) {
            if (!map.pfcEnabled(p)) {
                continue;
            }
            boolean queueUsed = false;
            for (int tc = 0; tc < QosMap.CLASSES; tc++) {
                queueUsed |= map.queueOfTc(tc) == p;
            }
            int q = map.queueOfTc(p);
            List<Use> on = usesOfTc(classes, p);
            if (!queueUsed) {
                out.add(new Issue("qos-pause-stops-nothing", List.of("switch.pfc.priorities", "switch.qos_map.tc_to_queue"),
                        "switch.pfc.priorities: PFC on priority " + p + " pauses egress queue " + p + ", which no traffic "
                        + "class uses (switch.qos_map.tc_to_queue): the PAUSE stops nothing"
                        + (q != p ? "; traffic class " + p + " is queued in " + q + " and is never paused upstream" : "")));
            } else if (q != p && fabric.switchToSwitch()) {
                out.add(new Issue("qos-pfc-class-in-other-queue", keys(on, "switch.qos_map.tc_to_queue." + p),
                        "switch.qos_map.tc_to_queue." + p + ": traffic class " + p + " has PFC but is queued in " + q
                        + "; a PAUSE for priority " + p + " stops queue " + p + ", so on every switch-to-switch hop the "
                        + "upstream switch never stops it (lossless drops)" + users(on) + "; map it to queue " + p));
            }
        }
    }

    /** Check 5: a priority group holding a PFC class and a class without PFC that some DSCP reaches. */
    private void mixedGroups(Map<Long, List<Use>> classes) {
        boolean[] reached = new boolean[QosMap.CLASSES];
        for (int d = 0; d < 64; d++) {
            reached[map.trafficClassOfDscp(d)] = true;
        }
        for (int pg = 0; pg < QosMap.CLASSES; pg++) {
            int lossless = 0;
            int lossy = 0;
            for (int tc = 0; tc < QosMap.CLASSES; tc++) {
                if (map.pgOfTc(tc) == pg && reached[tc]) {
                    if (map.pfcEnabled(tc)) {
                        lossless |= 1 << tc;
                    } else {
                        lossy |= 1 << tc;
                    }
                }
            }
            if (lossless != 0 && lossy != 0) {
                List<Use> on = new ArrayList<>();
                for (int m = lossy; m != 0; m &= m - 1) {
                    on.addAll(usesOfTc(classes, Integer.numberOfTrailingZeros(m)));
                }
                out.add(new Issue("qos-mixed-priority-group", keys(on, "switch.qos_map.tc_to_pg"),
                        "switch.qos_map.tc_to_pg: priority group " + pg + " holds lossless traffic class "
                        + bits(lossless) + " and lossy class " + bits(lossy) + ": the lossy class is admitted as lossless "
                        + "(headroom, never dropped at ingress) but PFC pauses only " + bits(lossless)
                        + ", so it can overflow the headroom (lossless drops)" + users(on)
                        + "; give the lossy class its own priority group"));
            }
        }
    }

    /** Check 4: CNPs on a lossless class, or in a queue strict data can starve. */
    private void cnp(Cnp cnp, Map<Long, List<Use>> classes) {
        int tc = map.trafficClassOfDscp(cnp.dscp());
        int q = map.queueOfTc(tc);
        String where = "nic.cnp_dscp " + cnp.dscp() + ": CNPs (" + dscpKey(cnp.dscp()) + " -> traffic class " + tc
                + ", queue " + q + ")";
        if (fabric.pfcOn() && map.pfcEnabled(tc)) {
            out.add(new Issue("qos-cnp-on-lossless-class", List.of("nic.cnp_dscp", dscpPath(cnp.dscp())),
                    where + " travel on a lossless class: a PAUSE of traffic class " + tc + " holds them behind the data "
                    + "they should slow down; use the DSCP of a lossy class served first (mlx5 default: 48, priority 6, "
                    + "with switch.scheduling.strict)"));
            return;
        }
        SchedulingPlan s = fabric.scheduling();
        boolean strict = (s.strictMask() & (1 << q)) != 0;
        Set<Integer> starvers = new LinkedHashSet<>();
        List<Use> on = new ArrayList<>();
        for (List<Use> c : classes.values()) {
            int dq = map.queueOfTc(map.trafficClassOfDscp(c.get(0).dscp()));
            boolean dStrict = (s.strictMask() & (1 << dq)) != 0;
            if (dq != q && dStrict && (!strict || dq > q)) {
                starvers.add(dq);
                on.addAll(c);
            }
        }
        if (!starvers.isEmpty()) {
            out.add(new Issue("qos-cnp-starved", keys(on, "nic.cnp_dscp", "switch.scheduling.strict"),
                    where + " wait while strict-priority queue " + join(starvers) + " holds data" + users(on)
                    + (strict ? " (a lower strict queue)" : " (a DWRR queue is served only when no strict queue has data)")
                    + ": congestion notifications can starve; put CNPs in a strict queue above the data "
                    + "(switch.scheduling.strict)"));
        }
    }

    private List<Use> usesOfTc(Map<Long, List<Use>> classes, int tc) {
        List<Use> on = new ArrayList<>();
        for (List<Use> c : classes.values()) {
            if (map.trafficClassOfDscp(c.get(0).dscp()) == tc) {
                on.addAll(c);
            }
        }
        return on;
    }

    /** The key that classifies DSCP {@code dscp}: its own entry when the map is given, the map otherwise. */
    private String dscpPath(int dscp) {
        return fabric.dscpMapGiven() ? "switch.qos_map.dscp_to_tc." + dscp : "switch.qos_map.dscp_to_tc";
    }

    /** Every use's key path (each once, in order), then {@code more}. */
    private static List<String> keys(List<Use> uses, String... more) {
        Set<String> k = new LinkedHashSet<>();
        uses.forEach(u -> k.add(u.keyPath()));
        k.addAll(List.of(more));
        return List.copyOf(k);
    }

    private String dscpKey(int dscp) {
        return fabric.dscpMapGiven() ? "switch.qos_map.dscp_to_tc." + dscp
                : "switch.qos_map.dscp_to_tc (default: DSCP d -> traffic class d/8)";
    }

    /** The key paths of {@code uses} (first {@link #MAX_KEYS}) with their class. */
    private static String who(List<Use> uses) {
        Use u = uses.get(0);
        return keys(uses) + " (priority " + u.priority() + ", DSCP " + u.dscp() + ")";
    }

    private static String users(List<Use> uses) {
        return uses.isEmpty() ? "" : " (used by " + keys(uses) + ")";
    }

    private static String keys(List<Use> uses) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < Math.min(MAX_KEYS, uses.size()); i++) {
            b.append(i == 0 ? "" : ", ").append(uses.get(i).keyPath());
        }
        if (uses.size() > MAX_KEYS) {
            b.append(" and ").append(uses.size() - MAX_KEYS).append(" more");
        }
        return b.toString();
    }

    /** The distinct first hops of {@code uses}, e.g. {@code h1 -> leaf0, h4 -> leaf1 and 2 more}. */
    private static String hops(List<Use> uses) {
        Set<String> s = new LinkedHashSet<>();
        for (Use u : uses) {
            s.add(u.nic() + " -> " + u.firstSwitch());
        }
        List<String> l = new ArrayList<>(s);
        return join(l.subList(0, Math.min(MAX_KEYS, l.size())))
                + (l.size() > MAX_KEYS ? " and " + (l.size() - MAX_KEYS) + " more" : "");
    }

    private static String bits(int mask) {
        List<Integer> l = new ArrayList<>();
        for (int m = mask; m != 0; m &= m - 1) {
            l.add(Integer.numberOfTrailingZeros(m));
        }
        return join(l);
    }

    private static String join(Iterable<?> items) {
        StringBuilder b = new StringBuilder();
        for (Object o : items) {
            b.append(b.length() == 0 ? "" : ", ").append(o);
        }
        return b.toString();
    }
}
