package org.lossless.experiments.scenario;

import java.util.ArrayList;
import java.util.List;

/** Reads {@code topology}: dispatches on {@code type} to one reader per supported type. */
final class TopologyReader {
    /** Upper bound on hosts, to catch typos before they allocate a huge fabric. */
    static final int MAX_HOSTS = 1_000_000;

    private static final String[] STAR_KEYS = {"type", "hosts", "host_link", "fabric_link"};

    private TopologyReader() {
    }

    static TopologyConfig read(Cursor c) {
        if (!c.present()) {
            throw c.error("is required, e.g. {type: star, hosts: 9, host_link: {rate: 100Gbps, delay: 1us}}");
        }
        if (!c.key("type").present()) {
            c.object(STAR_KEYS); // a mapping? unknown keys (a misspelt "type") get a "did you mean"
        }
        Cursor typeKey = c.key("type");
        String type = typeKey.text("a topology type (" + String.join(", ", TopologyConfig.SUPPORTED) + ")");
        if (TopologyConfig.PLANNED.contains(type)) {
            throw typeKey.error("topology type '" + type + "' is not supported yet (supported: "
                    + String.join(", ", TopologyConfig.SUPPORTED) + ")");
        }
        return switch (type) {
            case "star" -> star(c);
            default -> {
                List<String> all = new ArrayList<>(TopologyConfig.SUPPORTED);
                all.addAll(TopologyConfig.PLANNED);
                throw typeKey.error("unknown topology type '" + type + "'" + Suggest.hint(type, all)
                        + " (supported: " + String.join(", ", TopologyConfig.SUPPORTED) + ")");
            }
        };
    }

    private static TopologyConfig.Star star(Cursor c) {
        c.object(STAR_KEYS);
        int hosts = (int) c.key("hosts").integer(2, MAX_HOSTS);
        LinkConfig host = link(c.key("host_link"), Defaults.HOST_LINK);
        LinkConfig fabric = link(c.key("fabric_link"), host);
        return new TopologyConfig.Star(hosts, host, fabric);
    }

    /** {@code {rate, delay}} or {@code {rate, length}}; missing keys come from {@code dflt}. */
    static LinkConfig link(Cursor c, LinkConfig dflt) {
        c.object("rate", "delay", "length");
        Cursor rateKey = c.key("rate");
        long rate = rateKey.rateBps(dflt.rateBps());
        if (rate <= 0) {
            throw rateKey.error("a link rate must be > 0, e.g. 100Gbps");
        }
        Cursor delayKey = c.key("delay");
        Cursor lengthKey = c.key("length");
        long length = lengthKey.present() ? lengthKey.lengthMm() : -1;
        long delay;
        if (delayKey.present()) {
            delay = delayKey.timePs();
        } else if (length >= 0) {
            try {
                delay = Units.propagationPs(length);
            } catch (ArithmeticException e) {
                throw lengthKey.error("the cable is too long");
            }
        } else {
            delay = dflt.delayPs();
            length = dflt.lengthMm();
        }
        return new LinkConfig(rate, delay, length);
    }
}
