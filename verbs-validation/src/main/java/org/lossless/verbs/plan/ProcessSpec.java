package org.lossless.verbs.plan;

import java.util.List;
import java.util.Map;

/**
 * One process of the replay: exactly what runs where and when.
 *
 * @param id            unique in the plan: {@code s<i>} servers, {@code c<i>} clients
 * @param host          the lab host's name
 * @param role          {@code server} (started first, waited for) or {@code client} (started at T0 + offset)
 * @param output        what its stdout holds: {@code bandwidth}, {@code latency}, {@code collective} or {@code storage}
 * @param argv          the command as an argument vector (never passed through a local shell; quoted one by one
 *                      for the remote shell)
 * @param env           environment variables set for it ({@code NCCL_IB_TC}, ...), name to value
 * @param startOffsetNs clients: when to start after T0, ns; servers: 0
 * @param flowIds       the scenario flows it replays (flow ids as in flows.csv)
 * @param job           the scenario job it replays (collectives, storage), or null
 * @param readyText     servers: text on stdout that says it listens (perftest: "Waiting for client"), or null
 */
public record ProcessSpec(String id, String host, String role, String output, List<String> argv, Map<String, String> env,
                          long startOffsetNs, List<Long> flowIds, String job, String readyText) {
    public ProcessSpec {
        argv = List.copyOf(argv);
        env = Map.copyOf(env);
        flowIds = List.copyOf(flowIds);
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("process " + id + " has no command");
        }
        if (!role.equals("server") && !role.equals("client")) {
            throw new IllegalArgumentException("process " + id + ": role must be server or client, got " + role);
        }
        if (startOffsetNs < 0) {
            throw new IllegalArgumentException("process " + id + ": start offset must be >= 0");
        }
    }

    public boolean server() {
        return role.equals("server");
    }
}
