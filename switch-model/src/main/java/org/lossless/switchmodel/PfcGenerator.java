package org.lossless.switchmodel;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PauseSender;
import org.lossless.core.net.PfcObserver;
import org.lossless.switchmodel.mmu.Mmu;
import org.lossless.switchmodel.pfc.PfcTiming;
import org.lossless.switchmodel.qos.QosMap;

/**
 * Sends a switch's PAUSE frames. XOFF and XON for an ingress (port, PG) leave on that port, ahead of
 * its queued data ({@link EgressPort#sendUrgent}). In timed mode a standing pause is refreshed every
 * {@link PfcTiming#refreshPs} while the MMU still holds the PG paused, with one reused event per port
 * (sim-core's {@link PauseSender}, shared with the NIC receive buffer).
 */
final class PfcGenerator {
    private final Scheduler sim;
    private final Mmu mmu;
    private final String node;
    private final PauseSender[] senders;
    private PfcObserver observer;
    private QosMap qos = QosMap.DEFAULT;

    PfcGenerator(Scheduler sim, PacketPool pool, Mmu mmu, PfcTiming timing, String node, EgressPort[] ports) {
        this.sim = sim;
        this.mmu = mmu;
        this.node = node;
        this.senders = new PauseSender[ports.length];
        for (int i = 0; i < ports.length; i++) {
            int port = i;
            senders[i] = new PauseSender(sim, pool, ports[i], timing.pauseQuanta(), timing.refreshPs(ports[i].rateBps()),
                    prio -> held(port, prio));
        }
    }

    /** Whether PFC priority {@code prio} stands for a PG of {@code port} that the MMU holds paused. */
    private boolean held(int port, int prio) {
        int pg = qos.pgOfPfcPriority(prio);
        return pg >= 0 && mmu.isPaused(port, pg);
    }

    /** PFC frames in {@code wire}'s format (before the run starts; RoCEv2's until then). */
    void wire(org.lossless.core.net.WireFormat wire) {
        for (PauseSender s : senders) {
            s.wire(wire);
        }
    }

    /** The PG → PFC priority mapping (before the run starts). */
    void classification(QosMap map) {
        this.qos = map;
    }

    /** Adds {@code o}; observers are told in the order they were added (no cost per frame without any). */
    void observe(PfcObserver o) {
        this.observer = PfcObserver.chain(observer, o);
    }

    /** After an admission on (inPort, pg): XOFF if the MMU says so. */
    void afterAdmit(int inPort, int pg) {
        if (mmu.shouldXoff(inPort, pg)) {
            mmu.markXoffSent(inPort, pg);
            for (int m = qos.pfcPrioritiesOf(pg); m != 0; m &= m - 1) {
                int prio = Integer.numberOfTrailingZeros(m);
                senders[inPort].xoff(prio);
                report(inPort, prio, true);
            }
        }
    }

    /** After a release from (inPort, pg): XON if the MMU says so. */
    void afterRelease(int inPort, int pg) {
        if (mmu.shouldXon(inPort, pg)) {
            mmu.markXonSent(inPort, pg);
            for (int m = qos.pfcPrioritiesOf(pg); m != 0; m &= m - 1) {
                int prio = Integer.numberOfTrailingZeros(m);
                senders[inPort].xon(prio);
                report(inPort, prio, false);
            }
        }
    }

    private void report(int port, int prio, boolean pause) {
        if (observer != null) {
            observer.pfcSent(sim.now(), node, port, prio, pause);
        }
    }
}
