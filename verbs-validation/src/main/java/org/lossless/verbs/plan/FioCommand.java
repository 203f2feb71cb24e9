package org.lossless.verbs.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.workloads.storage.IoClass;
import org.lossless.workloads.storage.IoMix;
import org.lossless.workloads.storage.IoOp;

/**
 * The fio options for an I/O mix (fio's HOWTO): {@code --rw} and {@code --rwmixread} from the share of reads,
 * {@code --bs} for one size per direction or {@code --bssplit=size/percent:...,size/percent:...} (reads, then
 * writes) for several. fio takes whole percentages; the rounding is reported.
 *
 * @param args     the options
 * @param readShare the mix's share of reads, 0..1
 * @param rounding what whole percentages changed, or null when nothing
 */
record FioCommand(List<String> args, double readShare, String rounding) {
    static FioCommand of(IoMix mix) {
        Map<Long, Double> reads = new LinkedHashMap<>();
        Map<Long, Double> writes = new LinkedHashMap<>();
        double total = 0;
        double readWeight = 0;
        for (IoClass c : mix.classes()) {
            (c.op() == IoOp.READ ? reads : writes).merge(c.sizeBytes(), c.weight(), Double::sum);
            total += c.weight();
            readWeight += c.op() == IoOp.READ ? c.weight() : 0;
        }
        double share = readWeight / total;
        List<String> a = new ArrayList<>();
        List<String> rounded = new ArrayList<>();
        if (writes.isEmpty()) {
            a.add("--rw=randread");
        } else if (reads.isEmpty()) {
            a.add("--rw=randwrite");
        } else {
            long pct = Math.round(100 * share);
            pct = Math.max(1, Math.min(99, pct));
            a.add("--rw=randrw");
            a.add("--rwmixread=" + pct);
            if (Math.abs(pct - 100 * share) > 1e-9) {
                rounded.add("reads " + String.format(java.util.Locale.ROOT, "%.3f", 100 * share) + " % -> " + pct + " %");
            }
        }
        if (reads.size() <= 1 && writes.size() <= 1) {
            long r = reads.isEmpty() ? 0 : reads.keySet().iterator().next();
            long w = writes.isEmpty() ? 0 : writes.keySet().iterator().next();
            a.add("--bs=" + (w == 0 ? String.valueOf(r) : r == 0 ? r + "," + w : r == w ? String.valueOf(r) : r + "," + w));
        } else {
            a.add("--bssplit=" + split(reads, rounded) + "," + split(writes, rounded));
        }
        return new FioCommand(a, share, rounded.isEmpty() ? null : String.join("; ", rounded));
    }

    /** {@code size/percent:...} with whole percentages summing to 100 (the largest remainder gets the rest). */
    private static String split(Map<Long, Double> sizes, List<String> rounded) {
        if (sizes.isEmpty()) {
            return "";
        }
        double total = sizes.values().stream().mapToDouble(Double::doubleValue).sum();
        List<Long> keys = new ArrayList<>(sizes.keySet());
        long[] pct = new long[keys.size()];
        long sum = 0;
        for (int i = 0; i < pct.length; i++) {
            pct[i] = (long) Math.floor(100 * sizes.get(keys.get(i)) / total);
            sum += pct[i];
        }
        while (sum < 100) {
            int best = 0;
            double bestRem = -1;
            for (int i = 0; i < pct.length; i++) {
                double rem = 100 * sizes.get(keys.get(i)) / total - pct[i];
                if (rem > bestRem) {
                    bestRem = rem;
                    best = i;
                }
            }
            pct[best]++;
            sum++;
        }
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < pct.length; i++) {
            double exact = 100 * sizes.get(keys.get(i)) / total;
            if (Math.abs(exact - pct[i]) > 1e-9) {
                rounded.add(keys.get(i) + " B " + String.format(java.util.Locale.ROOT, "%.3f", exact) + " % -> " + pct[i] + " %");
            }
            parts.add(keys.get(i) + "/" + pct[i]);
        }
        return String.join(":", parts);
    }
}
