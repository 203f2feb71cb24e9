package org.lossless.verbs.measure;

import java.util.Map;

/**
 * One size of an nccl-tests table.
 *
 * @param sizeBytes  the printed size (for all-gather, reduce-scatter and all-to-all: count x type size x ranks)
 * @param count      elements, or null when the variant does not print it
 * @param type       data type, or null
 * @param redop      reduction ({@code none} for gathers), or null
 * @param root       root rank (-1 = none), or null
 * @param outOfPlace the out-of-place half, or null when the row leaves it empty
 * @param inPlace    the in-place half, or null
 * @param extra      trailing columns (RCCL {@code algo proto nchannels}), name to text
 */
public record CollectiveRow(long sizeBytes, Long count, String type, String redop, Integer root, CollTiming outOfPlace,
                            CollTiming inPlace, Map<String, String> extra) {
    public CollectiveRow {
        extra = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(extra));
    }
}
