package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Chaining PFC observers: both told, first one first, with the same arguments. */
class PfcObserverTest {
    private static PfcObserver recorder(String name, List<String> heard) {
        return (t, node, port, prio, pause) -> heard.add(name + " " + t + " " + node + " " + port + " " + prio + " " + pause);
    }

    @Test
    void chainTellsBothInOrder() {
        List<String> heard = new ArrayList<>();
        PfcObserver.chain(recorder("first", heard), recorder("then", heard)).pfcSent(1_000, "sw1", 2, 3, true);
        assertEquals(List.of("first 1000 sw1 2 3 true", "then 1000 sw1 2 3 true"), heard);
    }

    @Test
    void withoutAFirstTheSecondAlone() {
        PfcObserver then = (t, node, port, prio, pause) -> { };
        assertSame(then, PfcObserver.chain(null, then));
    }
}
