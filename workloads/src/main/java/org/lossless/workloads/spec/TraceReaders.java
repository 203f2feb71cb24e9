package org.lossless.workloads.spec;

import java.util.List;

import org.lossless.workloads.yaml.Cursor;

/** What the trace readers ({@code chakra}, {@code simai}) share: the hosts of a job whose rank count a file sets. */
final class TraceReaders {
    private TraceReaders() {
    }

    /**
     * The job's hosts: {@code hosts} (a list, range or servers, as for collectives), or the first {@code ranks}
     * hosts; exactly one per rank of the trace ({@code what} says where that count comes from).
     */
    static List<Integer> hosts(Cursor w, WorkloadFabric topology, int ranks, String what) {
        Cursor h = w.key("hosts");
        if (!h.present()) {
            if (ranks > topology.hostCount()) {
                throw w.error(what + " has " + ranks + " ranks, but the " + topology.type() + " topology has only "
                        + topology.hostCount() + " hosts");
            }
            return HostLists.all(ranks);
        }
        if (h.isList() && h.list().size() != ranks) {
            throw h.error("gives " + h.list().size() + " hosts but " + what + " has " + ranks + " ranks: list one host "
                    + "per rank, in rank order");
        }
        if (ranks == 1 && h.isList()) {
            return List.of(WorkloadReader.host(h.list().get(0), topology));
        }
        List<Integer> hosts = PlacementReader.hosts(h, topology);
        if (hosts.size() != ranks) {
            throw h.error("gives " + hosts.size() + " hosts but " + what + " has " + ranks + " ranks: give one host per "
                    + "rank, in rank order");
        }
        return hosts;
    }
}
