package org.lossless.switchmodel.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.Kernel;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.WireFormat;
import org.lossless.switchmodel.SwitchNode;
import org.lossless.topology.EcmpHash;
import org.lossless.topology.Node;
import org.lossless.topology.Port;
import org.lossless.topology.Routes;
import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;

/**
 * The run's switch parts come from the switches' assembly (SwitchMmus), built from the settings it holds, so the
 * engine never opens them: one switch of a 3-host star, 100 Gb/s, 1 us cables.
 */
class SwitchPartsTest {
    private static final long G100 = 100_000_000_000L;
    private static final Topology STAR = StarTopology.build(3, G100, 1_000_000L);

    private static int switchId() {
        return STAR.nodes().stream().filter(n -> !n.isHost()).mapToInt(Node::id).findFirst().orElseThrow();
    }

    private static SwitchMmus mmus(SwitchSettings s) {
        return new SwitchMmus(STAR, s, 0, 1086);
    }

    @Nested
    class NewSwitch {
        private SwitchNode build(SwitchSettings s) {
            Kernel k = new Kernel();
            EgressPort[] ports = new EgressPort[3];
            for (int i = 0; i < ports.length; i++) {
                ports[i] = new EgressPort(k, G100);
            }
            return mmus(s).newSwitch(switchId(), Routes.shortestPaths(STAR), EcmpHash.forSwitch(1, switchId()), ports,
                    k, new PacketPool(), k.streams(), WireFormat.ROCEV2);
        }

        @Test
        void theForwardingKeysAreTheSwitchs() {
            SwitchNode sw = build(SwitchSettings.defaults().withForwarding(2_000_000L, true));
            assertEquals(2_000_000L, sw.latencyPs());
            assertTrue(sw.cutThrough());
            assertEquals(STAR.node(switchId()).name(), sw.name());
            SwitchNode plain = build(SwitchSettings.defaults());
            assertEquals(0, plain.latencyPs(), "switch.latency's default");
            assertFalse(plain.cutThrough());
        }

        @Test
        void aSwitchWithTrimmingTrims() {
            assertFalse(mmus(SwitchSettings.defaults()).trims());
            assertTrue(mmus(SwitchSettings.defaults().withTrimming(new TrimmingSettings(List.of(1), 64))).trims());
        }
    }

    @Nested
    class Links {
        private Port port() {
            return STAR.ports(switchId()).get(0);
        }

        @Test
        void noLlrAndNoErrorsMakeNoLlrLink() {
            Kernel k = new Kernel();
            assertNull(mmus(SwitchSettings.defaults()).newLlrLink(switchId(), port(), k, (p, in) -> { }, k.streams(),
                    p -> { }));
            assertNull(mmus(SwitchSettings.defaults().withLlr(new LlrSettings(false, 0))).newLlrLink(switchId(),
                    port(), k, (p, in) -> { }, k.streams(), p -> { }));
        }

        @Test
        void retryOrErrorsMakeOneLlrLinkPerDirection() {
            Kernel k = new Kernel();
            assertNotNull(mmus(SwitchSettings.defaults().withLlr(new LlrSettings(true, 0))).newLlrLink(switchId(),
                    port(), k, (p, in) -> { }, k.streams(), p -> { }));
            assertNotNull(mmus(SwitchSettings.defaults().withLlr(new LlrSettings(false, 1e-3))).newLlrLink(switchId(),
                    port(), k, (p, in) -> { }, k.streams(), p -> { }), "errors without retry: frames are lost");
        }
    }

    @Test
    void aPortsPfcResponseIsTheSettingsOrTheNicsTowardsAHost() {
        // at a host the transmitter is the NIC: its response time (the assembly's nicResponsePs, 123 ns here)
        SwitchMmus m = new SwitchMmus(STAR, SwitchSettings.defaults(), 123_000, 1086);
        int host = STAR.hostNode(0);
        assertEquals(123_000, m.responsePs(host, G100));
        assertEquals(SwitchPorts.responsePs(STAR, switchId(), G100, SwitchSettings.defaults(), 123_000),
                m.responsePs(switchId(), G100));
    }
}
