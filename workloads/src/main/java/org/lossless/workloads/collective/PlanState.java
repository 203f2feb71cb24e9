package org.lossless.workloads.collective;

import java.util.ArrayDeque;

/**
 * The program's state of one iteration's ops (inputs and credits still awaited, when the inputs were ready,
 * flags) and transfers (the ids of their message and clear-to-send, the dependencies folded through a transfer
 * that posts no message of its own), kept only for the {@link PlanView} blocks in flight: per chain, a window of
 * consecutive blocks from the oldest one still needed to the newest one touched.
 *
 * <p>A block is created, its state at the iteration's start ({@link #defaults}), when one of its ids is first
 * written; reading an id of a block not yet created gives that start state without creating it. A block is
 * released once every op of it is issued and every network transfer of it posted, and, when its transfers feed
 * the next block, that block is done too (its ops read their inputs' message ids when they issue and when their
 * own messages are posted). An op of a released block is issued ({@link #flags} says so); any other access to a
 * released block is a bug and throws. Released blocks are reused, so a steady run allocates none.
 *
 * <p>Memory: about 41 B per id of each block in flight (plus the folded dependency arrays), instead of per id of
 * the iteration; a ring keeps a few steps per channel.
 */
final class PlanState {
    static final byte ARMED = 1;
    static final byte PRED = 2;
    static final byte ISSUED = 4;

    private final PlanView view;
    private final Chain[] chains;
    private final ArrayDeque<Block> spare = new ArrayDeque<>();
    /** Stands for a released block in {@link #find}'s answer. */
    private final Block retired = new Block(0);
    /** Scratch of {@link #find}: the chain of the id it was given and the id's place in its block. */
    private int chain;
    private int at;
    private int live;
    private int peak;

    PlanState(PlanView view) {
        this.view = view;
        chains = new Chain[view.chains()];
        for (int c = 0; c < chains.length; c++) {
            chains[c] = new Chain(view.chainStart(c), view.blockSize(c));
        }
    }

    /** Releases every block: the state of a new iteration. */
    void reset() {
        for (int c = 0; c < chains.length; c++) {
            Chain ch = chains[c];
            while (ch.count > 0) {
                release(ch);
            }
            ch.head = 0;
        }
    }

    /** Most blocks held at once so far (all chains). */
    int peakBlocks() {
        return peak;
    }

    /** Blocks held now (all chains). */
    int liveBlocks() {
        return live;
    }

    byte flags(int op) {
        Block b = find(op, false);
        if (b == retired) {
            return ISSUED;
        }
        return b == null ? defaults(op) : b.flags[at];
    }

    void addFlags(int op, byte f) {
        find(op, true).flags[at] |= f;
    }

    int pendingCredit(int op) {
        Block b = read(op);
        return b == null ? credits(op) : b.pendingCredit[at];
    }

    /** One more slot granted to {@code op}'s outputs. */
    void credit(int op) {
        find(op, true).pendingCredit[at]--;
    }

    /** One input of {@code op} arrived at {@code when}: returns the inputs still awaited. */
    int arrived(int op, long when) {
        Block b = find(op, true);
        b.inReady[at] = Math.max(b.inReady[at], when);
        return --b.pendingIn[at];
    }

    /** When the last input of {@code op} arrived (after {@link #arrived} returned 0). */
    long inReady(int op) {
        Block b = read(op);
        return b == null ? 0 : b.inReady[at];
    }

    long msgOf(int t) {
        Block b = read(t);
        return b == null ? -1 : b.msgOf[at];
    }

    void msgOf(int t, long id) {
        find(t, true).msgOf[at] = id;
    }

    long ctsOf(int t) {
        Block b = read(t);
        return b == null ? -1 : b.ctsOf[at];
    }

    void ctsOf(int t, long id) {
        find(t, true).ctsOf[at] = id;
    }

    long[] folded(int t) {
        Block b = read(t);
        return b == null ? null : b.folded[at];
    }

    void folded(int t, long[] deps) {
        find(t, true).folded[at] = deps;
    }

    /** {@code op} was issued (after everything its issue reads). */
    void issued(int op) {
        done(op);
    }

    /** Network transfer {@code t}'s message was posted. */
    void posted(int t) {
        done(t);
    }

    private void done(int id) {
        Block b = find(id, true);
        b.pending--;
        if (b.pending == 0) {
            Chain ch = chains[chain];
            while (ch.count > 0 && ch.ring[ch.first].pending == 0) {
                if (view.feedsNext(chain, ch.head) && (ch.count < 2 || ch.get(1).pending != 0)) {
                    break;
                }
                release(ch);
            }
        }
    }

    private Block read(int id) {
        Block b = find(id, false);
        if (b == retired) {
            throw new IllegalStateException("state of id " + id + " read after its block was released");
        }
        return b;
    }

    /** The block of {@code id} (null: not created; {@link #retired}: released); sets {@link #chain} and {@link #at}. */
    private Block find(int id, boolean create) {
        chain = chains.length == 1 ? 0 : view.chainOf(id);
        Chain ch = chains[chain];
        int r = id - ch.start;
        int g = r / ch.size;
        at = r - g * ch.size;
        if (g < ch.head) {
            if (create) {
                throw new IllegalStateException("state of id " + id + " written after its block was released");
            }
            return retired;
        }
        int k = g - ch.head;
        if (k >= ch.count) {
            if (!create) {
                return null;
            }
            while (ch.count <= k) {
                ch.add(fresh(ch, ch.head + ch.count));
                live++;
                peak = Math.max(peak, live);
            }
        }
        return ch.get(k);
    }

    private void release(Chain ch) {
        spare.push(ch.ring[ch.first]);
        ch.ring[ch.first] = null;
        ch.first = (ch.first + 1) & (ch.ring.length - 1);
        ch.count--;
        ch.head++;
        live--;
    }

    /** Block {@code g} of {@code ch} in its start state. */
    private Block fresh(Chain ch, int g) {
        Block b = spare.isEmpty() || spare.peek().flags.length != ch.size ? new Block(ch.size) : spare.pop();
        b.pending = 0;
        int first = ch.start + g * ch.size;
        for (int p = 0; p < ch.size; p++) {
            int id = first + p;
            if (view.isOp(id)) {
                b.pendingIn[p] = view.inCount(id);
                b.pendingCredit[p] = credits(id);
                b.flags[p] = defaults(id);
                b.pending++;
            }
            b.inReady[p] = 0;
            b.msgOf[p] = -1;
            b.ctsOf[p] = -1;
            b.folded[p] = null;
            if (view.isTransfer(id) && view.wire(id) > 0 && !view.local(view.lane(id))) {
                b.pending++;
            }
        }
        return b;
    }

    /** Flags of {@code op} when the iteration begins. */
    private byte defaults(int op) {
        return (byte) ((view.hasPred(op) ? 0 : PRED) | (view.inCount(op) == 0 ? ARMED : 0));
    }

    /** Slots {@code op}'s outputs need when the iteration begins (one per non-empty output). */
    private int credits(int op) {
        int credits = 0;
        for (int j = 0; j < view.outCount(op); j++) {
            credits += view.seq(view.out(op, j)) >= 0 ? 1 : 0;
        }
        return credits;
    }

    /** The state of one block's ids. */
    private static final class Block {
        final int[] pendingIn;
        final int[] pendingCredit;
        final long[] inReady;
        final byte[] flags;
        final long[] msgOf;
        final long[] ctsOf;
        final long[][] folded;
        /** Ops not issued plus network transfers not posted. */
        int pending;

        Block(int size) {
            pendingIn = new int[size];
            pendingCredit = new int[size];
            inReady = new long[size];
            flags = new byte[size];
            msgOf = new long[size];
            ctsOf = new long[size];
            folded = new long[size][];
        }
    }

    /** A chain's window of blocks {@code head .. head+count-1}, in a ring of power-of-two length. */
    private static final class Chain {
        final int start;
        final int size;
        Block[] ring = new Block[4];
        int first;
        int count;
        int head;

        Chain(int start, int size) {
            this.start = start;
            this.size = size;
        }

        Block get(int k) {
            return ring[(first + k) & (ring.length - 1)];
        }

        void add(Block b) {
            if (count == ring.length) {
                Block[] grown = new Block[ring.length * 2];
                for (int k = 0; k < count; k++) {
                    grown[k] = get(k);
                }
                ring = grown;
                first = 0;
            }
            ring[(first + count++) & (ring.length - 1)] = b;
        }
    }
}
