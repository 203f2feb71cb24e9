package org.lossless.experiments.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.MessageSize;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageTag;

/** The compact log gives back what the message objects said, across pages, for every verb and tag. */
class MessageLogTest {
    private final Connection c0 = new Connection(0, 3, 7, ConnectionOptions.of(2).withQps(4));
    private final Connection c1 = new Connection(1, 5, 1, ConnectionOptions.of(0));

    @Test
    void everyFieldComesBackAcrossPages() {
        MessageLog log = new MessageLog(List.of(c0, c1));
        int n = 2 * MessageLog.PAGE + 3;
        for (int i = 0; i < n; i++) {
            log.add(message(i), 4 * i, 1 + i % 4);
        }
        assertEquals(n, log.size());
        for (int i = 0; i < n; i += 997) {
            check(log, message(i), i);
        }
        check(log, message(n - 1), n - 1);
        check(log, message(MessageLog.PAGE), MessageLog.PAGE);
    }

    @Test
    void completionsAreRecordedAfterThePost() {
        MessageLog log = new MessageLog(List.of(c0, c1));
        log.add(message(0), 0, 1);
        assertEquals(-1, log.deliveredPs(0));
        assertEquals(-1, log.ackedPs(0));
        log.delivered(0, 5_000);
        log.acked(0, 9_000);
        assertEquals(5_000, log.deliveredPs(0));
        assertEquals(9_000, log.ackedPs(0));
    }

    @Test
    void idsMustBeDense() {
        MessageLog log = new MessageLog(List.of(c0, c1));
        assertThrows(IllegalArgumentException.class, () -> log.add(message(1), 0, 1));
    }

    /** Message i: on connection i % 2, READ every third (payload from the connection's destination), tags vary. */
    private Message message(int i) {
        Verb op = i % 3 == 0 ? Verb.READ : i % 3 == 1 ? Verb.WRITE : Verb.SEND;
        MessageTag tag = i % 2 == 0 ? new MessageTag(i % 5, i % 7, i % 2, "data", new long[0])
                : i % 5 == 0 ? MessageTag.control(1, 2, 0, "cts", new long[0]) : MessageTag.NONE_TAG;
        return new Message(i, i % 4 == 0 ? "ar" : "bg", i % 2 == 0 ? c0 : c1, MessageSize.of(64L * i + 1), op, tag,
                1_000L * i);
    }

    private static void check(MessageLog log, Message m, int i) {
        assertEquals(m.bytes(), log.bytes(i));
        assertEquals(m.postPs(), log.postPs(i));
        assertEquals(m.workload(), log.workload(i));
        assertEquals(m.op(), log.op(i));
        assertEquals(m.dataSrc(), log.dataSrc(i));
        assertEquals(m.dataDst(), log.dataDst(i));
        assertEquals(m.connection(), log.connection(i));
        assertEquals(MessageLabel.of(m), log.label(i));
        assertEquals(4 * i, log.firstPart(i));
        assertEquals(1 + i % 4, log.parts(i));
    }
}
