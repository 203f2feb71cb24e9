package org.lossless.experiments.run;

import java.util.function.Consumer;

import org.lossless.core.kernel.Ahead;

/**
 * Releases of posted messages handed to the partition of their sender's NIC ahead of time: when a program's timer
 * runs ahead of the partitions ({@link Ahead}), what it posts is released by an event of that partition at the
 * message's release time, first at that instant ({@link Ahead#scheduleFirst}), in (release time, message id) order:
 * exactly where and in which order the run's global releaser ({@link ProgramDriver}) would have handed it to the NIC.
 *
 * <p>One pending event per partition; it is not counted among the run's events (the global releaser that handed the
 * messages on was, as before). READs are not handed on (their responder's QP is on another host): a program that
 * decides ahead posts none. The queues are filled between windows (one thread, every partition stopped)
 * and emptied by their own partition's event, so they need no lock.
 */
final class PartitionReleases {
    private final Ahead ahead;
    private final int[] partOfHost;
    private final Releaser[] releasers;

    PartitionReleases(Ahead ahead, int[] partOfHost, int partitions, Consumer<Posted> release) {
        this.ahead = ahead;
        this.partOfHost = partOfHost.clone();
        this.releasers = new Releaser[partitions];
        for (int p = 0; p < partitions; p++) {
            releasers[p] = new Releaser(p, release);
        }
    }

    /** Whether the global event now running runs ahead of the partitions (its releases go through {@link #hand}). */
    boolean ahead() {
        return ahead.running();
    }

    /** Hands {@code p} to its sender's partition, released there at its release time. */
    void hand(Posted p) {
        if (p.message.op() == org.lossless.nic.Verb.READ) {
            throw new IllegalStateException(p.view.program.name() + ": a READ posted by a timer run ahead of the"
                    + " partitions (a program that decides ahead posts no READ)");
        }
        releasers[partOfHost[p.connection.connection.srcHost()]].add(p);
    }

    /** Messages handed to partitions and not yet released (for tests). */
    int pending() {
        int n = 0;
        for (Releaser r : releasers) {
            n += r.pending.size();
        }
        return n;
    }

    /** One partition's releases, in (release time, id) order, behind one event. */
    private final class Releaser extends Ahead.Handed {
        private final int partition;
        private final Consumer<Posted> release;
        private final ReleaseQueue pending = new ReleaseQueue();

        Releaser(int partition, Consumer<Posted> release) {
            this.partition = partition;
            this.release = release;
        }

        void add(Posted p) {
            pending.add(p);
            long at = p.message.postPs();
            if (!isScheduled() || timePs() > at) {
                ahead.scheduleFirst(partition, this, at);
            }
        }

        @Override
        protected void act() {
            long now = timePs();
            while (!pending.isEmpty() && pending.peekTime() <= now) {
                release.accept(pending.poll());
            }
            if (!pending.isEmpty()) {
                ahead.scheduleFirst(partition, this, pending.peekTime());
            }
        }
    }
}
