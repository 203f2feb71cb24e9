package org.lossless.workloads.storage;

import java.util.List;

import org.lossless.workloads.support.AgendaProgram;
import org.lossless.workloads.support.Connections;
import org.lossless.workloads.support.OperationTally;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.OperationStats;
import org.lossless.workloads.traffic.TrafficContext;

/**
 * What every storage program shares beyond an {@link AgendaProgram}'s name, context and timers: the tally of its I/Os
 * per operation type, and its connections, all on the job's priority and DSCP. {@link #begin} opens them and then
 * calls the program's own {@link #open}; a program adds what it posts and when, when it is finished and what its
 * iterations were.
 */
abstract class StorageJob extends AgendaProgram {
    /** The job's I/Os per (iteration, operation type), for {@link #operationStats}. */
    final OperationTally tally;
    private final ConnectionOptions options;
    /** The job's connections (one per ordered host pair, opened on first use), from {@link #start} on. */
    Connections connections;

    /**
     * @param name     the job's name (its messages' workload, its random streams)
     * @param priority the job's traffic class
     * @param dscp     the DSCP of its packets, or {@link ConnectionOptions#DSCP_FROM_PRIORITY}
     */
    StorageJob(String name, int priority, int dscp) {
        super(name);
        this.tally = new OperationTally(name);
        this.options = ConnectionOptions.of(priority).withDscp(dscp);
    }

    @Override
    protected final void begin(TrafficContext context) {
        connections = new Connections(context, options);
        open(context);
    }

    /** The program's own start, called once by {@link #start} with the agenda bound and the connections ready. */
    abstract void open(TrafficContext context);

    @Override
    public final List<OperationStats> operationStats() {
        return tally.stats();
    }
}
