package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.core.net.WireFormat;
import org.lossless.core.units.Units;

import java.util.List;

import org.lossless.nic.NicConfig;
import org.lossless.nic.NicSchema;
import org.lossless.core.settings.Values;
import org.lossless.workloads.yaml.SectionReader;
import org.lossless.core.settings.Section;
import org.lossless.nic.cc.CcSpec;
import org.lossless.nic.cc.CcSpecs;
import org.lossless.nic.dcqcn.DcqcnParams;
import org.lossless.nic.dcqcn.DcqcnSchema;

/**
 * Reads {@code nic} into nic-cc's {@link NicConfig}: the plain keys through {@link NicSchema#NIC} (names, ranges,
 * defaults and messages from the schema), the nested ones (custom rows there) by their readers below. {@code nic.dcqcn} is read through
 * {@link DcqcnSchema#DCQCN} (a profile plus any key) and handed to nic-cc's builder as read, which resolves it at the
 * host link rate and keeps it whole; it is read (and checked) and kept whatever {@code cc} is, since a connection may
 * choose dcqcn. So is each other algorithm's section ({@code nic.hpcc}, ...: every {@link CcSpecs#ALL}), read through
 * its {@link CcSpec#section()} and handed on as read ({@link NicConfig.Builder#ccSection}): its {@code CcSpec} reads
 * it in nic-cc.
 */
final class NicReader {
    private NicReader() {
    }

    /**
     * @param topology its host link rate is DCQCN's maximum rate (and rate-derived profile values) and sets
     *                 the receive buffer's auto thresholds
     * @param lossless the switch's lossless priorities: the default of {@code rx_buffer.priorities}
     */
    static NicConfig read(Cursor c, TopologyConfig topology, List<Integer> lossless) {
        long hostRateBps = topology.hostLink().rateBps();
        NicConfig.Builder nic = NicConfig.builder();
        Values written = SectionReader.read(c, NicSchema.NIC);
        Values v = NicSchema.NIC.resolve(written == null ? Values.empty(NicSchema.NIC) : written);
        long mtu = v.number("mtu");
        if (mtu < NicSchema.MIN_MTU || mtu > NicSchema.MAX_MTU) {
            throw c.key("mtu").error(Units.formatSize(mtu) + " is out of range: the MTU (RDMA payload per packet) must be "
                    + NicSchema.MIN_MTU + " to " + NicSchema.MAX_MTU + " bytes, e.g. 1024 or 4096");
        }
        String cc = v.text("cc");
        int ackInterval = v.integer("ack_interval");
        int ackPriority = ackPriority(c.key("ack_priority"));
        int cnpPriority = v.integer("cnp_priority");
        // the DSCPs switches classify ACKs and CNPs by (docs/switch.md, traffic classes); cnp_dscp is also written
        // by `lossless import mlx5` (roce_np/cnp_dscp)
        int ackDscp = ackDscp(c.key("ack_dscp"), ackPriority);
        Integer cnpDscpSet = v.integer("cnp_dscp");
        int cnpDscp = cnpDscpSet != null ? cnpDscpSet : org.lossless.core.net.Dscp.ofPriority(cnpPriority);
        long rto = v.number("rto");
        long ackDelay = v.number("ack_delay");
        long nackInterval = v.number("nack_interval");
        dcqcn(c.key("dcqcn"), hostRateBps, nic);
        WireFormat wire = WireFormat.of(v.text("wire"));
        RxBufferReader.read(c.key("rx_buffer"), topology, lossless, (int) mtu, wire, nic);
        long window = window(c.key("window"), mtu);
        long pfcResponse = v.isAuto("pfc_response_time") ? NicConfig.AUTO_PFC_RESPONSE : v.number("pfc_response_time");
        // each other algorithm's section goes to nic-cc as read: its Spec reads it there (CcSettings.read)
        for (CcSpec<?> spec : CcSpecs.ALL) {
            ccSection(c.key(spec.name()), spec.section(), w -> nic.ccSection(spec.name(), w));
        }
        LossRecoveryReader.read(v.text("loss_recovery"), c.key("irn"), nic);
        // every algorithm's parameters are kept whatever cc is: a workload may choose another (ConnectionOptions.cc)
        UetReader.read(v.text("transport"), c.key("uet"), nic);
        return SwitchReader.build(c, () -> nic.mtu((int) mtu).ackEvery(ackInterval).rtoPs(rto)
                .ackPriority(ackPriority).cnpPriority(cnpPriority).window(window).cc(cc)
                .pfcResponsePs(pfcResponse).ackDscp(ackDscp).cnpDscp(cnpDscp).ackDelayPs(ackDelay)
                .nackIntervalPs(nackInterval).wire(wire).build());
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
            return NicConfig.SAME_AS_DATA;
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
     * One algorithm's section ({@code nic.hpcc}, ...), read through its schema {@code section} (each key given
     * parsed on its own, the error naming it), then checked as a whole by {@code build}; an error of the set is
     * reported at the key it names when the file sets it.
     */
    static <T> T ccSection(Cursor c, Section section, java.util.function.Function<Values, T> build) {
        Values written = SectionReader.read(c, section);
        try {
            return build.apply(written == null ? Values.empty(section) : written);
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            int colon = m.indexOf(": ");
            String path = colon > 0 ? m.substring(0, colon) : "";
            String key = path.substring(path.lastIndexOf('.') + 1);
            if (written != null && written.has(key)) {
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

    /**
     * {@code nic.dcqcn}, read through {@link DcqcnSchema#DCQCN} (names, text forms, ranges, exit 2 with the key
     * path) and handed to nic-cc as read ({@link NicConfig.Builder#dcqcn(Values, long)}): the profile (default mlx5)
     * and any key, each not given taking the profile's value at the host link rate; the record checks the set as a
     * whole. The values are never opened here.
     */
    static void dcqcn(Cursor c, long hostRateBps, NicConfig.Builder nic) {
        Values written = SectionReader.read(c, DcqcnSchema.DCQCN);
        try {
            nic.dcqcn(written, hostRateBps);
        } catch (IllegalArgumentException e) {
            throw attribute(c, written, e.getMessage());
        }
    }

    /**
     * A consistency error of the whole parameter set ({@code nic.dcqcn.min_rate (...) must not exceed ...}):
     * reported at the key it names if the file sets that key, else at {@code nic.dcqcn}.
     */
    private static ScenarioException attribute(Cursor c, Values written, String message) {
        String detail = message.startsWith(DcqcnParams.PREFIX) ? message.substring(DcqcnParams.PREFIX.length()) : message;
        String key = detail.replaceFirst("^([a-z_]+).*$", "$1");
        if (written != null && !key.equals("profile") && written.has(key)) {
            return c.key(key).error(detail.startsWith(key + ": ") ? detail.substring(key.length() + 2) : detail);
        }
        return c.error(detail);
    }
}
