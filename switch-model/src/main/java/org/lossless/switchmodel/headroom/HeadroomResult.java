package org.lossless.switchmodel.headroom;

import java.util.List;
import java.util.Locale;

/**
 * A headroom computation with every term.
 *
 * @param model      which rule
 * @param rateBps    port speed
 * @param cableMeters cable length
 * @param components the terms, in the order they are summed
 * @param rawXoffBytes the unrounded xoff, bytes
 * @param xoffBytes  headroom for in-flight bytes after XOFF (rounded as the model rounds), bytes; for
 *                   {@link HeadroomModel#CBFC} the credit one class needs to keep the link busy
 * @param xonBytes   the xon size, bytes; -1 when the model defines none
 * @param sizeBytes  the PG buffer size the model configures, bytes; -1 when the model defines none
 * @param notes      assumptions worth printing
 */
public record HeadroomResult(HeadroomModel model, long rateBps, double cableMeters, List<Component> components,
                             double rawXoffBytes, long xoffBytes, long xonBytes, long sizeBytes, List<String> notes) {
    public HeadroomResult {
        components = List.copyOf(components);
        notes = List.copyOf(notes);
    }

    /** The component with {@code key}. */
    public Component component(String key) {
        for (Component c : components) {
            if (c.key().equals(key)) {
                return c;
            }
        }
        throw new IllegalArgumentException("no component '" + key + "' in the " + model + " result");
    }

    /** Multi-line human-readable table: one line per component, then xoff, xon, size and notes. */
    public String toText() {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "model: %s   rate: %s   cable: %s m%n", model.name().toLowerCase(Locale.ROOT),
                rate(rateBps), trim(cableMeters)));
        for (Component c : components) {
            b.append(String.format(Locale.ROOT, "  %-32s %12s B   %s%n", c.label(), bytes(c.bytes()), c.formula()));
        }
        b.append(String.format(Locale.ROOT, "  %-32s %12s B%n", "sum (unrounded)", bytes(rawXoffBytes)));
        b.append(String.format(Locale.ROOT, "%s: %d B (%.1f KB)%n", model == HeadroomModel.CBFC ? "credits per class"
                : "xoff", xoffBytes, xoffBytes / 1000.0));
        if (xonBytes >= 0) {
            b.append(String.format(Locale.ROOT, "xon:  %d B%n", xonBytes));
        }
        if (sizeBytes >= 0) {
            b.append(String.format(Locale.ROOT, "size: %d B%n", sizeBytes));
        }
        for (String n : notes) {
            b.append("note: ").append(n).append(System.lineSeparator());
        }
        return b.toString();
    }

    static String bytes(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%,d", (long) v) : String.format(Locale.ROOT, "%,.1f", v);
    }

    static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    static String rate(long bps) {
        if (bps % 1_000_000_000L == 0) {
            return bps / 1_000_000_000L + "Gbps";
        }
        return bps % 1_000_000 == 0 ? bps / 1_000_000 + "Mbps" : bps + "bps";
    }
}
