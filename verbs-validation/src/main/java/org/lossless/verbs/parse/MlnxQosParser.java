package org.lossless.verbs.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.lossless.verbs.measure.MeasurementBuilder;
import org.lossless.verbs.measure.NicQos;
import org.lossless.verbs.measure.TrafficClass;

/** {@code mlnx_qos -i IF} (Mellanox mlnx-tools {@code pretty_print()} layout). */
final class MlnxQosParser {
    private static final Pattern DSCP = Pattern.compile("^prio:(\\d)\\s+dscp:([\\d,]*)$");
    private static final Pattern TC = Pattern.compile("^tc:\\s*(\\d+)\\s+ratelimit:\\s*([^,]+),\\s*tsa:\\s*(\\w+)(?:,\\s*bw:\\s*(\\d+)%)?\\s*$");
    private static final Pattern TC_PRIO = Pattern.compile("^priority:\\s*(\\d)$");

    private MlnxQosParser() {
    }

    static boolean looksLike(TextInput in) {
        for (String l : in.lines()) {
            String t = l.strip();
            if (t.startsWith("DCBX mode:") || t.startsWith("Priority trust state:") || t.equals("PFC configuration:")) {
                return true;
            }
        }
        return false;
    }

    static void parse(TextInput in, String host, String netdev, MeasurementBuilder b) {
        String dcbx = null;
        String trust = null;
        Map<Integer, Integer> dscp = new TreeMap<>();
        List<Long> buffers = new ArrayList<>();
        Long maxBuffer = null;
        Integer cable = null;
        List<Integer> pfc = new ArrayList<>();
        List<Integer> prioBuffer = new ArrayList<>();
        List<TrafficClass> tcs = new ArrayList<>();
        int tc = -1;
        Double rate = null;
        String tsa = null;
        Integer bw = null;
        List<Integer> tcPrios = new ArrayList<>();
        for (int i = 1; i <= in.size(); i++) {
            String t = in.line(i).strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            Matcher m;
            if (t.startsWith("DCBX mode:")) {
                dcbx = after(t);
            } else if (t.startsWith("Priority trust state:")) {
                trust = after(t);
            } else if ((m = DSCP.matcher(t)).matches()) {
                int prio = Integer.parseInt(m.group(1));
                for (String d : m.group(2).split(",")) {
                    if (!d.isEmpty()) {
                        dscp.put(Integer.parseInt(d), prio);
                    }
                }
            } else if (t.startsWith("Receive buffer size (bytes):")) {
                for (String part : after(t).split(",")) {
                    String p = part.strip();
                    if (p.startsWith("max_buffer_size=")) {
                        maxBuffer = number(in, i, p.substring("max_buffer_size=".length()));
                    } else if (!p.isEmpty()) {
                        buffers.add(number(in, i, p));
                    }
                }
            } else if (t.startsWith("Cable len:")) {
                cable = (int) number(in, i, after(t));
            } else if (t.startsWith("enabled")) {
                List<Long> v = row(in, i, t, "enabled");
                for (int p = 0; p < v.size(); p++) {
                    if (v.get(p) == 1) {
                        pfc.add(p);
                    }
                }
            } else if (t.startsWith("buffer")) {
                for (long v : row(in, i, t, "buffer")) {
                    prioBuffer.add((int) v);
                }
            } else if ((m = TC.matcher(t)).matches()) {
                if (tc >= 0) {
                    tcs.add(new TrafficClass(tc, rate, tsa, bw, tcPrios));
                }
                tc = Integer.parseInt(m.group(1));
                String r = m.group(2).strip();
                rate = r.equals("unlimited") ? null : rate(in, i, r);
                tsa = m.group(3);
                bw = m.group(4) == null ? null : Integer.valueOf(m.group(4));
                tcPrios = new ArrayList<>();
            } else if ((m = TC_PRIO.matcher(t)).matches() && tc >= 0) {
                tcPrios.add(Integer.parseInt(m.group(1)));
            } else if (!t.startsWith("priority") && !t.equals("PFC configuration:") && !t.startsWith("dscp2prio")
                    && !t.startsWith("tc:")) {
                b.warnings.add(in.name() + ":" + i + ": ignored line: " + PerftestParser.abbreviate(t));
            } else if (t.startsWith("tc:")) {
                throw in.error(i, "a 'tc:' line not in the form 'tc: N ratelimit: R, tsa: T[, bw: B%]'");
            }
        }
        if (tc >= 0) {
            tcs.add(new TrafficClass(tc, rate, tsa, bw, tcPrios));
        }
        b.nicQos.add(new NicQos(host, netdev, dcbx, trust, dscp, buffers, maxBuffer, cable, pfc, prioBuffer, tcs));
    }

    private static String after(String t) {
        return t.substring(t.indexOf(':') + 1).strip();
    }

    private static List<Long> row(TextInput in, int i, String t, String label) {
        String[] tok = t.substring(label.length()).strip().split("\\s+");
        if (tok.length != 8) {
            throw in.error(i, "the PFC '" + label + "' row needs 8 values (priorities 0-7), found " + tok.length);
        }
        List<Long> out = new ArrayList<>();
        for (String s : tok) {
            out.add(number(in, i, s));
        }
        return out;
    }

    private static double rate(TextInput in, int i, String r) {
        Matcher m = Pattern.compile("^([\\d.]+)\\s*Gbps$").matcher(r);
        if (!m.matches()) {
            throw in.error(i, "ratelimit must be 'unlimited' or 'N Gbps', found '" + r + "'");
        }
        return Double.parseDouble(m.group(1));
    }

    private static long number(TextInput in, int i, String s) {
        try {
            return Long.parseLong(s.strip());
        } catch (NumberFormatException e) {
            throw in.error(i, "'" + s.strip() + "' is not a whole number");
        }
    }
}
