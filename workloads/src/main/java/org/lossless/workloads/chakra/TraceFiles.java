package org.lossless.workloads.chakra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The per-rank files of a Chakra trace directory, as Chakra's converters write them and ASTRA-sim reads them:
 * {@code PREFIX.RANK.et} (optionally gzip-compressed, {@code .et.gz}), one per rank, ranks 0..N-1 with no gap and
 * one prefix. Other files in the directory are ignored.
 */
final class TraceFiles {
    private static final Pattern NAME = Pattern.compile("(.*)\\.(\\d+)\\.et(\\.gz)?");

    private TraceFiles() {
    }

    /** The files of ranks 0..N-1, in rank order. */
    static List<Path> of(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new TraceException(dir + " is not a directory of Chakra traces (PREFIX.RANK.et files)");
        }
        TreeMap<Integer, Path> byRank = new TreeMap<>();
        String prefix = null;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.sorted().toList()) {
                Matcher m = NAME.matcher(p.getFileName().toString());
                if (!m.matches() || !Files.isRegularFile(p)) {
                    continue;
                }
                if (prefix != null && !prefix.equals(m.group(1))) {
                    throw new TraceException(dir + " holds traces of two jobs ('" + prefix + ".N.et' and '"
                            + m.group(1) + ".N.et'): keep one job's files per directory");
                }
                prefix = m.group(1);
                int rank;
                try {
                    rank = Integer.parseInt(m.group(2));
                } catch (NumberFormatException e) {
                    throw new TraceException(p.getFileName() + ": rank " + m.group(2) + " is too large");
                }
                Path before = byRank.put(rank, p);
                if (before != null) {
                    throw new TraceException(dir + " holds two files for rank " + rank + ": " + before.getFileName()
                            + " and " + p.getFileName());
                }
            }
        } catch (IOException e) {
            throw new TraceException(dir + ": cannot list the directory: " + e.getMessage());
        }
        if (byRank.isEmpty()) {
            throw new TraceException(dir + " holds no Chakra trace (files named PREFIX.RANK.et, one per rank)");
        }
        List<Path> out = new ArrayList<>(byRank.values());
        for (int r = 0; r < out.size(); r++) {
            if (!byRank.containsKey(r)) {
                throw new TraceException(dir + " has traces up to rank " + byRank.lastKey() + " but none for rank " + r
                        + " (ranks are numbered 0 to N-1)");
            }
        }
        return out;
    }
}
