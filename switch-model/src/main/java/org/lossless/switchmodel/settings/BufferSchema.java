package org.lossless.switchmodel.settings;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;
import org.lossless.switchmodel.mmu.Threshold;

/**
 * The schema of the switch buffer's SONiC-style parts: one {@code switch.pools[]} entry ({@code BUFFER_POOL}) and
 * the buffer profiles {@code lossy_pg}, {@code queues.lossless}, {@code queues.lossy} ({@code BUFFER_PROFILE}).
 * The scenario reader reads through it, {@link BufferProfileSettings#resolved} takes its defaults from it, the
 * resolved scenario is written from it and docs/scenario.md's tables are generated from it.
 */
public final class BufferSchema {
    /** dynamic_th of the lossy profiles ({@code lossy_pg}, {@code queues.lossy}) when neither threshold is given. */
    public static final int LOSSY_DYNAMIC_TH = 3;

    public static final Section POOL = Section.of("switch.pools",
            Key.text("name", null, "referenced by `pfc.pool` and the profiles' `pool`; letters, digits, '.', '_' "
                    + "and '-'").defaultDoc("**required**, unique"),
            Key.choice("type", List.of("ingress", "egress"), null, "which side of the buffer; the default profile "
                    + "needs at least one of each").defaultDoc("**required**"),
            Key.choice("mode", List.of("static", "dynamic"), null, "informative (thresholds are set per profile)"),
            Key.size("size", null, "the pool's shared size in bytes, what dynamic thresholds divide")
                    .defaultDoc("**required**"),
            Key.size("headroom_pool", null, "shared headroom pool in bytes (`BUFFER_POOL.xoff`); ingress pools only. "
                    + "With one, lossless PGs take no private headroom from the budget; `run` and `check` warn, naming "
                    + "the switch, its ports and the shortfall, when it is smaller than what the lossless PGs drawing on "
                    + "it may hold together (switch.md, \"Shared headroom pool below the need\")")
                    .defaultDoc("`0` on ingress pools"));

    public static final Section PROFILE = Section.of("switch.buffer_profile",
            Key.text("pool", null, "the profile's pool; only with `pools`")
                    .defaultDoc("the first ingress (`lossy_pg`) or egress (`queues`) pool"),
            Key.size("reserved", 0L, "guaranteed bytes per priority group or queue (`BUFFER_PROFILE.size`)"),
            Key.integer("dynamic_th", Threshold.MIN_DYNAMIC_TH, Threshold.MAX_DYNAMIC_TH, null, "shared limit "
                    + "α = 2^dynamic_th of the free pool").defaultDoc("`" + LOSSY_DYNAMIC_TH + "` (lossy), none "
                    + "(`queues.lossless`: no limit)"),
            Key.size("static_th", null, "a fixed shared limit in bytes instead of `dynamic_th` (give one or the other)"))
            .exclusive("give either dynamic_th or static_th, not both", "dynamic_th", "static_th");

    /** {@code reserved}'s default, bytes. */
    static final long DEFAULT_RESERVED = (Long) PROFILE.key("reserved").dflt();

    private BufferSchema() {
    }

    /** As-written values of a buffer profile as settings; unset keys null. */
    public static BufferProfileSettings profile(Values v) {
        return new BufferProfileSettings(v.text("pool"), v.number("reserved"), v.integer("dynamic_th"),
                v.number("static_th"));
    }

    /** {@code b} as values of a buffer profile: its set fields. */
    public static Values values(BufferProfileSettings b) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pool", b.pool());
        m.put("reserved", b.reserved());
        m.put("dynamic_th", b.dynamicTh());
        m.put("static_th", b.staticTh());
        return new Values(PROFILE, m);
    }

    /** As-written values of a pool (its required keys checked by the reader) as settings. */
    public static PoolSettings pool(Values v) {
        return new PoolSettings(v.text("name"), v.text("type"), v.text("mode"), v.number("size"),
                v.number("headroom_pool"));
    }

    /** {@code p} as values of a pool: its set fields. */
    public static Values values(PoolSettings p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", p.name());
        m.put("type", p.type());
        m.put("mode", p.mode());
        m.put("size", p.size());
        m.put("headroom_pool", p.headroomPool());
        return new Values(POOL, m);
    }
}
