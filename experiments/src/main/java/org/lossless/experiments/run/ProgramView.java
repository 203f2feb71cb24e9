package org.lossless.experiments.run;

import org.lossless.core.kernel.SimEvent;
import org.lossless.core.random.Xoshiro256StarStar;
import org.lossless.topology.Topology;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.nic.FlowTable;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.NicPostingContext;
import org.lossless.workloads.traffic.TrafficContext;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * The packet engine as one program sees it: a {@link TrafficContext} that knows the program's name (its
 * messages' workload, its random streams) and holds its one timer (a reused event, so a program never has
 * more than one pending). A post is made into the program's {@link Message} and its parts' nic-cc flows on the
 * workloads' side ({@link NicPostingContext}); the driver checks it first and learns of it after, to log it, report
 * its completions and release its parts to their NIC.
 */
final class ProgramView extends NicPostingContext {
    final TrafficProgram program;
    private final ProgramDriver driver;
    private final Timer timer = new Timer();

    /** The workload's congestion control for connections that name none, or null (nic.cc). */
    private final String cc;
    /** The workload's transport, or null (nic.transport). */
    private final String transport;

    ProgramView(TrafficProgram program, ProgramDriver driver, String cc, String transport) {
        this.program = program;
        this.driver = driver;
        this.cc = cc;
        this.transport = transport;
    }

    @Override
    public long nowPs() {
        return driver.kernel.now();
    }

    @Override
    public Topology topology() {
        return driver.network.topology();
    }

    @Override
    public long hostRateBps(int host) {
        checkHost(host);
        return driver.network.nic(host).port().rateBps();
    }

    @Override
    public int mtu() {
        return driver.mtu;
    }

    @Override
    public org.lossless.core.net.WireFormat wire() {
        return driver.wire;
    }

    @Override
    public Connection connect(int srcHost, int dstHost, ConnectionOptions options) {
        checkHost(srcHost);
        checkHost(dstHost);
        if (cc != null && options.cc() == null) {
            options = new ConnectionOptions(options.priority(), options.qps(), cc, options.dscp());
        }
        return driver.connect(srcHost, dstHost, options, transport);
    }

    @Override
    protected long nextMessageId() {
        return driver.nextMessageId();
    }

    @Override
    protected String poster() {
        return program.name();
    }

    @Override
    protected void admit(Connection c, long atPs) {
        driver.admit(this, c, atPs);
    }

    @Override
    protected FlowTable flowTable() {
        return driver.flowTable();
    }

    @Override
    protected void posted(Message m, int firstPart, int parts) {
        driver.posted(this, m, firstPart, parts);
    }

    @Override
    public void wakeAt(long timePs) {
        long now = nowPs();
        if (timePs < now) {
            throw new IllegalArgumentException(program.name() + ": timer at " + timePs + " ps is in the past (now "
                    + now + " ps)");
        }
        driver.checkReaction(this, timePs, -1);
        driver.kernel.schedule(timer, timePs);
    }

    @Override
    public void cancelTimer() {
        driver.kernel.cancel(timer);
    }

    @Override
    public Xoshiro256StarStar stream(String name) {
        return driver.kernel.streams().stream(TrafficContext.streamName(program.name(), name));
    }

    private void checkHost(int host) {
        int n = driver.network.topology().hostCount();
        if (host < 0 || host >= n) {
            throw new IllegalArgumentException(program.name() + ": host " + host + " outside 0.." + (n - 1));
        }
    }

    /** The program's timer (the driver lets it run ahead of the partitions: {@link ProgramDriver#runsAhead}). */
    final class Timer extends SimEvent {
        private static final long serialVersionUID = 1L;

        @Override
        protected void fire() {
            program.onTimer(driver.kernel.now());
            driver.checkDone();
        }
    }
}
