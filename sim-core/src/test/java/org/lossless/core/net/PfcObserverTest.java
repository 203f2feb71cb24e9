package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Chaining PFC observers: both told, first one first, with the same arguments. */
class PfcObserverTest {
    @Test
    void chainTellsBothInOrder() {
        List<String> heard = new ArrayList<>();
        PfcObserver first = (t, n, port, prio, pause) -> heard.add("first " + t + " " + n + " " + port + " " + prio + " " + pause);
        PfcObserver then = (t, n, port, prio, pause) -> heard.add("then " + t + " " + n + " " + port + " " + prio + " " + pause);
        PfcObserver.chain(first, then).pfcSent(1_000, "sw1", 2, 3, true);
        assertEquals(List.of("first 1000 sw1 2 3 true", "then 1000 sw1 2 3 true"), heard);
    }

    @Test
    void withoutAFirstTheSecondAlone() {
        PfcObserver then = (t, n, port, prio, pause) -> { };
        assertSame(then, PfcObserver.chain(null, then));
    }
}
