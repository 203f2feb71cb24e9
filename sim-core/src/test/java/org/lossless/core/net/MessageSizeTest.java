package org.lossless.core.net;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The one rule of a message's size: at least 1 byte, refused in the holder's own words. */
class MessageSizeTest {
    @Test
    void oneByteIsTheLeast() {
        assertEquals(1, MessageSize.check(1, "flow size"));
        assertEquals(1L << 40, MessageSize.check(1L << 40, "message", 3));
        assertEquals("flow size must be > 0 bytes, got 0",
                assertThrows(IllegalArgumentException.class, () -> MessageSize.check(0, "flow size")).getMessage());
        assertEquals("message 7: size must be > 0 bytes, got -5", assertThrows(IllegalArgumentException.class,
                () -> MessageSize.check(-5, "message", 7)).getMessage());
    }

    @Test
    void theListedBoundIsOneTebibyte() {
        assertEquals(1_099_511_627_776L, MessageSize.MAX_LISTED_BYTES);
    }
}
