/**
 * The measurement record: what one run (or one parsed file) measured, in canonical units (bits per
 * second, bytes, microseconds as the tools print them). A counter the source did not have is
 * {@code null} ("not available"), never zero, and is named in {@link org.lossless.verbs.measure.Measurement#notAvailable()}.
 */
package org.lossless.verbs.measure;
