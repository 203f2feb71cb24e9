package org.lossless.plots;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A numeric CSV file with a header row, read into columns. Small and strict: every row must have as
 * many fields as the header and every field must be a number; errors name the file and line.
 */
public final class Csv {
    private final List<String> header;
    private final double[][] columns;

    private Csv(List<String> header, double[][] columns) {
        this.header = header;
        this.columns = columns;
    }

    public static Csv read(Path file) throws IOException {
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String first = r.readLine();
            if (first == null) {
                throw new IOException(file + ": empty file, expected a header row");
            }
            List<String> header = List.of(first.split(","));
            List<double[]> rows = new ArrayList<>();
            String line;
            int n = 1;
            while ((line = r.readLine()) != null) {
                n++;
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.split(",", -1);
                if (f.length != header.size()) {
                    throw new IOException(file + ":" + n + ": " + f.length + " fields, the header has " + header.size());
                }
                double[] row = new double[f.length];
                for (int i = 0; i < f.length; i++) {
                    try {
                        row[i] = Double.parseDouble(f[i]);
                    } catch (NumberFormatException e) {
                        throw new IOException(file + ":" + n + ": '" + f[i] + "' in column " + header.get(i)
                                + " is not a number");
                    }
                }
                rows.add(row);
            }
            double[][] cols = new double[header.size()][rows.size()];
            for (int j = 0; j < rows.size(); j++) {
                for (int i = 0; i < header.size(); i++) {
                    cols[i][j] = rows.get(j)[i];
                }
            }
            return new Csv(header, cols);
        }
    }

    public List<String> header() {
        return header;
    }

    public int rows() {
        return columns.length == 0 ? 0 : columns[0].length;
    }

    /** The column named {@code name}; throws if there is none. */
    public double[] column(String name) {
        int i = header.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no column '" + name + "' (columns: " + header + ")");
        }
        return Arrays.copyOf(columns[i], columns[i].length);
    }
}
