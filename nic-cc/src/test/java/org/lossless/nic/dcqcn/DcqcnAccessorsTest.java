package org.lossless.nic.dcqcn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** What {@link Dcqcn} hands the NIC, and the flags the NIC reads from its two halves. */
class DcqcnAccessorsTest {
    private static final long G40 = 40_000_000_000L;

    @Test
    void dcqcnBuildsReactionAndNotificationPointsFromItsParameters() {
        DcqcnParams p = DcqcnParams.profile("paper2015", G40);
        Dcqcn d = new Dcqcn(p);
        assertEquals("dcqcn", d.name());
        assertSame(p, d.params());
        ReactionPoint rp = (ReactionPoint) d.newSender();
        assertSame(p, rp.params());
        assertFalse(rp.started());
        assertEquals(40e9, rp.rate(0), 0.0, "line rate before the first CNP");
        rp.onCnp(0);
        assertTrue(rp.started());
        NotificationPoint np = (NotificationPoint) d.newEcho();
        assertEquals(CnpMode.NP, np.mode());
    }

    @Test
    void onlyModeRpPutsTheCnpOnTheAck() {
        assertFalse(new NotificationPoint(DcqcnParams.profile("paper2015", G40)).cnpOnAck());
        NotificationPoint rp = new NotificationPoint(DcqcnParams.profile("paper2015", G40).override(Map.of("cnp_mode", "rp")));
        assertEquals(CnpMode.RP, rp.mode());
        assertTrue(rp.cnpOnAck());
    }
}
