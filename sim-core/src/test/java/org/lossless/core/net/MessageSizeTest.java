package org.lossless.core.net;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The one rule of a message's size: at least 1 byte, refused here in one wording, so that no record holding a size
 * checks it again.
 */
class MessageSizeTest {
    @Test
    void oneByteIsTheLeast() {
        assertEquals(1, MessageSize.of(1).bytes());
        assertEquals(1L << 40, new MessageSize(1L << 40).bytes());
        assertEquals(Long.MAX_VALUE, MessageSize.of(Long.MAX_VALUE).bytes(), "a computed size is not bound by 1 TiB");
    }

    @Test
    void lessThanOneByteIsRefusedInOneWording() {
        assertEquals("message size must be > 0 bytes, got 0",
                assertThrows(IllegalArgumentException.class, () -> MessageSize.of(0)).getMessage());
        assertEquals("message size must be > 0 bytes, got -5",
                assertThrows(IllegalArgumentException.class, () -> new MessageSize(-5)).getMessage());
        assertEquals("message size must be > 0 bytes, got " + Long.MIN_VALUE,
                assertThrows(IllegalArgumentException.class, () -> MessageSize.of(Long.MIN_VALUE)).getMessage());
    }

    @Test
    void sizesAreValues() {
        assertEquals(MessageSize.of(2048), MessageSize.of(2048));
        assertNotEquals(MessageSize.of(2048), MessageSize.of(2049));
        assertEquals(MessageSize.of(2048).hashCode(), new MessageSize(2048).hashCode());
    }

    @Test
    void theListedBoundIsOneTebibyte() {
        assertEquals(1_099_511_627_776L, MessageSize.MAX_LISTED_BYTES);
        assertEquals(1, MessageSize.MIN_BYTES);
    }
}
