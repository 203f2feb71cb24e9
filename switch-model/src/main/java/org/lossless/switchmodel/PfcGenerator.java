package org.lossless.switchmodel;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PauseSender;
import org.lossless.core.net.PfcObserver;
import org.lossless.switchmodel.mmu.Mmu;
import org.lossless.switchmodel.pfc.PfcTiming;

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

    PfcGenerator(Scheduler sim, PacketPool pool, Mmu mmu, PfcTiming timing, String node, EgressPort[] ports) {
        this.sim = sim;
        this.mmu = mmu;
        this.node = node;
        this.senders = new PauseSender[ports.length];
        for (int i = 0; i < ports.length; i++) {
            int port = i;
            senders[i] = new PauseSender(sim, pool, ports[i], timing.pauseQuanta(), timing.refreshPs(ports[i].rateBps()),
                    pg -> mmu.isPaused(port, pg));
        }
    }

    /** Adds {@code o}; observers are told in the order they were added (no cost per frame without any). */
    void observe(PfcObserver o) {
        this.observer = PfcObserver.chain(observer, o);
    }

    /** After an admission on (inPort, pg): XOFF if the MMU says so. */
    void afterAdmit(int inPort, int pg) {
        if (mmu.shouldXoff(inPort, pg)) {
            mmu.markXoffSent(inPort, pg);
            senders[inPort].xoff(pg);
            report(inPort, pg, true);
        }
    }

    /** After a release from (inPort, pg): XON if the MMU says so. */
    void afterRelease(int inPort, int pg) {
        if (mmu.shouldXon(inPort, pg)) {
            mmu.markXonSent(inPort, pg);
            senders[inPort].xon(pg);
            report(inPort, pg, false);
        }
    }

    private void report(int port, int pg, boolean pause) {
        if (observer != null) {
            observer.pfcSent(sim.now(), node, port, pg, pause);
        }
    }
}
