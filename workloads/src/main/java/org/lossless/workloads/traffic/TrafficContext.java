package org.lossless.workloads.traffic;

import org.lossless.core.net.MessageSize;
import org.lossless.nic.Verb;

import org.lossless.core.random.Xoshiro256StarStar;
import org.lossless.topology.Topology;

/**
 * What a {@link TrafficProgram} can do; implemented by the packet engine and by
 * {@link RecordingContext}. One context per program (it knows the program's name).
 */
public interface TrafficContext {
    /** Current simulated time, ps. */
    long nowPs();

    /** The fabric (host count, host nodes, edge switches; hosts are numbered 0..n-1). */
    Topology topology();

    /** Line rate of host {@code host}'s NIC port, bps. */
    long hostRateBps(int host);

    /** RDMA payload bytes per packet (path MTU). */
    int mtu();

    /** The run's wire format ({@code nic.wire}): header and framing bytes of every frame. RoCEv2 unless told. */
    default org.lossless.core.net.WireFormat wire() {
        return org.lossless.core.net.WireFormat.ROCEV2;
    }

    /** Opens a persistent connection; its QPs live until the run ends. */
    Connection connect(int srcHost, int dstHost, ConnectionOptions options);

    /**
     * Posts a message of {@code bytes} payload bytes on {@code c}, handed to the NIC at {@code atPs}
     * (&gt;= now; its {@code start_ps}); it is sent after every message posted earlier on {@code c}, so
     * {@code atPs} must not be earlier than that of the previous message posted on {@code c}. Returns the
     * message; ids are given in post order, so a static workload that posts its whole list from
     * {@link TrafficProgram#start} keeps list order as {@code flow_id} order.
     */
    Message post(Connection c, long bytes, Verb op, MessageTag tag, long atPs);

    /** Posts a message now ({@link #post(Connection, long, Verb, MessageTag, long)}). */
    default Message post(Connection c, long bytes, Verb op, MessageTag tag) {
        return post(c, bytes, op, tag, nowPs());
    }

    /**
     * Posts a message of a size already checked ({@link MessageSize}: a workload's record holds
     * it as read), as {@link #post(Connection, long, Verb, MessageTag, long)} does; a context that makes messages
     * ({@link PostingContext}) gives the message this very value, without checking it again.
     */
    default Message post(Connection c, MessageSize size, Verb op, MessageTag tag, long atPs) {
        return post(c, size.bytes(), op, tag, atPs);
    }

    /** Posts it now ({@link #post(Connection, MessageSize, Verb, MessageTag, long)}). */
    default Message post(Connection c, MessageSize size, Verb op, MessageTag tag) {
        return post(c, size, op, tag, nowPs());
    }

    /** Asks for {@link TrafficProgram#onTimer} at {@code timePs} (&gt;= now), replacing any pending timer. */
    void wakeAt(long timePs);

    /** Cancels the pending timer, if any. */
    void cancelTimer();

    /**
     * The random stream {@code name} of this program (seeded from the scenario seed, the program's name and
     * {@code name} only, so adding a workload never shifts another's numbers).
     */
    Xoshiro256StarStar stream(String name);

    /** The name of program {@code program}'s stream {@code name} in the run's random streams. */
    static String streamName(String program, String name) {
        return "workload." + program + "." + name;
    }
}
