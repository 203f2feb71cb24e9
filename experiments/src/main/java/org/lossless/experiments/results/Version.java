package org.lossless.experiments.results;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The Lossless version (the Maven project version, filtered into a resource at build time). */
public final class Version {
    private static final String VERSION = load();

    private Version() {
    }

    /** E.g. {@code 0.1.0}; {@code unknown} if the resource is missing. */
    public static String current() {
        return VERSION;
    }

    private static String load() {
        try (InputStream in = Version.class.getResourceAsStream("/org/lossless/experiments/version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty("version", "unknown");
            return v.startsWith("${") ? "unknown" : v;
        } catch (IOException e) {
            return "unknown";
        }
    }
}
