package org.lossless.workloads.traffic;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.MessageSize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/** A message cut into its queue pairs' parts, each part a size of its own; hand-counted packets. */
class QpSplitTest {
    @Test
    void aMessageOnOneQueuePairIsItsOwnPartNoNewSize() {
        MessageSize s = MessageSize.of(10_140);
        assertEquals(1, QpSplit.parts(s, 1024, 1));
        assertSame(s, QpSplit.part(s, 1024, 1, 0, null));
        // 1000 B is one packet at MTU 1024: one part whatever the QPs
        MessageSize one = MessageSize.of(1000);
        assertEquals(1, QpSplit.parts(one, 1024, 4));
        assertSame(one, QpSplit.part(one, 1024, 1, 0, null));
    }

    @Test
    void thePartsAreWholePacketsButTheLastAndSumToTheMessage() {
        // 10,140 B at MTU 1024 = 10 packets (the last 924 B) over 4 QPs: 10 = 4 x 2 + 2, so QPs 0 and 1 get 3
        MessageSize s = MessageSize.of(10_140);
        assertEquals(4, QpSplit.parts(s, 1024, 4));
        long[] expected = {3072, 3072, 2048, 1948};
        MessageSize[] parts = new MessageSize[4];
        for (int j = 0; j < 4; j++) {
            parts[j] = QpSplit.part(s, 1024, 4, j, j == 0 ? null : parts[j - 1]);
            assertEquals(expected[j], parts[j].bytes(), "part " + j);
        }
        assertSame(parts[0], parts[1], "QP 1's part is as large as QP 0's: the same value");
        // 1 byte over one packet on 8 QPs: 2 parts, 1024 B and 1 B
        MessageSize t = MessageSize.of(1025);
        assertEquals(2, QpSplit.parts(t, 1024, 8));
        MessageSize first = QpSplit.part(t, 1024, 2, 0, null);
        assertEquals(1024, first.bytes());
        assertEquals(1, QpSplit.part(t, 1024, 2, 1, first).bytes());
        // a part is a size of its own whatever the previous one was: 8 packets on 2 QPs, 4 each
        MessageSize e = MessageSize.of(8192);
        assertEquals(4096, QpSplit.part(e, 1024, 2, 1, null).bytes());
        assertEquals(4096, QpSplit.part(e, 1024, 2, 1, MessageSize.of(1)).bytes());
    }
}
