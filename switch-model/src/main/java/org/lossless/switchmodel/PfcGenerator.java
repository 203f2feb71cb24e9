package org.lossless.switchmodel;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PacketType;
import org.lossless.core.net.WireFormat;
import org.lossless.switchmodel.mmu.Mmu;
import org.lossless.switchmodel.pfc.PauseMode;
import org.lossless.switchmodel.pfc.PfcTiming;

/**
 * Sends a switch's PAUSE frames. XOFF and XON for an ingress (port, PG) leave on that port, ahead of
 * its queued data ({@link EgressPort#sendUrgent}). In timed mode a standing pause is refreshed every
 * {@link PfcTiming#refreshPs} while the MMU still holds the PG paused, with one reused event per port.
 */
final class PfcGenerator {
    private final Scheduler sim;
    private final PacketPool pool;
    private final Mmu mmu;
    private final PfcTiming timing;
    private final String node;
    private final EgressPort[] ports;
    private final Refresh[] refresh;
    private PfcObserver observer;

    PfcGenerator(Scheduler sim, PacketPool pool, Mmu mmu, PfcTiming timing, String node, EgressPort[] ports) {
        this.sim = sim;
        this.pool = pool;
        this.mmu = mmu;
        this.timing = timing;
        this.node = node;
        this.ports = ports;
        this.refresh = new Refresh[ports.length];
    }

    /** Adds {@code o}; observers are told in the order they were added (no cost per frame without any). */
    void observe(PfcObserver o) {
        PfcObserver before = observer;
        this.observer = before == null ? o : (t, n, port, pg, pause) -> {
            before.pfcSent(t, n, port, pg, pause);
            o.pfcSent(t, n, port, pg, pause);
        };
    }

    /** After an admission on (inPort, pg): XOFF if the MMU says so. */
    void afterAdmit(int inPort, int pg) {
        if (mmu.shouldXoff(inPort, pg)) {
            mmu.markXoffSent(inPort, pg);
            send(inPort, pg, timing.pauseQuanta());
            report(inPort, pg, true);
            armRefresh(inPort);
        }
    }

    /** After a release from (inPort, pg): XON if the MMU says so. */
    void afterRelease(int inPort, int pg) {
        if (mmu.shouldXon(inPort, pg)) {
            mmu.markXonSent(inPort, pg);
            send(inPort, pg, 0);
            report(inPort, pg, false);
        }
    }

    private void report(int port, int pg, boolean pause) {
        if (observer != null) {
            observer.pfcSent(sim.now(), node, port, pg, pause);
        }
    }

    private void send(int port, int pg, int quanta) {
        Packet f = pool.acquire();
        f.type = PacketType.PFC;
        f.priority = pg;
        f.pfcClassEnable = 1 << pg;
        f.pfcQuanta[pg] = quanta;
        f.frameBytes = WireFormat.PFC_FRAME;
        f.wireBytes = WireFormat.wireBytes(WireFormat.PFC_FRAME);
        ports[port].sendUrgent(f);
    }

    private void armRefresh(int port) {
        if (timing.mode() != PauseMode.TIMED) {
            return;
        }
        if (refresh[port] == null) {
            refresh[port] = new Refresh(port);
        }
        if (!refresh[port].isScheduled()) {
            sim.schedule(refresh[port], sim.now() + timing.refreshPs(ports[port].rateBps()));
        }
    }

    /** Re-sends XOFF for every PG of one port that is still paused; re-arms while any is. */
    private final class Refresh extends SimEvent {
        private static final long serialVersionUID = 1L;
        private final int port;

        Refresh(int port) {
            this.port = port;
        }

        @Override
        protected void fire() {
            boolean any = false;
            for (int pg = 0; pg < 8; pg++) {
                if (mmu.isPaused(port, pg)) {
                    send(port, pg, timing.pauseQuanta());
                    any = true;
                }
            }
            if (any) {
                sim.schedule(this, sim.now() + timing.refreshPs(ports[port].rateBps()));
            }
        }
    }
}
