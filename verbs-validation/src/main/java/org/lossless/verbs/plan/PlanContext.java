package org.lossless.verbs.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.lossless.experiments.scenario.Scenario;
import org.lossless.verbs.VerbsException;

/** What contributors build a plan with: the scenario, the lab hosts, the options, and the growing plan. */
public final class PlanContext {
    private final Scenario scenario;
    private final HostsFile hosts;
    private final PlanOptions options;
    private final String hostsName;
    final List<ProcessSpec> servers = new ArrayList<>();
    final List<ProcessSpec> clients = new ArrayList<>();
    final List<Approximation> approximations = new ArrayList<>();
    final List<String> notes = new ArrayList<>();
    private int nextPort;
    private long longestNs;

    PlanContext(Scenario scenario, HostsFile hosts, String hostsName, PlanOptions options) {
        this.scenario = scenario;
        this.hosts = hosts;
        this.hostsName = hostsName;
        this.options = options;
        this.nextPort = hosts.perftestPort();
    }

    public Scenario scenario() {
        return scenario;
    }

    public PlanOptions options() {
        return options;
    }

    /** Extra {@code mpirun} arguments of the hosts file. */
    public List<String> mpirunArgs() {
        return hosts.mpirunArgs();
    }

    /** Extra NCCL environment of the hosts file. */
    public Map<String, String> ncclEnv() {
        return hosts.ncclEnv();
    }

    /** The hosts file as the user named it (messages). */
    public String hostsName() {
        return hostsName;
    }

    /** The lab host playing scenario host {@code host}; an unmapped host is bad input naming the flow. */
    public LabHost labHost(int host, String forWhat) {
        LabHost h = hosts.hosts().get(host);
        if (h == null) {
            throw new VerbsException(hostsName + ": hosts: scenario host " + host + " (" + forWhat + ") has no lab host;"
                    + " add 'hosts: {" + host + ": {ssh: ..., address: ...}}'");
        }
        return h;
    }

    /** A fresh TCP port for one server-client pair. */
    public int port() {
        if (nextPort > 65535) {
            throw new VerbsException(hostsName + ": perftest_port: too many server processes for the ports above it");
        }
        return nextPort++;
    }

    /** Adds a server process; returns its id. */
    public String server(LabHost h, String output, List<String> argv, Map<String, String> env, List<Long> flows, String job,
                         String readyText) {
        String id = "s" + servers.size();
        servers.add(new ProcessSpec(id, h.name(), "server", output, argv, env, 0, flows, job, readyText));
        return id;
    }

    /** Adds a client process started {@code offsetNs} after T0; returns its id. */
    public String client(LabHost h, String output, List<String> argv, Map<String, String> env, long offsetNs,
                         List<Long> flows, String job) {
        String id = "c" + clients.size();
        clients.add(new ProcessSpec(id, h.name(), "client", output, argv, env, offsetNs, flows, job, null));
        return id;
    }

    /** Records what the tools cannot express and what the plan does instead. */
    public void approximate(List<Long> flows, String what, String instead) {
        approximations.add(new Approximation(flows, what, instead));
    }

    public void note(String text) {
        if (!notes.contains(text)) {
            notes.add(text);
        }
    }

    /** Tells the planner how long one process is expected to run after its start, ns (for the timeout). */
    public void expectDuration(long startNs, long durationNs) {
        longestNs = Math.max(longestNs, startNs + durationNs);
    }

    long longestNs() {
        return longestNs;
    }
}
