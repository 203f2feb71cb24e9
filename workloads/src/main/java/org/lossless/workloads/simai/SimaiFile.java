package org.lossless.workloads.simai;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A SimAI workload file as AICB writes it for SimAI ({@code HYBRID_TRANSFORMER_FWD_IN_BCKWD}), parsed strictly:
 *
 * <pre>
 * HYBRID_TRANSFORMER_FWD_IN_BCKWD model_parallel_NPU_group: TP ep: EP pp: PP vpp: V ga: GA all_gpus: W checkpoints: 0 checkpoint_initiates: 0 [pp_comm: S]
 * N
 * name dep fwd_compute fwd_type fwd_size ig_compute ig_type ig_size wg_compute wg_type wg_size wg_update   (N lines)
 * </pre>
 *
 * Compute times are SimAI ticks (nanoseconds), sizes bytes; every number is a non-negative integer. Refused, with
 * the file, line and column named: another workload kind in the header (SimAI's {@code DATA}, {@code MODEL},
 * {@code HYBRID_DLRM}, ...), a communication type SimAI does not define, a number that does not parse, a line
 * count that does not match, pipeline stages ({@code pp} &gt; 1) and activation checkpointing, which this reader does
 * not model.
 *
 * @param tp     {@code model_parallel_NPU_group}: tensor-parallel group size
 * @param ep     expert-parallel group size (divides dp)
 * @param gpus   {@code all_gpus}
 * @param ga     {@code ga} as written (not used: the lines are one iteration, as SimAI runs them)
 * @param layers the layer lines
 */
public record SimaiFile(int tp, int ep, int gpus, int ga, List<SimaiLayer> layers) {
    /** The only header kind AICB writes and this reader runs. */
    public static final String KIND = "HYBRID_TRANSFORMER_FWD_IN_BCKWD";

    /** Data-parallel group size. */
    public int dp() {
        return gpus / tp;
    }

    /** Parses {@code text}, the content of the file named {@code file}. */
    public static SimaiFile parse(String file, String text) {
        String[] lines = text.split("\r?\n", -1);
        String[] head = lines[0].trim().split("\\s+");
        if (head[0].isEmpty()) {
            throw new SimaiException(file + ": line 1 is empty: a SimAI workload starts with its kind, " + KIND);
        }
        if (!head[0].equals(KIND)) {
            throw new SimaiException(file + ": line 1: unknown SimAI layer kind '" + head[0] + "': only " + KIND
                    + " (what AICB writes for training) is supported");
        }
        Map<String, Long> keys = new HashMap<>();
        for (int i = 1; i < head.length; i++) {
            if (head[i].endsWith(":") || head[i].equals("pp_comm")) {
                String k = head[i].endsWith(":") ? head[i].substring(0, head[i].length() - 1) : head[i];
                if (i + 1 >= head.length) {
                    throw new SimaiException(file + ": line 1: " + k + " has no value");
                }
                keys.put(k, number(file, 1, k, head[++i]));
            }
        }
        int tp = positive(file, keys, "model_parallel_NPU_group", null);
        int gpus = positive(file, keys, "all_gpus", null);
        int ep = positive(file, keys, "ep", 1);
        int pp = positive(file, keys, "pp", 1);
        int ga = positive(file, keys, "ga", 1);
        if (pp != 1) {
            throw new SimaiException(file + ": line 1: pp is " + pp + ": pipeline stages of SimAI files are not "
                    + "supported (SimAI's packet mode runs pp 1 too); describe a pipelined job with type: training");
        }
        if (keys.getOrDefault("checkpoints", 0L) != 0 || keys.getOrDefault("checkpoint_initiates", 0L) != 0) {
            throw new SimaiException(file + ": line 1: activation checkpoints (checkpoints, checkpoint_initiates) are "
                    + "not supported: give 0");
        }
        if (gpus % tp != 0) {
            throw new SimaiException(file + ": line 1: all_gpus " + gpus + " is not a multiple of "
                    + "model_parallel_NPU_group " + tp);
        }
        if ((gpus / tp) % ep != 0) {
            throw new SimaiException(file + ": line 1: ep " + ep + " does not divide the data-parallel size "
                    + gpus / tp + " (all_gpus / model_parallel_NPU_group)");
        }
        if (lines.length < 2 || lines[1].isBlank()) {
            throw new SimaiException(file + ": line 2 should give the number of layer lines");
        }
        long n = number(file, 2, "the number of layer lines", lines[1].trim());
        List<SimaiLayer> layers = new ArrayList<>();
        for (int i = 2; i < lines.length; i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            if (layers.size() == n) {
                throw new SimaiException(file + ": line " + (i + 1) + ": more layer lines than the " + n
                        + " line 2 announces");
            }
            layers.add(layer(file, i + 1, lines[i].trim().split("\\s+")));
        }
        if (layers.size() != n) {
            throw new SimaiException(file + ": line 2 announces " + n + " layer lines but the file has " + layers.size());
        }
        return new SimaiFile(tp, ep, gpus, ga, List.copyOf(layers));
    }

    private static final String[] COLUMNS = {"name", "dependency", "fwd_compute", "fwd_comm_type", "fwd_comm_size",
        "ig_compute", "ig_comm_type", "ig_comm_size", "wg_compute", "wg_comm_type", "wg_comm_size", "wg_update"};

    private static SimaiLayer layer(String file, int line, String[] t) {
        if (t.length != COLUMNS.length) {
            throw new SimaiException(file + ": line " + line + " has " + t.length + " columns; a layer line has "
                    + COLUMNS.length + ": " + String.join(" ", COLUMNS));
        }
        return new SimaiLayer(t[0], line, ns(file, line, 2, t), comm(file, line, 3, t, SimaiComm.Group.TP),
                number(file, line, COLUMNS[4], t[4]), ns(file, line, 5, t), comm(file, line, 6, t, SimaiComm.Group.TP),
                number(file, line, COLUMNS[7], t[7]), ns(file, line, 8, t), comm(file, line, 9, t, SimaiComm.Group.DP),
                number(file, line, COLUMNS[10], t[10]), ns(file, line, 11, t));
    }

    private static long ns(String file, int line, int col, String[] t) {
        long v = number(file, line, COLUMNS[col], t[col]);
        if (v > Long.MAX_VALUE / 1000) {
            throw new SimaiException(file + ": line " + line + ", " + COLUMNS[col] + ": " + v + " ns is too long");
        }
        return v * 1000;
    }

    private static SimaiComm comm(String file, int line, int col, String[] t, SimaiComm.Group plain) {
        SimaiComm c = SimaiComm.parse(t[col], plain);
        if (c == null) {
            throw new SimaiException(file + ": line " + line + ", " + COLUMNS[col] + ": unknown communication type '"
                    + t[col] + "' (SimAI's: NONE, or ALLREDUCE, ALLGATHER, REDUCESCATTER, ALLTOALL, each plain, _EP or "
                    + "_DP_EP)");
        }
        return c;
    }

    private static long number(String file, int line, String what, String text) {
        try {
            long v = Long.parseLong(text);
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new SimaiException(file + ": line " + line + ", " + what + ": '" + text + "' is not a whole number >= 0");
    }

    private static int positive(String file, Map<String, Long> keys, String key, Integer dflt) {
        Long v = keys.get(key);
        if (v == null) {
            if (dflt == null) {
                throw new SimaiException(file + ": line 1 has no '" + key + ":'");
            }
            return dflt;
        }
        if (v < 1 || v > 1 << 20) {
            throw new SimaiException(file + ": line 1: " + key + " is " + v + "; it must be 1 to " + (1 << 20));
        }
        return (int) (long) v;
    }
}
