package org.lossless.experiments.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Reads why a run failed from its Slurm task's log. */
final class SlurmLog {
    private SlurmLog() {
    }

    /**
     * The reason the task printed for run {@code index} ("... run I ...: failed: REASON"), else the last line
     * the task or Slurm printed (e.g. Slurm's "CANCELLED ... DUE TO TIME LIMIT"), else null.
     */
    static String reason(Path log, int index) {
        List<String> lines;
        try {
            lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            return null;
        }
        String mark = SweepTask.PREFIX + "run " + index + " ";
        for (String l : lines) {
            if (l.startsWith(mark) && l.contains(": failed: ")) {
                return l.substring(l.indexOf(": failed: ") + 10);
            }
        }
        for (int i = lines.size() - 1; i >= 0; i--) {
            String l = lines.get(i).strip();
            if (!l.isEmpty()) {
                l = l.startsWith(SweepTask.PREFIX) ? l.substring(SweepTask.PREFIX.length()) : l;
                return l.length() > 300 ? l.substring(0, 300) + "..." : l;
            }
        }
        return null;
    }
}
