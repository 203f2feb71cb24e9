/**
 * Parsers for what RoCE engineers collect: perftest (text and {@code --out_json}), nccl-tests, fio JSON,
 * {@code ethtool -S}, RDMA {@code hw_counters} and sysfs dumps, {@code mlnx_qos}, {@code mlxconfig q},
 * SONiC counters, CONFIG_DB and {@code pg_profile_lookup.ini}. {@link FormatDetector} picks the format from
 * the content; {@link Parsers} adds what a file holds to a {@link org.lossless.verbs.measure.MeasurementBuilder}.
 * Input that is not one of these formats, or a malformed line inside one, is a {@link ParseException}
 * naming the file and the line.
 */
package org.lossless.verbs.parse;
