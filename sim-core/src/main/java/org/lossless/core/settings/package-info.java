/**
 * One declarative schema per scenario section: every key's name, {@link org.lossless.core.settings.Kind type},
 * range, default, doc line and the source of the default, declared once in a {@link
 * org.lossless.core.settings.Section}. The generic YAML reader (workloads' {@code SectionReader}), the resolved
 * scenario writer, {@code --set}'s did-you-mean, the importers' range checks and the key tables of
 * docs/scenario.md ({@link org.lossless.core.settings.KeyTable}) all read the same declaration.
 *
 * <p>Values are kept in canonical units ({@link org.lossless.core.settings.Values}): sizes in bytes, times in
 * picoseconds, lengths in millimetres. "As written" (unset keys absent) and "resolved" (defaults filled by
 * {@link org.lossless.core.settings.Section#resolve}) are both {@code Values}; a section's own settings record
 * converts from them. Plain Java, no reflection.
 */
package org.lossless.core.settings;
