package org.lossless.core.kernel;

import java.util.concurrent.ConcurrentMap;

/**
 * The partitions of a {@link ParallelEngine}: one {@link EventLoop} each and the mail between them. In a window each
 * partition writes what it hands off into its outboxes of the window's parity; the mail of the other parity (the
 * last window's) is delivered to its receivers, by the receiver's thread at the start of its next window or for
 * every partition before global work. A partition is run by one thread at a time; between windows by the thread that
 * runs the barrier's action.
 */
final class Partitions {
    final EventLoop[] loops;
    /** [parity][sender][receiver]: the outboxes of one window; the other parity is being delivered. */
    private final Mail[][][] mail;
    /** [parity][receiver][sender]: the same boxes seen by the receiver. */
    private final Mail[][][] inbound;
    private final Inbox[] inboxes;
    /** Parity of the mail boxes written in the current window. */
    private int parity;
    /**
     * What each partition handed off in its last window and is not delivered yet: the earliest time and how many,
     * summed by the sender's own thread at the end of its window, so that between windows the engine reads one figure
     * per partition instead of every box of every pair (partitions squared: 65,536 boxes at 256 partitions, a cache
     * miss each, milliseconds per window).
     */
    private final long[] sentMin;
    /**
     * Each partition's earliest pending event as last noted ({@link EventLoop#nextTime()}), valid while its loop is not
     * {@link EventLoop#touched}: noted by the partition's thread at the end of its window, where its queue is warm, and
     * between windows only for the partitions that global work or deliveries changed since.
     */
    private final long[] nextAt;
    private final long[] sentCount;
    /** The receivers each partition handed something to in its last window (the first {@link #sentToCount}). */
    private final int[][] sentTo;
    private final int[] sentToCount;
    /** Scratch of {@link #deliverAll}: the senders that handed something to each receiver. */
    private final int[][] from;
    private final int[] fromCount;

    Partitions(int partitions, ConcurrentMap<Integer, Integer> owners) {
        loops = new EventLoop[partitions];
        inboxes = new Inbox[partitions];
        mail = new Mail[2][partitions][partitions];
        inbound = new Mail[2][partitions][partitions];
        sentMin = new long[partitions];
        nextAt = new long[partitions];
        sentCount = new long[partitions];
        sentTo = new int[partitions][partitions];
        sentToCount = new int[partitions];
        from = new int[partitions][partitions];
        fromCount = new int[partitions];
        java.util.Arrays.fill(sentMin, Long.MAX_VALUE);
        for (int p = 0; p < partitions; p++) {
            loops[p] = new EventLoop(p, TieOrder.SOURCE, true);
            loops[p].owners = owners;
            loops[p].yields = true;
            inboxes[p] = new Inbox();
        }
        for (int par = 0; par < 2; par++) {
            for (int s = 0; s < partitions; s++) {
                for (int d = 0; d < partitions; d++) {
                    if (s != d) {
                        mail[par][s][d] = new Mail();
                        inbound[par][d][s] = mail[par][s][d];
                    }
                }
            }
        }
    }

    int size() {
        return loops.length;
    }

    /** After a window: its mail is now the mail to deliver. */
    void flip() {
        parity ^= 1;
    }

    /** Delivers what the others handed partition {@code p} in the last window; returns how many. */
    int deliver(int p) {
        return inboxes[p].deliver(inbound[parity ^ 1][p]);
    }

    /**
     * Runs partition {@code p}'s events before {@code windowEndPs}, its hand-offs going to this window's outboxes;
     * returns how many ran.
     */
    long run(int p, long windowEndPs) {
        EventLoop loop = loops[p];
        loop.outbox = mail[parity][p];
        loop.windowEndPs = windowEndPs;
        long before = loop.executed;
        loop.run(windowEndPs - 1, Integer.MAX_VALUE);
        long min = Long.MAX_VALUE;
        long n = 0;
        int to = 0;
        Mail[] out = loop.outbox;
        for (int d = 0; d < out.length; d++) {
            Mail m = out[d];
            if (m != null && m.size > 0) {
                min = Math.min(min, m.minTime);
                n += m.size;
                sentTo[p][to++] = d;
            }
        }
        sentMin[p] = min;
        sentCount[p] = n;
        sentToCount[p] = to;
        nextAt[p] = loop.nextTime();
        loop.touched = false;
        return loop.executed - before;
    }

    /**
     * Every partition has had its hand-offs of the last window delivered (all at once before global work, or each in
     * a delivery phase); after a window's phase every partition delivered its own at its start, and the summary is then
     * of the new window's hand-offs.
     */
    void delivered() {
        java.util.Arrays.fill(sentMin, Long.MAX_VALUE);
        java.util.Arrays.fill(sentCount, 0);
        java.util.Arrays.fill(sentToCount, 0);
    }

    /**
     * Delivers every hand-off of the last window now, on the calling thread, visiting only the boxes that hold some
     * (what the senders noted at their windows' ends), not every pair; adds each receiver's count to {@code
     * handOffs}. The order within a receiver is the inbox's (time, sender key), whatever the order of the visits.
     */
    void deliverAll(long[] handOffs) {
        for (int s = 0; s < loops.length; s++) {
            for (int i = 0; i < sentToCount[s]; i++) {
                int d = sentTo[s][i];
                from[d][fromCount[d]++] = s;
            }
        }
        Mail[][] read = inbound[parity ^ 1];
        for (int d = 0; d < loops.length; d++) {
            if (fromCount[d] > 0) {
                handOffs[d] += inboxes[d].deliver(read[d], from[d], fromCount[d]);
                fromCount[d] = 0;
            }
        }
        delivered();
    }

    /** Hand-offs of the last window not yet delivered. */
    long undelivered() {
        long n = 0;
        for (long c : sentCount) {
            n += c;
        }
        return n;
    }

    /** Earliest pending partition event or undelivered hand-off. */
    long next() {
        long t = Long.MAX_VALUE;
        for (int p = 0; p < loops.length; p++) {
            EventLoop l = loops[p];
            if (l.touched) {
                nextAt[p] = l.nextTime();
                l.touched = false;
            }
            t = Math.min(t, Math.min(nextAt[p], sentMin[p]));
        }
        return t;
    }

    /** Moves every partition's clock to {@code atPs} (none has run past it). */
    void setClocks(long atPs) {
        for (EventLoop l : loops) {
            if (l.nowPs < atPs) {
                l.nowPs = atPs;
            }
        }
    }

    /** The partition that has run past {@code atPs}, or -1 if none has. */
    int pastAt(long atPs) {
        for (EventLoop l : loops) {
            if (l.nowPs > atPs) {
                return l.index;
            }
        }
        return -1;
    }

    /** Events run by every partition. */
    long executed() {
        long n = 0;
        for (EventLoop l : loops) {
            n += l.executed;
        }
        return n;
    }
}
