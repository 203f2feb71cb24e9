package org.lossless.benchmarks.hpcc;

import java.util.Arrays;
import java.util.List;

/** Column lookup in a run's {@code flows.csv} (its first line names the columns), for the reports of this package. */
final class FlowsCsv {
    private FlowsCsv() {
    }

    /** The indices of {@code names} in the header line {@code header}, in that order; a missing one is an error. */
    static int[] columns(String header, String... names) {
        List<String> head = Arrays.asList(header.split(","));
        int[] at = new int[names.length];
        for (int i = 0; i < names.length; i++) {
            at[i] = head.indexOf(names[i]);
            if (at[i] < 0) {
                throw new IllegalArgumentException("flows.csv has no column " + names[i] + " (header: " + header + ")");
            }
        }
        return at;
    }
}
