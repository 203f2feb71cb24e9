package org.lossless.verbs.measure;

/**
 * What a version or facts command printed on a host ({@code ib_write_bw --version}, {@code uname -a},
 * {@code ethtool -i}, {@code ethtool IF}), as text; null text when the command failed.
 *
 * @param name the snapshot name, e.g. {@code ib_write_bw_version}
 * @param exitCode the command's exit status
 */
public record VersionInfo(String host, String name, String text, int exitCode) {
}
