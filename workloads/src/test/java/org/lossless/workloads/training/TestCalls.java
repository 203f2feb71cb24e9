package org.lossless.workloads.training;

import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.collective.PairSizes;

/** Test access to the calls a training job makes, to run one alone. */
public final class TestCalls {
    private TestCalls() {
    }

    /** The job a training call of {@code coll} among {@code hosts} becomes. */
    public static CollectiveJob collective(Collective coll, int[] hosts, long size, PairSizes pairs, CommSettings s) {
        return CallJobs.collective("alone", coll, hosts, size, pairs, s, 0);
    }
}
