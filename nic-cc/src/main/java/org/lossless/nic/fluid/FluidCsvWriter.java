package org.lossless.nic.fluid;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Writes {@code fluid.csv}, the file {@code lossless fluid} writes (columns users script against):
 * {@code time_ps,queue_bytes,mark_probability} then {@code rate_bps_<i>} for each flow i (from 0). Queue and rates are rounded to whole bytes and bps;
 * the probability keeps 6 significant digits.
 */
public final class FluidCsvWriter {
    public static final String FILE_NAME = "fluid.csv";

    private FluidCsvWriter() {
    }

    /** Writes {@code trace} to {@code dir/fluid.csv} and returns the file. */
    public static Path write(FluidTrace trace, Path dir) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(FILE_NAME);
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            write(trace, w);
        }
        return file;
    }

    public static void write(FluidTrace trace, Writer w) throws IOException {
        StringBuilder line = new StringBuilder(64 + 16 * trace.flows());
        line.append("time_ps,queue_bytes,mark_probability");
        for (int i = 0; i < trace.flows(); i++) {
            line.append(",rate_bps_").append(i);
        }
        w.write(line.append('\n').toString());
        for (int row = 0; row < trace.size(); row++) {
            line.setLength(0);
            line.append(trace.timePs(row)).append(',')
                .append(Math.round(trace.queueBytes(row))).append(',')
                .append(String.format(Locale.ROOT, "%.6g", trace.markProbability(row)));
            for (int i = 0; i < trace.flows(); i++) {
                line.append(',').append(Math.round(trace.rateBps(i, row)));
            }
            w.write(line.append('\n').toString());
        }
    }
}
