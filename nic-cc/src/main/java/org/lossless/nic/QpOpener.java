package org.lossless.nic;

import java.util.HashMap;
import java.util.Map;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.net.Dscp;
import org.lossless.nic.cc.CcAlgorithm;
import org.lossless.nic.cc.CongestionControl;

/**
 * Opens a {@link HostNic}'s queue pairs: checks the request, picks the congestion-control algorithm by name
 * (made once per NIC at its line rate, through a {@link CcFactory}), sizes the send window and the loss
 * recovery's in-flight cap (RoCEv2), or gives the QP UET's RUD state and entropy source ({@code nic.transport: uet}, or the QP's own transport) from the path's base RTT, and registers the QP in the flow table. Not on the hot
 * path: once per QP.
 */
final class QpOpener {
    private final int host;
    private final String name;
    private final Scheduler sim;
    private final FlowTable flows;
    private final NicConfig config;
    private final CcFactory ccFactory;
    /** Congestion-control algorithms by name, made on first use at this NIC's line rate. */
    private final Map<String, CcAlgorithm> ccAlgorithms = new HashMap<>();

    QpOpener(int host, String name, Scheduler sim, FlowTable flows, NicConfig config, CcFactory ccFactory) {
        this.host = host;
        this.name = name;
        this.sim = sim;
        this.flows = flows;
        this.config = config;
        this.ccFactory = ccFactory;
    }

    /** The congestion-control algorithm {@code name} at line rate {@code rateBps} (made once). */
    CcAlgorithm algorithm(String ccName, long rateBps) {
        CcAlgorithm a = ccAlgorithms.get(ccName);
        if (a == null) {
            a = ccFactory.create(ccName, config, rateBps);
            ccAlgorithms.put(ccName, a);
        }
        return a;
    }

    /** Opens a QP towards {@code dst} ({@link HostNic#openQp(int, int, int, int, String, boolean)}) on a port of {@code rateBps}. */
    QueuePair open(int dst, int priority, int dscp, int udpSrcPort, String cc, boolean readResponses, long rateBps,
                   PathRtt pathRtt, String transport) {
        if (dscp < 0 || dscp > Dscp.MAX) {
            throw new IllegalArgumentException(name + ": DSCP must be 0..63, got " + dscp);
        }
        if (dst == host) {
            throw new IllegalArgumentException(name + ": a QP needs another host, got " + dst);
        }
        // a QP's own transport (a workload's) overrides nic.transport; nic.uet's settings serve every UET QP
        UetConfig uet = transport == null || transport.equals(config.uet().transport()) ? config.uet()
                : config.uet().withTransport(transport);
        CcAlgorithm a = algorithm(cc != null ? cc : uet.uet() ? uet.senderCc() : config.cc(), rateBps);
        LossRecovery recovery;
        if (uet.uet()) {
            recovery = new Rud(uet.maxOutstanding(), uet.rtoPs());
        } else {
            LossRecoveryConfig lr = config.lossRecovery();
            long bdpPackets = lr.needsPathRtt()
                    ? SendWindow.bdpPackets(pathRtt, host, dst, rateBps, config.mtu(), name, "nic.loss_recovery is irn") : 0;
            recovery = lr.newQp(bdpPackets, config.nackIntervalPs());
        }
        QueuePair qp = new QueuePair(flows.nextQpId(), host, dst, priority, config.mtu(), udpSrcPort, sender(a, dst, pathRtt),
                a.newEcho(), readResponses, recovery, sim.now());
        if (uet.uet()) {
            qp.rud = (Rud) recovery;
            qp.spray = new Spray(uet.spray(), udpSrcPort, uet.entropies(), uet.repsBuffer());
            if (uet.credits()) {
                long bdp = SendWindow.bdpPackets(pathRtt, host, dst, rateBps, config.mtu(), name, "nic.uet.cc is "
                        + uet.cc()) * config.mtu();
                qp.credits = new Credits(Math.max(config.mtu(), (long) (uet.speculativeBdp() * bdp)));
                long base = pathRtt.ps(host, dst);
                qp.creditDelayLimitPs = base / 2 + uet.nscc().targetPs(base);
            }
        }
        qp.dscp = dscp;
        qp.rx.dscp = dscp;
        qp.rx.rud = qp.rud;
        qp.windowBytes = SendWindow.bytes(config, pathRtt, host, dst, rateBps, name);
        qp.algorithm = uet.uet() && cc == null ? uet.cc() : a.name();
        flows.addQp(qp);
        return qp;
    }

    /** A sender of algorithm {@code a} for a QP towards {@code dst}, given its path if the algorithm asks for it. */
    private CongestionControl sender(CcAlgorithm a, int dst, PathRtt pathRtt) {
        if (!a.needsPath()) {
            return a.newSender();
        }
        if (pathRtt == null) {
            throw new IllegalStateException(name + ": congestion control " + a.name() + " needs path RTTs but none are set");
        }
        return a.newSender(pathRtt.ps(host, dst), pathRtt.switches(host, dst));
    }
}
