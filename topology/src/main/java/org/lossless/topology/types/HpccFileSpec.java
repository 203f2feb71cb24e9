package org.lossless.topology.types;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.lossless.topology.Topology;
import org.lossless.topology.io.HpccTopology;
import org.lossless.topology.io.HpccTopologyFile;

/**
 * {@code hpcc-file}: a topology read from an HPCC ns-3 topology file ({@link HpccTopologyFile}); node
 * ids are the file's. The file is read and checked when the spec is made ({@link #read(Path)}), so a
 * bad file fails scenario validation with its line number.
 *
 * @param path     the file
 * @param imported what it holds (graph, per-link error rates, warnings)
 */
public record HpccFileSpec(Path path, HpccTopology imported) implements TopologySpec {
    public static final String TYPE = HpccTopologyFile.TYPE;

    public HpccFileSpec {
        if (path == null || imported == null) {
            throw new IllegalArgumentException(TYPE + ": path is required");
        }
    }

    /** Reads and checks {@code path}; an {@link IllegalArgumentException} names the file and line at fault. */
    public static HpccFileSpec read(Path path) {
        try {
            return new HpccFileSpec(path, HpccTopologyFile.read(path));
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IllegalArgumentException(TYPE + ": file " + path + " does not exist", e);
        } catch (IOException e) {
            throw new UncheckedIOException(TYPE + ": cannot read " + path, e);
        }
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public long hostCount() {
        return imported.topology().hostCount();
    }

    /** The imported graph (immutable; the same instance each call). */
    @Override
    public Topology build() {
        return imported.topology();
    }
}
