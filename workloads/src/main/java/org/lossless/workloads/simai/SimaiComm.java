package org.lossless.workloads.simai;

import java.util.List;

import org.lossless.workloads.collective.Collective;

/**
 * One communication column of a SimAI layer line: the collective and the group it runs on, from SimAI's type
 * names ({@code Workload.cc}): {@code ALLREDUCE}, {@code ALLGATHER}, {@code REDUCESCATTER}, {@code ALLTOALL},
 * each plain (the phase's own group: tensor-parallel for forward and input-gradient, data-parallel for
 * weight-gradient), {@code _EP} (the expert-parallel group) or {@code _DP_EP} (the expert-data-parallel group);
 * or {@code NONE}.
 *
 * @param collective the operation, null for {@code NONE}
 * @param group      the group it runs on, null for {@code NONE}
 */
record SimaiComm(Collective collective, Group group) {
    /** The groups SimAI names. */
    enum Group {
        TP, DP, EP, DP_EP
    }

    static final SimaiComm NONE = new SimaiComm(null, null);
    static final List<String> BASES = List.of("ALLREDUCE", "ALLGATHER", "REDUCESCATTER", "ALLTOALL");

    /** {@code text} of a column whose plain type runs on {@code plain}; null when it is not a known type. */
    static SimaiComm parse(String text, Group plain) {
        if (text.equals("NONE")) {
            return NONE;
        }
        for (String base : BASES) {
            if (!text.startsWith(base)) {
                continue;
            }
            String suffix = text.substring(base.length());
            Group g = switch (suffix) {
                case "" -> plain;
                case "_EP" -> Group.EP;
                case "_DP_EP" -> Group.DP_EP;
                default -> null;
            };
            return g == null ? null : new SimaiComm(Collective.valueOf(base), g);
        }
        return null;
    }

    boolean none() {
        return collective == null;
    }
}
