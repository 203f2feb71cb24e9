package org.lossless.nic.importers;

import org.lossless.core.text.DidYouMean;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.lossless.core.units.Units;

/**
 * Reads an HPCC ns-3 simulator config ({@code mix/config.txt}; reference workloads.md §4.5,
 * dcqcn.md §4.3): one {@code KEY value...} per line, the last occurrence of a key winning. Maps the
 * DCQCN, ECN, buffer and packet keys to scenario key paths in canonical units and lists everything
 * else as ignored with a reason (docs/dcqcn-import.md). The referenced topology, flow and trace
 * files are returned separately for {@code lossless import hpcc}.
 */
public final class HpccConfigImporter {
    /** A config line that maps to nothing. */
    public record Ignored(String key, int line, String value, String reason) {
    }

    /**
     * The import.
     *
     * @param settings scenario key path to value (e.g. {@code nic.dcqcn.alpha_gain: 0.00390625})
     * @param files    TOPOLOGY_FILE, FLOW_FILE, TRACE_FILE to their path as written
     * @param ignored  keys that map to nothing, in file order
     * @param warnings things a user should know (duplicates, unknown keys, unsupported modes)
     */
    public record Result(Map<String, String> settings, Map<String, String> files, List<Ignored> ignored,
                         List<String> warnings) {
    }

    /**
     * The priority our strict-priority scheduler serves first: HPCC's queue 0, which its switches serve first (PFC
     * frames; ACKs only when its switch flag AckHighPrio is set, which its program never does).
     */
    public static final int HIGHEST_PRIORITY = 7;

    private HpccConfigImporter() {
    }

    public static Result read(Path file) throws IOException {
        return parse(Files.readAllLines(file, StandardCharsets.UTF_8), file.toString());
    }

    /** Parses config lines; {@code source} names the file in messages. */
    public static Result parse(List<String> lines, String source) {
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, Integer> lineOf = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] kv = line.split("\\s+", 2);
            String key = kv[0];
            String value = kv.length > 1 ? kv[1].trim() : "";
            if (values.containsKey(key)) {
                warnings.add(source + ":" + (i + 1) + ": " + key + " repeats line " + lineOf.get(key)
                    + "; the last value wins (as in the HPCC simulator)");
                values.remove(key);
            }
            values.put(key, value);
            lineOf.put(key, i + 1);
        }
        HpccMapping m = new HpccMapping(source, lineOf, warnings, values.get("CC_MODE"));
        for (Map.Entry<String, String> e : values.entrySet()) {
            m.map(e.getKey(), e.getValue());
        }
        m.finish(values);
        return new Result(m.settings, m.files, m.ignored, warnings);
    }

    /** Keys this importer maps or knows to ignore (for "did you mean"). */
    static List<String> knownKeys() {
        return HpccMapping.KNOWN;
    }

    /** The mapping state of one parse. */
    private static final class HpccMapping {
        static final List<String> MAPPED = List.of("CC_MODE", "ENABLE_QCN", "ALPHA_RESUME_INTERVAL",
            "RATE_DECREASE_INTERVAL", "RP_TIMER", "EWMA_GAIN", "FAST_RECOVERY_TIMES", "RATE_AI", "RATE_HAI",
            "MIN_RATE", "CLAMP_TARGET_RATE", "KMIN_MAP", "KMAX_MAP", "PMAX_MAP", "BUFFER_SIZE",
            "PACKET_PAYLOAD_SIZE", "ACK_HIGH_PRIO", "L2_ACK_INTERVAL", "HAS_WIN", "USE_DYNAMIC_PFC_THRESHOLD",
            "TOPOLOGY_FILE", "FLOW_FILE", "TRACE_FILE", "U_TARGET", "MI_THRESH", "FAST_REACT", "DCTCP_RATE_AI",
            "GLOBAL_T", "MULTI_RATE", "SAMPLE_FEEDBACK", "VAR_WIN", "INT_MULTI");
        static final Map<String, String> IGNORED = new LinkedHashMap<>();
        static final List<String> KNOWN = new ArrayList<>();

        static {
            String out = "HPCC output setting; the simulator writes its own result files";
            for (String k : List.of("TRACE_OUTPUT_FILE", "FCT_OUTPUT_FILE", "PFC_OUTPUT_FILE", "QLEN_MON_FILE",
                "QLEN_MON_START", "QLEN_MON_END", "ENABLE_TRACE")) {
                IGNORED.put(k, out);
            }
            for (String k : List.of("PINT_LOG_BASE", "PINT_PROB")) {
                IGNORED.put(k, "parameter of HPCC-PINT, not modelled (CC_MODE 10 is imported as hpcc)");
            }
            IGNORED.put("SIMULATOR_STOP_TIME", "absolute time in seconds (HPCC flows conventionally start at 2 s);"
                + " set stop_time in the scenario");
            IGNORED.put("L2_CHUNK_SIZE", "HPCC go-back-N chunking; not modelled");
            IGNORED.put("L2_BACK_TO_ZERO", "loss recovery: the NIC does go-back-N (L2_BACK_TO_ZERO 0)");
            IGNORED.put("RATE_BOUND", "the NIC always paces at its CC rate (RATE_BOUND 1)");
            IGNORED.put("ERROR_RATE_PER_LINK", "random link loss not modelled");
            IGNORED.put("LINK_DOWN", "link failure events not modelled");
            KNOWN.addAll(MAPPED);
            KNOWN.addAll(IGNORED.keySet());
        }

        final String source;
        final Map<String, Integer> lineOf;
        final List<String> warnings;
        final Map<String, String> settings = new LinkedHashMap<>();
        final Map<String, String> files = new LinkedHashMap<>();
        final List<Ignored> ignored = new ArrayList<>();
        /** The file's CC_MODE (1 when absent): which algorithm RATE_AI, MIN_RATE, HAS_WIN, ... belong to. */
        final int mode;

        HpccMapping(String source, Map<String, Integer> lineOf, List<String> warnings, String ccMode) {
            this.source = source;
            this.lineOf = lineOf;
            this.warnings = warnings;
            this.mode = ccMode == null ? 1 : (int) integer("CC_MODE", ccMode);
        }

        /** The {@code nic.<algorithm>} section of the file's CC_MODE. */
        private String section() {
            return switch (mode) {
                case 3, 10 -> "nic.hpcc";
                case 7 -> "nic.timely";
                case 8 -> "nic.dctcp";
                default -> "nic.dcqcn";
            };
        }

        /** A key that belongs to another CC_MODE than the file's: listed as ignored. */
        private void otherMode(String key, String value, String modes) {
            ignored.add(new Ignored(key, lineOf.get(key), value, "parameter of " + modes + "; this file's CC_MODE is "
                + mode));
        }

        void map(String key, String value) {
            switch (key) {
                case "CC_MODE" -> ccMode(value);
                case "ENABLE_QCN" -> {
                    if (integer(key, value) == 0) {
                        settings.put("nic.cc", "none");
                    }
                }
                case "ALPHA_RESUME_INTERVAL" -> settings.put("nic.dcqcn.alpha_update_period", micros(key, value));
                case "RATE_DECREASE_INTERVAL" -> settings.put("nic.dcqcn.rate_decrease_period", micros(key, value));
                case "RP_TIMER" -> settings.put("nic.dcqcn.rate_increase_timer", micros(key, value));
                case "EWMA_GAIN" -> {
                    if (mode == 8) {
                        settings.put("nic.dctcp.g", fraction(key, value));
                    } else {
                        settings.put("nic.dcqcn.alpha_gain", fraction(key, value));
                    }
                }
                case "FAST_RECOVERY_TIMES" -> settings.put("nic.dcqcn.fast_recovery_steps",
                    Long.toString(integer(key, value)));
                case "RATE_AI" -> {
                    switch (mode) {
                        case 3, 10 -> settings.put("nic.hpcc.ai", rate(key, value));
                        case 7 -> settings.put("nic.timely.ai", rate(key, value));
                        case 8 -> otherMode(key, value, "DCQCN, HPCC and TIMELY (DCTCP's is DCTCP_RATE_AI)");
                        default -> settings.put("nic.dcqcn.additive_increase", rate(key, value));
                    }
                }
                case "RATE_HAI" -> {
                    switch (mode) {
                        case 7 -> settings.put("nic.timely.hai", rate(key, value));
                        case 1 -> settings.put("nic.dcqcn.hyper_increase", rate(key, value));
                        default -> otherMode(key, value, "DCQCN and TIMELY");
                    }
                }
                case "MIN_RATE" -> settings.put(section() + ".min_rate", rate(key, value));
                case "U_TARGET" -> hpccOnly(key, value, "eta", fraction(key, value));
                case "MI_THRESH" -> hpccOnly(key, value, "max_stage", Long.toString(integer(key, value)));
                case "FAST_REACT" -> hpccOnly(key, value, "fast_react", integer(key, value) != 0 ? "true" : "false");
                case "DCTCP_RATE_AI" -> {
                    if (mode == 8) {
                        settings.put("nic.dctcp.ai", rate(key, value));
                    } else {
                        otherMode(key, value, "DCTCP (CC_MODE 8)");
                    }
                }
                case "GLOBAL_T" -> {
                    if (integer(key, value) == 0 && mode != 1) {
                        warnings.add(line(key) + "GLOBAL_T 0 (each pair's own RTT and BDP) not imported: " + section()
                            + ".base_rtt is auto, the fabric's largest base RTT (GLOBAL_T 1)");
                    }
                    ignored.add(new Ignored(key, lineOf.get(key), value, "base_rtt: auto is the simulator's GLOBAL_T 1"));
                }
                case "MULTI_RATE", "SAMPLE_FEEDBACK" -> {
                    if (integer(key, value) != 0 && (mode == 3 || mode == 10)) {
                        warnings.add(line(key) + key + " " + value.trim() + " not imported: Lossless's HPCC runs the"
                            + " paper's single rate for the most loaded hop, without sampling (" + key + " 0)");
                    }
                    ignored.add(new Ignored(key, lineOf.get(key), value, "HPCC variant not modelled; " + key + " 0"));
                }
                case "INT_MULTI" -> ignored.add(new Ignored(key, lineOf.get(key), value,
                    "scales the simulator's INT field units; Lossless keeps exact telemetry values"));
                case "VAR_WIN" -> varWin(key, value);
                case "CLAMP_TARGET_RATE" -> settings.put("nic.dcqcn.clamp_target_rate",
                    integer(key, value) != 0 ? "true" : "false");
                case "KMIN_MAP" -> speedMap(key, value, "kmin", true);
                case "KMAX_MAP" -> speedMap(key, value, "kmax", true);
                case "PMAX_MAP" -> speedMap(key, value, "pmax", false);
                case "BUFFER_SIZE" -> settings.put("switch.buffer_size",
                    Units.formatSize(decimal(key, value).multiply(BigDecimal.valueOf(1L << 20)).longValue()));
                case "PACKET_PAYLOAD_SIZE" -> settings.put("nic.mtu", Long.toString(integer(key, value)));
                // whatever its value, HPCC's switches queue ACKs (and the CNP flags they carry) with the data: the flag
                // reaches only its NICs (RdmaEgressQueue::ack_q_idx), whose ACK queue is served first either way
                case "ACK_HIGH_PRIO" -> ackHighPriority(key, value);
                case "USE_DYNAMIC_PFC_THRESHOLD" -> dynamicThreshold(key, value);
                case "L2_ACK_INTERVAL" -> ackInterval(key, value);
                case "HAS_WIN" -> hasWin(key, value);
                case "TOPOLOGY_FILE", "FLOW_FILE", "TRACE_FILE" -> files.put(key, value);
                default -> ignore(key, value);
            }
        }

        void finish(Map<String, String> values) {
            if (mode == 1 && values.containsKey("HAS_WIN") && integer("HAS_WIN", values.get("HAS_WIN")) != 0) {
                warnings.add(line("HAS_WIN") + "HAS_WIN " + values.get("HAS_WIN").trim() + ": imported as nic.window:"
                    + " bdp, each QP's own path BDP; with GLOBAL_T 1 (its default) the HPCC simulator gives every QP"
                    + " the fabric's largest path BDP (maxBdp)");
                if (values.containsKey("VAR_WIN") && integer("VAR_WIN", values.get("VAR_WIN")) != 0) {
                    warnings.add(line("VAR_WIN") + "VAR_WIN " + values.get("VAR_WIN").trim() + " not imported: the"
                        + " window does not shrink with the DCQCN rate (fixed at one BDP)");
                }
            }
            if (!values.containsKey("CC_MODE") && settings.keySet().stream().anyMatch(k -> k.startsWith("nic.dcqcn."))) {
                warnings.add(source + ": no CC_MODE; the DCQCN keys apply on top of profile hpcc2019");
                settings.put("nic.dcqcn.profile", "hpcc2019");
            }
        }

        private void ccMode(String value) {
            long mode = integer("CC_MODE", value);
            String cc = switch ((int) mode) {
                case 1 -> "dcqcn";
                case 3, 10 -> "hpcc";
                case 7 -> "timely";
                case 8 -> "dctcp";
                default -> throw error("CC_MODE", "unknown congestion control " + mode
                    + " (HPCC simulator: 1 DCQCN, 3 HPCC, 7 TIMELY, 8 DCTCP, 10 HPCC-PINT)");
            };
            if (mode == 10) {
                warnings.add(line("CC_MODE") + "CC_MODE 10 (HPCC-PINT) imported as hpcc");
            }
            settings.put("nic.cc", cc);
            if (mode == 1) {
                settings.put("nic.dcqcn.profile", "hpcc2019");
            }
        }

        /** An HPCC key: to {@code nic.hpcc.<name>} under CC_MODE 3 (or 10), else ignored. */
        private void hpccOnly(String key, String value, String name, String mapped) {
            if (mode == 3 || mode == 10) {
                settings.put("nic.hpcc." + name, mapped);
            } else {
                otherMode(key, value, "HPCC (CC_MODE 3)");
            }
        }

        /**
         * HAS_WIN: DCQCN gets {@code nic.window: bdp} (a fixed window); TIMELY and DCTCP their own window of
         * BDP x rate / line rate ({@code window}); HPCC always has its window.
         */
        private void hasWin(String key, String value) {
            boolean on = integer(key, value) != 0;
            switch (mode) {
                case 7 -> settings.put("nic.timely.window", Boolean.toString(on));
                case 8 -> settings.put("nic.dctcp.window", Boolean.toString(on));
                case 3, 10 -> {
                    if (!on) {
                        warnings.add(line(key) + "HAS_WIN 0 not imported: HPCC always holds its window (W x rate /"
                            + " line rate)");
                    }
                    ignored.add(new Ignored(key, lineOf.get(key), value, "HPCC always has its window"));
                }
                default -> settings.put("nic.window", on ? "bdp" : "none");
            }
        }

        /** VAR_WIN: TIMELY's and DCTCP's windows scale with the rate (VAR_WIN 1); a fixed one is not modelled for them. */
        private void varWin(String key, String value) {
            boolean on = integer(key, value) != 0;
            if (mode == 1) {
                ignored.add(new Ignored(key, lineOf.get(key), value, "variable window (BDP x current rate / line rate)"
                    + " not modelled: nic.window is fixed for a QP's life"));
                return;
            }
            if (!on && (mode == 7 || mode == 8)) {
                warnings.add(line(key) + "VAR_WIN 0 not imported: " + section() + ".window scales with the rate"
                    + " (VAR_WIN 1)");
            }
            ignored.add(new Ignored(key, lineOf.get(key), value, "the window of HPCC, TIMELY and DCTCP scales with the rate"));
        }

        /**
         * ACK_HIGH_PRIO: {@code nic.ack_priority: data} whatever the value (checked as an integer). The HPCC
         * simulator's {@code third.cc} gives it to its NICs only ({@code RdmaEgressQueue::ack_q_idx}: which PFC priority
         * pauses the NIC's ACK queue, 0 never, 3 with the data); its switches' own flag ({@code SwitchNode::AckHighPrio})
         * keeps its default 0, so at every switch an ACK waits in its data packet's queue. Its NICs send ACKs before
         * data either way, as Lossless's NICs send every control frame.
         */
        private void ackHighPriority(String key, String value) {
            integer(key, value);
            settings.put("nic.ack_priority", "data");
        }

        private void dynamicThreshold(String key, String value) {
            settings.put("switch.profile", "hpcc2019");
            if (integer(key, value) == 0) {
                warnings.add(line(key) + "USE_DYNAMIC_PFC_THRESHOLD 0 not imported: the hpcc2019 switch profile always"
                    + " uses HPCC's dynamic PFC threshold");
            }
        }

        private void ackInterval(String key, String value) {
            long n = integer(key, value);
            if (n < 1) {
                throw error(key, "must be >= 1, got " + n);
            }
            settings.put("nic.ack_interval", Long.toString(n));
            if (n == 1) {
                settings.put("nic.dcqcn.cnp_mode", "rp");
            } else {
                warnings.add(line(key) + "L2_ACK_INTERVAL " + n + ": the HPCC simulator then flags CE only on every "
                    + n + "-th ACK; imported as nic.ack_interval with the profile's CNP mode");
            }
        }

        /** {@code n rate1 v1 rate2 v2 ...}; K values in KB (1000 B), P_max a probability. */
        private void speedMap(String key, String value, String name, boolean kilobytes) {
            String[] t = value.trim().split("\\s+");
            long n = integer(key, t[0]);
            if (t.length != 1 + 2 * n) {
                throw error(key, "declares " + n + " port speeds but lists " + (t.length - 1) / 2.0
                    + " (form: <n> <rate_bps> <value> ...)");
            }
            String first = null;
            for (int i = 0; i < n; i++) {
                long bps = integer(key, t[1 + 2 * i]);
                String v = kilobytes
                    ? Units.formatSize(decimal(key, t[2 + 2 * i]).multiply(BigDecimal.valueOf(1000)).longValue())
                    : fraction(key, t[2 + 2 * i]);
                settings.put("switch.ecn.by_rate." + Units.formatRate(bps) + "." + name, v);
                if (first == null) {
                    first = v;
                }
            }
            if (first != null) {
                settings.put("switch.ecn." + name, first);
                if (n > 1) {
                    warnings.add(line(key) + key + " has " + n + " port speeds; switch.ecn." + name
                        + " takes the first (" + t[1] + " bps), each speed is under switch.ecn.by_rate.<rate>." + name);
                }
            }
        }

        private void ignore(String key, String value) {
            String reason = IGNORED.get(key);
            if (reason == null) {
                reason = "unknown key";
                warnings.add(line(key) + "unknown key " + key + DidYouMean.suffix(key, KNOWN) + " ignored");
            } else if (key.equals("ERROR_RATE_PER_LINK") && decimal(key, value).signum() != 0) {
                warnings.add(line(key) + "ERROR_RATE_PER_LINK " + value + " ignored: links are lossless");
            } else if (key.equals("L2_BACK_TO_ZERO") && !value.trim().equals("0")) {
                warnings.add(line(key) + "L2_BACK_TO_ZERO " + value + " ignored: the NIC does go-back-N");
            }
            ignored.add(new Ignored(key, lineOf.get(key), value, reason));
        }

        private String micros(String key, String value) {
            BigDecimal ps = decimal(key, value).multiply(BigDecimal.valueOf(1_000_000L));
            if (ps.signum() < 0 || ps.stripTrailingZeros().scale() > 0) {
                throw error(key, "expected a non-negative number of microseconds (whole picoseconds), got '"
                    + value + "'");
            }
            return Units.formatTime(ps.longValueExact());
        }

        private String rate(String key, String value) {
            try {
                return Units.formatRate(Ns3DataRate.parse(value));
            } catch (IllegalArgumentException | ArithmeticException e) {
                throw error(key, e.getMessage());
            }
        }

        private String fraction(String key, String value) {
            BigDecimal d = decimal(key, value);
            if (d.signum() < 0 || d.compareTo(BigDecimal.ONE) > 0) {
                throw error(key, "must be in [0, 1], got " + value);
            }
            return d.stripTrailingZeros().toPlainString();
        }

        private long integer(String key, String value) {
            try {
                return Long.parseLong(value.trim());
            } catch (NumberFormatException e) {
                throw error(key, "expected an integer, got '" + value + "'");
            }
        }

        private BigDecimal decimal(String key, String value) {
            try {
                return new BigDecimal(value.trim());
            } catch (NumberFormatException e) {
                throw error(key, "expected a number, got '" + value + "'");
            }
        }

        private String line(String key) {
            return source + ":" + lineOf.get(key) + ": ";
        }

        private IllegalArgumentException error(String key, String what) {
            return new IllegalArgumentException(line(key) + key + ": " + what);
        }
    }
}
