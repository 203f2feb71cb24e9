package org.lossless.core.kernel;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import org.lossless.core.random.Xoshiro256StarStar;

/**
 * A small model for the engines: nodes on a ring pass tokens to a neighbour over wires (a fixed delay, a FIFO of
 * tokens in flight and one arrival event per wire, like a link), hold each token a random 0, 0 or 7 ps (many ties at
 * one instant), and count what they saw. A global sampler reads every node's count every {@code samplePs}, and a global
 * injector adds tokens at fixed times (a traffic program). Every node and wire is a source of its own, so the trace is
 * the same on the sequential kernel and on any partitioning.
 */
final class TokenMesh {
    final List<StringBuilder> nodeTraces = new ArrayList<>();
    final StringBuilder globalTrace = new StringBuilder();
    private final Node[] nodes;

    /**
     * @param engine  where to build
     * @param n       nodes
     * @param partOf  partition of each node
     * @param delayPs delay of every wire, or of wire i -> i+1 when {@code shortWire} says so
     */
    TokenMesh(Engine engine, int n, int[] partOf, long delayPs, long samplePs, long shortWirePs) {
        nodes = new Node[n];
        for (int i = 0; i < n; i++) {
            nodeTraces.add(new StringBuilder());
            nodes[i] = new Node(i, engine.partition(partOf[i]).source(1 + i), engine.streams().stream("node/" + i));
        }
        for (int i = 0; i < n; i++) {
            int right = (i + 1) % n;
            int left = (i + n - 1) % n;
            long d0 = i == 0 && shortWirePs > 0 ? shortWirePs : delayPs;
            nodes[i].right = new Wire(engine.partition(partOf[right]).source(1 + n + 2 * i), nodes[right], d0);
            nodes[i].left = new Wire(engine.partition(partOf[left]).source(2 + n + 2 * i), nodes[left], delayPs);
        }
        engine.schedule(new SimEvent() {
            private int k;

            @Override
            protected void fire() {
                long now = engine.now();
                StringBuilder sb = globalTrace.append(now).append(':');
                for (Node node : nodes) {
                    sb.append(node.seen).append(',');
                }
                sb.append('\n');
                // an injection into the partitions, from a global event: node k's next token now
                nodes[k % n].inject(now);
                k++;
                engine.schedule(this, now + samplePs);
            }
        }, 0);
    }

    /** Everything the run wrote, node traces in node order, then the global one. */
    String trace() {
        StringBuilder all = new StringBuilder();
        for (int i = 0; i < nodeTraces.size(); i++) {
            all.append("node ").append(i).append('\n').append(nodeTraces.get(i));
        }
        return all.append("global\n").append(globalTrace).toString();
    }

    private final class Node {
        final int id;
        final Scheduler sim;
        final Xoshiro256StarStar rng;
        Wire left;
        Wire right;
        long seen;
        private final ArrayDeque<Integer> held = new ArrayDeque<>();
        private int nextToken;
        private final SimEvent release = new SimEvent() {
            @Override
            protected void fire() {
                int token = held.poll();
                Wire w = rng.nextLong(2) == 0 ? left : right;
                nodeTraces.get(id).append(sim.now()).append(" send ").append(token).append(w == left ? " L\n" : " R\n");
                w.send(sim, token);
                if (!held.isEmpty()) {
                    sim.schedule(this, sim.now() + hold());
                }
            }
        };

        Node(int id, Scheduler sim, Xoshiro256StarStar rng) {
            this.id = id;
            this.sim = sim;
            this.rng = rng;
        }

        long hold() {
            long r = rng.nextLong(3);
            return r == 2 ? 7 : 0;
        }

        void inject(long now) {
            receive(id * 1_000_000 + nextToken++, now);
        }

        void receive(int token, long now) {
            seen++;
            nodeTraces.get(id).append(now).append(" got ").append(token).append('\n');
            if (seen % 5 == 0) {
                return; // absorbed: the population stays bounded
            }
            held.add(token);
            if (!release.isScheduled()) {
                sim.schedule(release, now + hold());
            }
        }
    }

    /** A one-way wire into {@code to}, living in its partition: a FIFO of tokens in flight and one arrival event. */
    private static final class Wire extends SimEvent implements Delivery {
        final Scheduler sim;
        final Node to;
        final long delayPs;
        private final ArrayDeque<long[]> flight = new ArrayDeque<>();

        Wire(Scheduler sim, Node to, long delayPs) {
            this.sim = sim;
            this.to = to;
            this.delayPs = delayPs;
        }

        void send(Scheduler from, int token) {
            from.handOff(sim, from.now() + delayPs, this, token);
        }

        @Override
        public void deliver(long atPs, Object payload) {
            flight.add(new long[] {atPs, (Integer) payload});
            if (!isScheduled()) {
                sim.schedule(this, atPs);
            }
        }

        @Override
        protected void fire() {
            long[] head = flight.poll();
            to.receive((int) head[1], head[0]);
            if (!flight.isEmpty()) {
                sim.schedule(this, flight.peek()[0]);
            }
        }
    }
}
