package org.lossless.switchmodel.mmu;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Full configuration of a {@link SharedBufferMmu}: buffer, cells, pools and one profile per (port, PG)
 * and per (port, queue). Validated on construction; build it with {@link #builder(int)}.
 *
 * <p>Budget rule (ingress side): Σ ingress pool sizes + Σ shared headroom pools + Σ PG reserved +
 * Σ private headroom of lossless PGs (those whose pool has no shared headroom pool) &le; buffer.
 * Egress side: Σ egress pool sizes + Σ queue reserved &le; buffer. Every packet is charged on both sides
 * (reference §1), so the two sides are two views of one memory and are checked separately. Sizes are
 * rounded up to whole cells before the check.
 *
 * @param bufferBytes   total shared buffer of the switch, bytes (&gt; 0)
 * @param cellBytes     allocation unit; a packet of s bytes takes ⌈s / cell⌉ cells (1 = byte accounting)
 * @param ports         number of ports (indices 0..ports-1)
 * @param pgsPerPort    priority groups per port (1..16; usually 8)
 * @param queuesPerPort egress queues per port (1..16; usually 8)
 * @param pools         the pools, names unique
 * @param pgProfiles    one profile per (port, PG), index {@code port * pgsPerPort + pg}
 * @param queueProfiles one profile per (port, queue), index {@code port * queuesPerPort + queue}
 */
public record MmuConfig(long bufferBytes, int cellBytes, int ports, int pgsPerPort, int queuesPerPort,
                        List<PoolConfig> pools, List<PgProfile> pgProfiles, List<QueueProfile> queueProfiles) {

    public MmuConfig {
        if (bufferBytes <= 0) {
            throw new IllegalArgumentException("switch.buffer_size must be > 0 bytes, got " + bufferBytes);
        }
        if (cellBytes < 1 || cellBytes > 65536) {
            throw new IllegalArgumentException("switch.cell_size must be in 1..65536 bytes, got " + cellBytes);
        }
        if (ports < 1) {
            throw new IllegalArgumentException("a switch needs >= 1 port, got " + ports);
        }
        if (pgsPerPort < 1 || pgsPerPort > 16 || queuesPerPort < 1 || queuesPerPort > 16) {
            throw new IllegalArgumentException("priority groups and queues per port must be in 1..16, got "
                    + pgsPerPort + " and " + queuesPerPort);
        }
        pools = List.copyOf(pools);
        pgProfiles = List.copyOf(pgProfiles);
        queueProfiles = List.copyOf(queueProfiles);
        if (pgProfiles.size() != ports * pgsPerPort) {
            throw new IllegalArgumentException("need one PG profile per (port, PG): " + ports * pgsPerPort
                    + ", got " + pgProfiles.size());
        }
        if (queueProfiles.size() != ports * queuesPerPort) {
            throw new IllegalArgumentException("need one queue profile per (port, queue): " + ports * queuesPerPort
                    + ", got " + queueProfiles.size());
        }
        Map<String, PoolConfig> byName = new HashMap<>();
        for (PoolConfig p : pools) {
            if (byName.put(p.name(), p) != null) {
                throw new IllegalArgumentException("pool name " + p.name() + " is used twice");
            }
        }
        long cell = cellBytes;
        long ingress = 0;
        long egress = 0;
        for (PoolConfig p : pools) {
            long cells = cells(p.sizeBytes(), cell) + cells(p.headroomPoolBytes(), cell);
            if (p.ingress()) {
                ingress += cells;
            } else {
                egress += cells;
            }
        }
        for (int i = 0; i < pgProfiles.size(); i++) {
            PgProfile pr = pgProfiles.get(i);
            PoolConfig pool = byName.get(pr.pool());
            String where = "port " + i / pgsPerPort + " PG " + i % pgsPerPort + " (profile " + pr.name() + ")";
            if (pool == null) {
                throw new IllegalArgumentException(where + ": unknown pool '" + pr.pool() + "'; pools: " + byName.keySet());
            }
            if (!pool.ingress()) {
                throw new IllegalArgumentException(where + ": pool " + pool.name() + " is an egress pool; a PG needs an ingress pool");
            }
            ingress += cells(pr.reservedBytes(), cell);
            if (pr.lossless() && !pool.sharedHeadroom()) {
                ingress += cells(pr.headroomBytes(), cell);
            }
        }
        for (int i = 0; i < queueProfiles.size(); i++) {
            QueueProfile qr = queueProfiles.get(i);
            PoolConfig pool = byName.get(qr.pool());
            String where = "port " + i / queuesPerPort + " queue " + i % queuesPerPort + " (profile " + qr.name() + ")";
            if (pool == null) {
                throw new IllegalArgumentException(where + ": unknown pool '" + qr.pool() + "'; pools: " + byName.keySet());
            }
            if (pool.ingress()) {
                throw new IllegalArgumentException(where + ": pool " + pool.name() + " is an ingress pool; a queue needs an egress pool");
            }
            egress += cells(qr.reservedBytes(), cell);
        }
        long bufferCells = bufferBytes / cell;
        if (ingress > bufferCells) {
            throw new IllegalArgumentException("ingress buffer over-committed: pools + headroom pools + reserved + private "
                    + "headroom = " + ingress * cell + " B > switch.buffer_size " + bufferBytes + " B");
        }
        if (egress > bufferCells) {
            throw new IllegalArgumentException("egress buffer over-committed: egress pools + queue reserved = "
                    + egress * cell + " B > switch.buffer_size " + bufferBytes + " B");
        }
    }

    static long cells(long bytes, long cell) {
        return (bytes + cell - 1) / cell;
    }

    public PgProfile pgProfile(int port, int pg) {
        return pgProfiles.get(port * pgsPerPort + pg);
    }

    public QueueProfile queueProfile(int port, int queue) {
        return queueProfiles.get(port * queuesPerPort + queue);
    }

    /** Index of the pool named {@code name} in {@link #pools()}, or -1. */
    public int poolIndex(String name) {
        for (int i = 0; i < pools.size(); i++) {
            if (pools.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    public static Builder builder(int ports) {
        return new Builder(ports);
    }

    /** Fluent construction; profiles default to none, so every (port, PG) and (port, queue) must be set. */
    public static final class Builder {
        private final int ports;
        private long bufferBytes;
        private int cellBytes = 1;
        private int pgs = 8;
        private int queues = 8;
        private final List<PoolConfig> pools = new ArrayList<>();
        private PgProfile[] pg;
        private QueueProfile[] q;

        private Builder(int ports) {
            this.ports = ports;
            sized();
        }

        private void sized() {
            pg = new PgProfile[Math.max(0, ports * pgs)];
            q = new QueueProfile[Math.max(0, ports * queues)];
        }

        public Builder buffer(long bytes) {
            this.bufferBytes = bytes;
            return this;
        }

        public Builder cell(int bytes) {
            this.cellBytes = bytes;
            return this;
        }

        /** Changes the number of PGs and queues per port; clears profiles set so far. */
        public Builder classes(int pgsPerPort, int queuesPerPort) {
            this.pgs = pgsPerPort;
            this.queues = queuesPerPort;
            sized();
            return this;
        }

        public Builder pool(PoolConfig pool) {
            pools.add(pool);
            return this;
        }

        public Builder pg(int port, int pgIndex, PgProfile profile) {
            pg[port * pgs + pgIndex] = profile;
            return this;
        }

        /** Sets {@code profile} on PG {@code pgIndex} of every port. */
        public Builder pgAllPorts(int pgIndex, PgProfile profile) {
            for (int p = 0; p < ports; p++) {
                pg(p, pgIndex, profile);
            }
            return this;
        }

        /** Sets {@code profile} on every (port, PG) not set yet. */
        public Builder pgDefault(PgProfile profile) {
            for (int i = 0; i < pg.length; i++) {
                if (pg[i] == null) {
                    pg[i] = profile;
                }
            }
            return this;
        }

        public Builder queue(int port, int queue, QueueProfile profile) {
            q[port * queues + queue] = profile;
            return this;
        }

        public Builder queueAllPorts(int queue, QueueProfile profile) {
            for (int p = 0; p < ports; p++) {
                queue(p, queue, profile);
            }
            return this;
        }

        public Builder queueDefault(QueueProfile profile) {
            for (int i = 0; i < q.length; i++) {
                if (q[i] == null) {
                    q[i] = profile;
                }
            }
            return this;
        }

        public MmuConfig build() {
            for (int i = 0; i < pg.length; i++) {
                if (pg[i] == null) {
                    throw new IllegalArgumentException("no profile for port " + i / pgs + " PG " + i % pgs);
                }
            }
            for (int i = 0; i < q.length; i++) {
                if (q[i] == null) {
                    throw new IllegalArgumentException("no profile for port " + i / queues + " queue " + i % queues);
                }
            }
            return new MmuConfig(bufferBytes, cellBytes, ports, pgs, queues, pools,
                    Collections.unmodifiableList(java.util.Arrays.asList(pg.clone())),
                    Collections.unmodifiableList(java.util.Arrays.asList(q.clone())));
        }
    }
}
