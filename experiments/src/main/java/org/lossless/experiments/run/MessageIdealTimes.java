package org.lossless.experiments.run;

import org.lossless.experiments.metrics.MessageIdeals;
import org.lossless.experiments.metrics.MessageLog;
import org.lossless.nic.Verb;
import org.lossless.workloads.yaml.ScenarioException;

/**
 * The ideal completion times of the logged messages ({@link IdealFct} on the fabric as built, before any failure):
 * computed when a row is made, at the end of the run or as the message completes (streamed results). A message
 * too large for its links to represent alone is bad input ({@link ScenarioException}). Messages of one shape share
 * their ideal ({@link IdealMemo}). One thread at a time: the run's main thread, or its step between windows.
 */
final class MessageIdealTimes implements MessageIdeals {
    private final MessageLog log;
    private final IdealFct ideal;
    private final int mtu;
    private final long ackDelayPs;
    /** Receivers' ideals by the message's verb, hosts, QPs and bytes. */
    private final IdealMemo receivers = new IdealMemo();
    /** Senders' ideals past the receiver's, by verb and hosts. */
    private final IdealMemo senderLegs = new IdealMemo();

    MessageIdealTimes(MessageLog log, IdealFct ideal, int mtu, long ackDelayPs) {
        this.log = log;
        this.ideal = ideal;
        this.mtu = mtu;
        this.ackDelayPs = ackDelayPs;
    }

    @Override
    public long receiverPs(int i) {
        Verb op = log.op(i);
        int src = log.dataSrc(i);
        int dst = log.dataDst(i);
        long bytes = log.bytes(i);
        int qps = log.connection(i).options().qps();
        long key = IdealMemo.key(op.ordinal(), src, dst, qps);
        if (receivers.has(key, bytes)) {
            return receivers.last();
        }
        try {
            return receivers.put(key, bytes, ideal.fctPs(op, src, dst, bytes, mtu, qps));
        } catch (ArithmeticException e) {
            throw tooLong(i);
        }
    }

    /**
     * The receiver's ideal plus the sender's leg after it (the ACK's way back, or nothing for a READ), which depends
     * only on the verb and the hosts. The sum wraps like the one {@link IdealFct#senderFctPs} makes, so it is the same.
     */
    @Override
    public long senderPs(int i, long receiverPs) {
        Verb op = log.op(i);
        int src = log.dataSrc(i);
        int dst = log.dataDst(i);
        long key = IdealMemo.key(op.ordinal(), src, dst, 0);
        if (senderLegs.has(key, 0)) {
            return receiverPs + senderLegs.last();
        }
        try {
            return receiverPs + senderLegs.put(key, 0, ideal.senderFctPs(op, src, dst, receiverPs, ackDelayPs) - receiverPs);
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
