package org.lossless.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class TopologyTest {
    private static final long G100 = 100_000_000_000L;

    /** h0 - sw0 = sw1 - h1 with two parallel sw0-sw1 cables. */
    private static Topology twoSwitches() {
        Topology.Builder b = Topology.builder("custom");
        int h0 = b.addHost("h0");
        int h1 = b.addHost("h1");
        int s0 = b.addSwitch("sw0", 1);
        int s1 = b.addSwitch("sw1", 1);
        b.connect(h0, s0, G100, 1_000_000);
        b.connect(s0, s1, G100, 2_000_000);
        b.connect(s0, s1, G100, 3_000_000);
        b.connect(s1, h1, G100, 1_000_000);
        return b.build();
    }

    @Nested
    class Api {
        @Test
        void hostsAreNumberedInTheOrderAdded() {
            Topology t = twoSwitches();
            assertEquals(2, t.hostCount());
            assertEquals(2, t.switchCount());
            assertEquals(0, t.hostNode(0));
            assertEquals(1, t.hostNode(1));
            assertEquals(-1, t.hostNumber(2));
            assertEquals("custom", t.type());
        }

        @Test
        void portsAndFlatAdjacencyAgree() {
            Topology t = twoSwitches();
            int sw0 = t.nodeId("sw0");
            assertEquals(3, t.degree(sw0));
            for (int v = 0; v < t.nodes().size(); v++) {
                for (int p = 0; p < t.degree(v); p++) {
                    Port port = t.ports(v).get(p);
                    assertEquals(port.peer(), t.peer(v, p));
                    assertEquals(port.cable(), t.cables().get(t.cableIndex(v, p)));
                    assertEquals(p, port.index());
                }
            }
        }

        @Test
        void parallelCablesAreDistinct() {
            Topology t = twoSwitches();
            List<Cable> between = t.cablesBetween(t.nodeId("sw0"), t.nodeId("sw1"));
            assertEquals(2, between.size());
            assertEquals(1, t.cableIndex(between.get(0)));
            assertEquals(2, t.cableIndex(between.get(1)));
        }

        @Test
        void lookupByName() {
            Topology t = twoSwitches();
            assertEquals(3, t.nodeId("sw1"));
            assertTrue(t.findNode("h1").isPresent());
            assertFalse(t.findNode("h9").isPresent());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> t.nodeId("tor7"));
            assertTrue(e.getMessage().contains("tor7"), e.getMessage());
        }

        @Test
        void edgeSwitchOfAHost() {
            Topology t = twoSwitches();
            assertEquals(t.nodeId("sw0"), t.edgeSwitchOf(0));
            assertEquals(t.nodeId("sw1"), t.edgeSwitchOf(1));
        }

        @Test
        void foreignCableIsRejected() {
            Topology t = twoSwitches();
            Cable foreign = new Cable(0, 0, 2, 5, G100, 0);
            assertThrows(IllegalArgumentException.class, () -> t.cableIndex(foreign));
        }
    }

    @Nested
    class BadInput {
        @Test
        void linkToMissingNode() {
            Topology.Builder b = Topology.builder("custom");
            b.addHost("h0");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.connect(0, 7, G100, 0));
            assertTrue(e.getMessage().contains("missing node 7"), e.getMessage());
        }

        @Test
        void zeroRate() {
            Topology.Builder b = Topology.builder("custom");
            b.addHost("h0");
            b.addSwitch("sw0", 1);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.connect(0, 1, 0, 0));
            assertTrue(e.getMessage().contains("h0-sw0") && e.getMessage().contains("rate must be > 0"),
                    e.getMessage());
        }

        @Test
        void negativeDelay() {
            Topology.Builder b = Topology.builder("custom");
            b.addHost("h0");
            b.addSwitch("sw0", 1);
            assertThrows(IllegalArgumentException.class, () -> b.connect(0, 1, G100, -1));
        }

        @Test
        void duplicateName() {
            Topology.Builder b = Topology.builder("custom");
            b.addHost("h0");
            assertThrows(IllegalArgumentException.class, () -> b.addSwitch("h0", 1));
        }

        @Test
        void disconnectedHost() {
            Topology.Builder b = Topology.builder("custom");
            int h0 = b.addHost("h0");
            int h1 = b.addHost("h1");
            int s0 = b.addSwitch("sw0", 1);
            int s1 = b.addSwitch("sw1", 1);
            b.connect(h0, s0, G100, 0);
            b.connect(h1, s1, G100, 0);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::build);
            assertTrue(e.getMessage().contains("disconnected") && e.getMessage().contains("h1"), e.getMessage());
        }

        @Test
        void hostWithTwoLinks() {
            Topology.Builder b = Topology.builder("custom");
            int h0 = b.addHost("h0");
            int s0 = b.addSwitch("sw0", 1);
            b.connect(h0, s0, G100, 0);
            b.connect(h0, s0, G100, 0);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::build);
            assertTrue(e.getMessage().contains("exactly one link"), e.getMessage());
        }

        @Test
        void hostWiredToHost() {
            Topology.Builder b = Topology.builder("custom");
            b.addHost("h0");
            b.addHost("h1");
            b.connect(0, 1, G100, 0);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::build);
            assertTrue(e.getMessage().contains("another host"), e.getMessage());
        }

        @Test
        void switchWithoutLinks() {
            Topology.Builder b = Topology.builder("custom");
            int h0 = b.addHost("h0");
            int s0 = b.addSwitch("sw0", 1);
            b.addSwitch("sw1", 2);
            b.connect(h0, s0, G100, 0);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::build);
            assertTrue(e.getMessage().contains("sw1 has no links"), e.getMessage());
        }

        @Test
        void switchTierZero() {
            Topology.Builder b = Topology.builder("custom");
            assertThrows(IllegalArgumentException.class, () -> b.addSwitch("sw0", 0));
        }
    }
}
