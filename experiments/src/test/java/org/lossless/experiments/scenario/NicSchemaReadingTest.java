package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.settings.KeyTable;
import org.lossless.nic.NicConfig;
import org.lossless.nic.NicSchema;

/** The plain {@code nic} keys read, defaulted and documented through {@link NicSchema}: hand-written expectations. */
class NicSchemaReadingTest {
    @Nested
    class Mtu {
        @Test
        void bothEndsOfTheRangeAreAccepted() {
            assertEquals(64, parse(MINIMAL + "nic: {mtu: 64}\n").nic().mtu());
            assertEquals(9000, parse(MINIMAL + "nic: {mtu: 9000}\n").nic().mtu());
        }

        @Test
        void outOfRangeNamesFileKeyPathAndRange() {
            assertEquals("t.yaml: nic.mtu: 10KB is out of range: the MTU (RDMA payload per packet) must be 64 to 9000 "
                    + "bytes, e.g. 1024 or 4096", error(MINIMAL + "nic: {mtu: 10KB}\n"));
        }

        @Test
        void theDocsRowIsTheSchemas() {
            assertTrue(KeyTable.markdown(NicSchema.NIC).contains("| `mtu` | size | `4096` | RDMA payload bytes per "
                    + "packet, 64 to 9000 (headers come on top); 4096 is what a RoCE NIC runs on an Ethernet MTU of "
                    + "9000, as RoCE AI and storage clusters do (it was 1024 before: README, \"Changes\") |\n"));
        }
    }

    @Test
    void unsetKeysTakeTheSchemasDefaults() {
        NicConfig n = parse(MINIMAL).nic();
        assertEquals(4096, n.mtu());
        assertEquals("dcqcn", n.cc());
        assertEquals(1, n.ackEvery());
        assertEquals(6, n.cnpPriority());
        assertEquals(48, n.cnpDscp(), "8 x cnp_priority");
        assertEquals(67_108_864_000L, n.rtoPs(), "4.096 us x 2^14");
        assertEquals(0, n.ackDelayPs());
        assertEquals(500_000_000L, n.nackIntervalPs());
        assertEquals(NicConfig.AUTO_PFC_RESPONSE, n.pfcResponsePs());
    }

    @Test
    void cnpDscpFollowsAGivenCnpPriority() {
        assertEquals(24, parse(MINIMAL + "nic: {cnp_priority: 3}\n").nic().cnpDscp());
    }

    @Test
    void plainKeysKeepTheirMessages() {
        assertEquals("t.yaml: nic.rto: the retransmission timeout must be > 0, e.g. 67108864ns (4.096 us x 2^14, the "
                + "IB ACK timeout 14)", error(MINIMAL + "nic: {rto: 0}\n"));
        assertEquals("t.yaml: nic.pfc_response_time: expected auto or a time such as 2us (from a received PAUSE until "
                + "no new frame starts), got 'soon'", error(MINIMAL + "nic: {pfc_response_time: soon}\n"));
        assertEquals("t.yaml: nic.ack_interval: 0 is out of range: expected an integer from 1 to 65536",
                error(MINIMAL + "nic: {ack_interval: 0}\n"));
    }
}
