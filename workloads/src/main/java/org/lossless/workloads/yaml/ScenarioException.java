package org.lossless.workloads.yaml;

/**
 * A bad scenario or a bad command-line value: the message is meant for the user as it is. It names the
 * file (or the {@code --set} option), the key path and what is wrong, e.g.
 * {@code incast.yaml: switch.ecn.kmin: '10 Gbps' is not a size: ...}. The CLI turns it into exit status 2.
 */
public class ScenarioException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final String path;

    /**
     * @param file   display name of the scenario file, or null
     * @param path   key path such as {@code workloads[0].flows[2].dst}, or null when the whole file is meant
     * @param detail what is wrong (and what is allowed)
     */
    public ScenarioException(String file, String path, String detail) {
        super(compose(file, path, detail));
        this.file = file;
        this.path = path;
    }

    /** A message that is already complete. */
    public ScenarioException(String message) {
        super(safe(message));
        this.file = null;
        this.path = null;
    }

    /**
     * One line: control and bidirectional characters from the user's text (keys, values, file names) are
     * escaped ({@link org.lossless.core.text.Printable}), so a message cannot rewrite the terminal.
     */
    private static String compose(String file, String path, String detail) {
        return safe(join(file, path, detail));
    }

    /** Escapes control and bidi characters and cuts long quoted values ({@link org.lossless.core.text.Printable#message}). */
    private static String safe(String message) {
        return org.lossless.core.text.Printable.message(message);
    }

    private static String join(String file, String path, String detail) {
        StringBuilder sb = new StringBuilder();
        if (file != null) {
            sb.append(file).append(": ");
        }
        if (path != null && !path.isEmpty()) {
            sb.append(path).append(": ");
        }
        return sb.append(detail).toString();
    }

    /** The scenario file's display name, or null. */
    public String file() {
        return file;
    }

    /** The key path, or null. */
    public String path() {
        return path;
    }
}
