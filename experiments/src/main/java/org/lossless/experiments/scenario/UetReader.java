package org.lossless.experiments.scenario;

import java.util.List;

import org.lossless.nic.UetConfig;
import org.lossless.nic.nscc.NsccParams;
import org.lossless.workloads.yaml.Cursor;

/**
 * Reads {@code nic.transport} ({@code rocev2}, the default, or {@code uet}) and {@code nic.uet} (Ultra Ethernet's
 * transport: {@code spray}, {@code entropies}, {@code reps_buffer}, {@code rto}, {@code max_outstanding}, {@code cc},
 * {@code nscc}). {@code nic.uet} is read and checked whatever the transport. Congestion controls UET defines but
 * Lossless does not run yet ({@code rccc}, {@code hybrid}) are refused with their own message.
 */
final class UetReader {
    static final String[] KEYS = {"spray", "entropies", "reps_buffer", "rto", "max_outstanding", "cc", "nscc"};
    /** UET congestion controls the specification defines; only {@link UetConfig#CCS} run. */
    static final List<String> SPEC_CCS = List.of("nscc", "rccc", "hybrid", "none");

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
        if (ccKey.present() && ccKey.isScalar() && SPEC_CCS.contains(ccKey.scalar("a congestion control"))
                && !UetConfig.CCS.contains(ccKey.scalar(""))) {
            throw ccKey.error("'" + ccKey.scalar("") + "' is not implemented yet (implemented: "
                    + String.join(", ", UetConfig.CCS) + ")");
        }
        String cc = ccKey.oneOf(UetConfig.CCS.get(0), UetConfig.CCS);
        NsccParams nscc = NicReader.section(uet.key("nscc"), NsccParams.KEYS, NsccParams::of);
        return SwitchReader.build(uet, () -> new UetConfig(transport, spray, entropies, reps, rto, outstanding, cc, nscc));
    }
}
