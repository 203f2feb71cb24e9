package org.lossless.experiments.run;

import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.headroom.PeerResponse;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.Topology;

/**
 * The PFC response time of every transmitter in a run: a switch port's is {@code switch.pfc.response_time},
 * a NIC's is {@code nic.pfc_response_time}; {@code auto} (the default of both) is the IEEE 802.3 budget at the
 * port's speed ({@link PeerResponse#budgetPs}: 394 quanta = 2,017,280 ps at 100 Gb/s). The same values size
 * {@code headroom: auto} on the far end of each cable, so a run's headroom covers its own peers.
 */
final class PfcResponse {
    private PfcResponse() {
    }

    /** A switch port's response time at {@code rateBps}, ps. */
    static long switchPs(SwitchSettings s, long rateBps) {
        PfcSettings pfc = s.pfc() == null ? PfcSettings.UNSET : s.pfc();
        return pfc.responsePs(rateBps);
    }

    /** A NIC's response time at {@code rateBps}, ps, from {@code nic.pfc_response_time} (ps or auto). */
    static long nicPs(long nicResponsePs, long rateBps) {
        return nicResponsePs == NicConfig.AUTO_PFC_RESPONSE ? PeerResponse.budgetPs(rateBps) : nicResponsePs;
    }

    /** The response time of the transmitter on {@code node} (host or switch) at {@code rateBps}, ps. */
    static long of(Topology t, int node, long rateBps, SwitchSettings s, long nicResponsePs) {
        return t.node(node).isHost() ? nicPs(nicResponsePs, rateBps) : switchPs(s, rateBps);
    }
}
