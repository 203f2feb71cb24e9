package org.lossless.experiments.run;

import org.lossless.experiments.metrics.MessageIdeals;
import org.lossless.experiments.metrics.MessageLog;
import org.lossless.nic.Verb;
import org.lossless.workloads.yaml.ScenarioException;

/**
 * The ideal completion times of the logged messages ({@link IdealFct} on the fabric as built, before any failure):
 * computed when a row is made, at the end of the run or as the message completes (streamed results). A message
 * too large for its links to represent alone is bad input ({@link ScenarioException}).
 */
final class MessageIdealTimes implements MessageIdeals {
    private final MessageLog log;
    private final IdealFct ideal;
    private final int mtu;
    private final long ackDelayPs;

    MessageIdealTimes(MessageLog log, IdealFct ideal, int mtu, long ackDelayPs) {
        this.log = log;
        this.ideal = ideal;
        this.mtu = mtu;
        this.ackDelayPs = ackDelayPs;
    }

    @Override
    public long receiverPs(int i) {
        try {
            return ideal.fctPs(log.op(i), log.dataSrc(i), log.dataDst(i), log.bytes(i), mtu,
                    log.connection(i).options().qps());
        } catch (ArithmeticException e) {
            throw tooLong(i);
        }
    }

    @Override
    public long senderPs(int i, long receiverPs) {
        try {
            return ideal.senderFctPs(log.op(i), log.dataSrc(i), log.dataDst(i), receiverPs, ackDelayPs);
        } catch (ArithmeticException e) {
            throw tooLong(i);
        }
    }

    private ScenarioException tooLong(int i) {
        return new ScenarioException("message " + i + " of workload " + log.workload(i) + " (" + log.bytes(i)
                + " B from host " + log.dataSrc(i) + " to host " + log.dataDst(i) + "): alone in the empty network it "
                + "would take longer than 2^63 ps (about 106 days), the longest time a run represents; its links are "
                + "too slow for its size (make it smaller or the links faster)");
    }
}
