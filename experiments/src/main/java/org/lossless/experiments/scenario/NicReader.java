package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.core.net.WireFormat;
import org.lossless.core.units.Units;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.nic.CcSettings;
import org.lossless.nic.LossRecoveryConfig;
import org.lossless.nic.NicConfig;
import org.lossless.nic.cc.CcKey;
import org.lossless.nic.cc.CcSpec;
import org.lossless.nic.cc.CcSpecs;
import org.lossless.nic.RxBufferConfig;
import org.lossless.nic.dcqcn.DcqcnKeys;
import org.lossless.nic.dcqcn.DcqcnParams;
import org.lossless.nic.dcqcn.DcqcnProfiles;

/**
 * Reads {@code nic} into nic-cc's {@link NicConfig}. {@code nic.dcqcn} is a profile plus overrides of any
 * {@link DcqcnKeys} key, resolved by {@link DcqcnParams} at the host link rate and kept whole; it is read
 * (and checked) and kept whatever {@code cc} is, since a connection may choose dcqcn.
 */
final class NicReader {
    /** {@code nic}'s keys; every algorithm's section ({@link CcSpecs#ALL}) after {@code nack_interval}. */
    static final String[] KEYS = java.util.stream.Stream.of(
            List.of("mtu", "cc", "ack_interval", "ack_priority", "ack_dscp", "cnp_priority", "cnp_dscp", "rto", "dcqcn",
                    "rx_buffer", "window", "pfc_response_time", "ack_delay", "nack_interval"),
            CcSpecs.names(),
            List.of("loss_recovery", "irn", "wire", "transport", "uet")).flatMap(List::stream).toArray(String[]::new);
    /** Congestion controls documented; only {@link #IMPLEMENTED} are accepted (today the same). */
    static final List<String> CC = org.lossless.nic.CcAlgorithms.NAMES;
    static final List<String> IMPLEMENTED = org.lossless.nic.CcAlgorithms.NAMES;
    /** Largest {@code ack_interval}, packets. */
    static final int MAX_ACK_INTERVAL = 65_536;

    private NicReader() {
    }

    /**
     * @param topology its host link rate is DCQCN's maximum rate (and rate-derived profile values) and sets
     *                 the receive buffer's auto thresholds
     * @param lossless the switch's lossless priorities: the default of {@code rx_buffer.priorities}
     */
    static NicConfig read(Cursor c, TopologyConfig topology, List<Integer> lossless) {
        long hostRateBps = topology.hostLink().rateBps();
        c.object(KEYS);
        Cursor mtuKey = c.key("mtu");
        long mtu = mtuKey.size(Defaults.MTU_BYTES);
        if (mtu < Defaults.MIN_MTU || mtu > Defaults.MAX_MTU) {
            throw mtuKey.error(Units.formatSize(mtu) + " is out of range: the MTU (RDMA payload per packet) must be "
                    + Defaults.MIN_MTU + " to " + Defaults.MAX_MTU + " bytes, e.g. 1024 or 4096");
        }
        Cursor ccKey = c.key("cc");
        // only what is implemented is allowed; a planned algorithm gets its own message
        if (ccKey.present() && ccKey.isScalar() && CC.contains(ccKey.scalar("a congestion control"))
                && !IMPLEMENTED.contains(ccKey.scalar("a congestion control"))) {
            throw ccKey.error("'" + ccKey.scalar("") + "' is not implemented yet (implemented: "
                    + String.join(", ", IMPLEMENTED) + ")");
        }
        String cc = ccKey.oneOf(Defaults.CC, IMPLEMENTED);
        int ackInterval = (int) c.key("ack_interval").integer(Defaults.ACK_INTERVAL, 1, MAX_ACK_INTERVAL);
        int ackPriority = ackPriority(c.key("ack_priority"));
        int cnpPriority = (int) c.key("cnp_priority").integer(Defaults.CNP_PRIORITY, 0, 7);
        // the DSCPs switches classify ACKs and CNPs by (docs/switch.md, traffic classes); cnp_dscp is also written
        // by `lossless import mlx5` (roce_np/cnp_dscp)
        int ackDscp = ackDscp(c.key("ack_dscp"), ackPriority);
        int cnpDscp = (int) c.key("cnp_dscp").integer(org.lossless.core.net.Dscp.ofPriority(cnpPriority), 0, 63);
        Cursor rtoKey = c.key("rto");
        long rto = rtoKey.timePs(Defaults.RTO_PS);
        if (rto <= 0) {
            throw rtoKey.error("the retransmission timeout must be > 0, e.g. 67108864ns (4.096 us x 2^14, the IB"
                    + " ACK timeout 14)");
        }
        // times are never negative (Units); 0 is allowed for both
        long ackDelay = c.key("ack_delay").timePs(NicConfig.DEFAULT_ACK_DELAY_PS);
        long nackInterval = c.key("nack_interval").timePs(NicConfig.DEFAULT_NACK_INTERVAL_PS);
        DcqcnParams dcqcn = dcqcn(c.key("dcqcn"), hostRateBps);
        WireFormat wire = WireFormat.of(c.key("wire").oneOf(WireFormat.ROCEV2.name(), WireFormat.NAMES));
        RxBufferConfig rx = RxBufferReader.read(c.key("rx_buffer"), topology, lossless, (int) mtu, wire);
        long window = window(c.key("window"), mtu);
        Long response = PfcReader.responseTime(c.key("pfc_response_time"), NicConfig.AUTO_PFC_RESPONSE);
        long pfcResponse = response == null ? NicConfig.AUTO_PFC_RESPONSE : response;
        Map<String, Object> sections = new LinkedHashMap<>();
        for (CcSpec<?> spec : CcSpecs.ALL) {
            sections.put(spec.name(), section(c.key(spec.name()), spec.keys(), spec::parse));
        }
        CcSettings others = new CcSettings(sections);
        LossRecoveryConfig lossRecovery = LossRecoveryReader.read(c.key("loss_recovery"), c.key("irn"));
        // every algorithm's parameters are kept whatever cc is: a workload may choose another (ConnectionOptions.cc)
        org.lossless.nic.UetConfig uet = UetReader.read(c.key("transport"), c.key("uet"));
        return SwitchReader.build(c, () -> NicConfig.builder().mtu((int) mtu).ackEvery(ackInterval).rtoPs(rto)
                .ackPriority(ackPriority).cnpPriority(cnpPriority).dcqcn(dcqcn).rxBuffer(rx).window(window).cc(cc)
                .pfcResponsePs(pfcResponse).ackDscp(ackDscp).cnpDscp(cnpDscp).ackDelayPs(ackDelay)
                .nackIntervalPs(nackInterval).ccSettings(others).lossRecovery(lossRecovery).wire(wire).uet(uet).build());
    }

    /**
     * {@code nic.window}: {@code none} (default), {@code bdp}, or a size of at least one MTU (payload bytes a
     * QP may have unacknowledged).
     */
    static long window(Cursor c, long mtu) {
        if (!c.present()) {
            return NicConfig.NO_WINDOW;
        }
        String expected = "none, bdp or a size of at least one MTU (" + mtu + " B) such as 64KB";
        String text = c.scalar(expected).strip();
        if (text.equals("none")) {
            return NicConfig.NO_WINDOW;
        }
        if (text.equals("bdp")) {
            return NicConfig.BDP_WINDOW;
        }
        long bytes;
        try {
            bytes = Units.parseSize(text);
        } catch (IllegalArgumentException e) {
            throw c.error("expected " + expected + ", got " + c.describe());
        }
        if (bytes < mtu) {
            throw c.error(bytes + " B is below one MTU (" + mtu + " B): a QP could never send a full"
                    + " packet; use none, bdp or a size of at least " + mtu + " B");
        }
        return bytes;
    }

    /** 0..7, or {@code data} ({@link NicConfig#SAME_AS_DATA}): ACKs travel on the data packet's priority. */
    private static int ackPriority(Cursor c) {
        if (!c.present()) {
            return Defaults.ACK_PRIORITY;
        }
        if (c.isScalar() && "data".equals(c.scalar("0..7 or data"))) {
            return NicConfig.SAME_AS_DATA;
        }
        try {
            return (int) c.integer(0, 7);
        } catch (ScenarioException e) {
            throw c.error("expected a priority from 0 to 7, or data (the data packet's priority), got " + c.describe());
        }
    }

    /**
     * One algorithm's section ({@code nic.hpcc}, ...): each key given is checked on its own (the error names
     * it), then the whole set by {@code build}; an error of the set is reported at the key it names.
     */
    static <T> T section(Cursor c, List<CcKey> keys, java.util.function.Function<Map<String, String>, T> build) {
        if (!c.present()) {
            return build.apply(Map.of());
        }
        c.object(keys.stream().map(CcKey::name).toArray(String[]::new));
        Map<String, String> overrides = new LinkedHashMap<>();
        for (CcKey key : keys) {
            Cursor k = c.key(key.name());
            if (!k.present()) {
                continue;
            }
            String value = k.scalar(key.expected());
            try {
                key.parse(value);
            } catch (IllegalArgumentException e) {
                throw k.error(e.getMessage() + "; expected " + key.expected());
            }
            overrides.put(key.name(), value.strip());
        }
        try {
            return build.apply(overrides);
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            int colon = m.indexOf(": ");
            String path = colon > 0 ? m.substring(0, colon) : "";
            String key = path.substring(path.lastIndexOf('.') + 1);
            if (overrides.containsKey(key)) {
                throw c.key(key).error(m.substring(colon + 2));
            }
            throw c.error(m);
        }
    }

    /**
     * {@code nic.ack_dscp}: 0..63, or {@code data} (the QP's DSCP); default {@code data} when ACKs travel on the
     * data priority, else the class selector of {@code nic.ack_priority}.
     */
    private static int ackDscp(Cursor c, int ackPriority) {
        if (!c.present()) {
            return NicConfig.defaultAckDscp(ackPriority);
        }
        if (c.isScalar() && "data".equals(c.scalar("0..63 or data"))) {
            return NicConfig.SAME_AS_DATA;
        }
        try {
            return (int) c.integer(0, 63);
        } catch (ScenarioException e) {
            throw c.error("expected a DSCP from 0 to 63, or data (the data packet's DSCP), got " + c.describe());
        }
    }

    /** {@code nic.dcqcn}: profile (default mlx5) and any {@link DcqcnKeys} key, as unit strings. */
    static DcqcnParams dcqcn(Cursor c, long hostRateBps) {
        c.object(DcqcnKeys.names().toArray(String[]::new));
        String profile = c.key("profile").oneOf(Defaults.DCQCN_PROFILE, DcqcnProfiles.NAMES);
        Map<String, String> overrides = new LinkedHashMap<>();
        for (DcqcnKeys.Key key : DcqcnKeys.all().values()) {
            Cursor k = c.key(key.name());
            if (!k.present()) {
                continue;
            }
            String value = k.scalar(expected(key.kind()));
            try {
                key.parse().accept(new DcqcnParams.Builder(), value.strip());
            } catch (IllegalArgumentException e) {
                throw k.error(e.getMessage());
            }
            overrides.put(key.name(), value);
        }
        try {
            return DcqcnParams.profile(profile, hostRateBps, overrides);
        } catch (IllegalArgumentException e) {
            throw attribute(c, overrides, e.getMessage());
        }
    }

    /**
     * A consistency error of the whole parameter set ({@code nic.dcqcn.min_rate (...) must not exceed ...}):
     * reported at the key it names if the file sets that key, else at {@code nic.dcqcn}.
     */
    private static ScenarioException attribute(Cursor c, Map<String, String> overrides, String message) {
        String detail = message.startsWith(DcqcnParams.PREFIX) ? message.substring(DcqcnParams.PREFIX.length()) : message;
        String key = detail.replaceFirst("^([a-z_]+).*$", "$1");
        if (overrides.containsKey(key)) {
            return c.key(key).error(detail.startsWith(key + ": ") ? detail.substring(key.length() + 2) : detail);
        }
        return c.error(detail);
    }

    private static String expected(DcqcnKeys.Kind kind) {
        return switch (kind) {
            case TIME -> "a time such as 55us";
            case RATE -> "a rate such as 40Mbps";
            case SIZE -> "a size such as 10MB";
            case FRACTION -> "a fraction such as 1/256 or 0.5";
            case INT -> "an integer";
            case BOOL -> "true or false";
            case ENUM -> "a name";
        };
    }
}
