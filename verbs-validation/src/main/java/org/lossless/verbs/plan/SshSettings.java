package org.lossless.verbs.plan;

/**
 * How the executor reaches the lab hosts with the system {@code ssh} (always with {@code BatchMode=yes}: keys
 * or an agent, never a password prompt).
 *
 * @param port             ssh port, or 0 for ssh's default
 * @param identity         private key file ({@code -i}), or null
 * @param knownHosts       known-hosts file ({@code UserKnownHostsFile}), or null for ssh's default
 * @param connectTimeoutS  {@code ConnectTimeout}, seconds
 * @param strictHostKeys   {@code StrictHostKeyChecking}: {@code yes} (default) or {@code accept-new}
 */
public record SshSettings(int port, String identity, String knownHosts, int connectTimeoutS, String strictHostKeys) {
    public SshSettings {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("ssh port must be 1..65535, got " + port);
        }
        if (connectTimeoutS < 1) {
            throw new IllegalArgumentException("ssh connect_timeout must be >= 1 s");
        }
        if (!strictHostKeys.equals("yes") && !strictHostKeys.equals("accept-new")) {
            throw new IllegalArgumentException("ssh strict_host_keys must be yes or accept-new, got " + strictHostKeys);
        }
    }

    public static SshSettings defaults() {
        return new SshSettings(0, null, null, 10, "yes");
    }
}
