package org.lossless.experiments.scenario;

import org.lossless.nic.UetConfig;
import org.lossless.nic.nscc.NsccParams;
import org.lossless.workloads.yaml.Cursor;

/**
 * Reads {@code nic.transport} ({@code rocev2}, the default, or {@code uet}) and {@code nic.uet} (Ultra Ethernet's
 * transport: {@code spray}, {@code entropies}, {@code reps_buffer}, {@code rto}, {@code max_outstanding}, {@code cc},
 * {@code nscc}, {@code rccc}). {@code nic.uet} is read and checked whatever the transport.
 */
final class UetReader {
    static final String[] KEYS = {"spray", "entropies", "reps_buffer", "rto", "max_outstanding", "cc", "nscc", "rccc"};

    private UetReader() {
    }

    static UetConfig read(Cursor transportKey, Cursor uet) {
        String transport = transportKey.oneOf(UetConfig.ROCEV2, UetConfig.TRANSPORTS);
        uet.object(KEYS);
        String spray = uet.key("spray").oneOf(UetConfig.REPS, UetConfig.SPRAY_MODES);
        int entropies = (int) uet.key("entropies").integer(UetConfig.DEFAULT_ENTROPIES, 1, 16384);
        int reps = (int) uet.key("reps_buffer").integer(UetConfig.DEFAULT_REPS_BUFFER, 1, 4096);
        Cursor rtoKey = uet.key("rto");
        long rto = rtoKey.timePs(UetConfig.DEFAULT_RTO_PS);
        if (rto <= 0) {
            throw rtoKey.error("the UET retransmission timeout must be > 0, e.g. 100us");
        }
        int outstanding = (int) uet.key("max_outstanding").integer(UetConfig.DEFAULT_MAX_OUTSTANDING, 64, 1 << 20);
        Cursor ccKey = uet.key("cc");
        String cc = ccKey.oneOf(UetConfig.CCS.get(0), UetConfig.CCS);
        NsccParams nscc = NicReader.section(uet.key("nscc"), NsccParams.KEYS, NsccParams::of);
        Cursor rccc = uet.key("rccc").object("speculative", "grant");
        Cursor specKey = rccc.key("speculative");
        double speculative = UetConfig.DEFAULT_SPECULATIVE_BDP;
        if (specKey.present()) {
            try {
                speculative = Double.parseDouble(specKey.scalar("a number of BDPs such as 1.5").strip());
            } catch (NumberFormatException e) {
                throw specKey.error("expected a number of BDPs such as 1.5, got " + specKey.describe());
            }
        }
        if (!(speculative >= 0.01 && speculative <= 100)) {
            throw specKey.error(speculative + " is out of range: speculation is 0.01 to 100 BDPs of the QP's path");
        }
        int grant = (int) rccc.key("grant").integer(UetConfig.DEFAULT_GRANT_PACKETS, 1, 1024);
        double spec = speculative;
        return SwitchReader.build(uet, () -> new UetConfig(transport, spray, entropies, reps, rto, outstanding, cc, nscc,
                spec, grant));
    }
}
