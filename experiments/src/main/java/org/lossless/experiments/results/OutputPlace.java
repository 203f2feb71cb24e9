package org.lossless.experiments.results;

import org.lossless.core.text.Printable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * Whether results can go under a path at all, said before anything is tried: the nearest existing folder above
 * the target must be a folder (not a file: {@code --out notes.txt/sub}) on a file system that holds files (not the
 * kernel's {@code /proc} or {@code /sys}, where creating a file fails with a bare "no such file").
 */
final class OutputPlace {
    /** File system types (Linux) that show the kernel's state as files and take no results. */
    static final Set<String> VIRTUAL = Set.of("proc", "sysfs", "devtmpfs", "devpts", "cgroup", "cgroup2", "debugfs",
            "tracefs", "securityfs", "configfs", "pstore", "bpf", "mqueue", "fusectl", "binfmt_misc", "efivarfs",
            "nsfs", "rpc_pipefs", "autofs");

    private OutputPlace() {
    }

    /**
     * @param shown the target as the user named it
     * @param abs   the target, absolute and normalised
     * @throws OutputRefusedException with the reason
     */
    static void check(Path shown, Path abs) {
        Path p = abs.getParent();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        if (p == null) {
            return;
        }
        if (!Files.isDirectory(p)) {
            throw new OutputRefusedException(shown + ": " + p + " is a file, not a folder; choose another --out");
        }
        String type;
        try {
            type = Files.getFileStore(p).type();
        } catch (IOException | SecurityException e) {
            return; // the write itself will say what is wrong
        }
        if (VIRTUAL.contains(type)) {
            throw new OutputRefusedException(shown + ": " + p + " is on the " + Printable.of(type) + " file system, "
                    + "which shows the kernel's state and takes no files; choose another --out");
        }
    }
}
