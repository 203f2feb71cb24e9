package org.lossless.verbs.plan;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lossless.verbs.VerbsException;

/**
 * What {@code plan.json} may hold beyond its shape: every name that becomes a file name in the bundle (host and
 * switch names, snapshot names, process ids) is a plain label, so no {@code ../} or {@code /} leads outside the
 * bundle; ssh targets and users are what a hosts file allows; every process runs on a host of the plan, under an id
 * of its own. A plan edited by hand, or from someone else, is refused with the field's path, before anything runs.
 */
final class PlanChecks {
    private PlanChecks() {
    }

    /** Throws a {@link VerbsException} ({@code where: field: problem}) at the first problem. */
    static void check(HardwarePlan plan, String where) {
        for (int i = 0; i < plan.hosts().size(); i++) {
            HostPlan h = plan.hosts().get(i);
            String at = "hosts[" + i + "]";
            if (h.host() == null) {
                throw new VerbsException(where + ": " + at + ".host: missing");
            }
            node(where, at + ".host", h.host().name(), h.host().ssh(), h.host().user());
            snapshots(where, at + ".counters", h.counters());
            snapshots(where, at + ".versions", h.versions());
        }
        for (int i = 0; i < plan.switches().size(); i++) {
            SwitchPlan sw = plan.switches().get(i);
            String at = "switches[" + i + "]";
            if (sw.sw() == null) {
                throw new VerbsException(where + ": " + at + ".sw: missing");
            }
            node(where, at + ".sw", sw.sw().name(), sw.sw().ssh(), sw.sw().user());
            snapshots(where, at + ".counters", sw.counters());
            snapshots(where, at + ".versions", sw.versions());
        }
        Map<String, Integer> ids = new HashMap<>();
        for (int i = 0; i < plan.processes().size(); i++) {
            ProcessSpec p = plan.processes().get(i);
            String at = "processes[" + i + "]";
            problem(where, at + ".id", Names.labelProblem(p.id()));
            Integer twin = ids.putIfAbsent(p.id(), i);
            if (twin != null) {
                throw new VerbsException(where + ": " + at + ".id: '" + p.id() + "' is also the id of processes[" + twin
                        + "]");
            }
            if (plan.host(p.host()) == null) {
                throw new VerbsException(where + ": " + at + ".host: '" + Names.Printable.of(p.host())
                        + "' is not a host of the plan");
            }
        }
        if (plan.ssh() != null) {
            if (plan.ssh().identity() != null) {
                problem(where, "ssh.identity", Names.pathProblem(plan.ssh().identity()));
            }
            if (plan.ssh().knownHosts() != null) {
                problem(where, "ssh.known_hosts", Names.pathProblem(plan.ssh().knownHosts()));
            }
        }
    }

    private static void node(String where, String at, String name, String ssh, String user) {
        problem(where, at + ".name", Names.labelProblem(name));
        problem(where, at + ".ssh", Names.hostProblem(ssh));
        if (user != null) {
            problem(where, at + ".user", Names.userProblem(user));
        }
    }

    private static void snapshots(String where, String at, List<Snapshot> list) {
        for (int j = 0; j < list.size(); j++) {
            problem(where, at + "[" + j + "].name", Names.labelProblem(list.get(j).name()));
        }
    }

    private static void problem(String where, String field, String problem) {
        if (problem != null) {
            throw new VerbsException(where + ": " + field + ": " + problem);
        }
    }
}
