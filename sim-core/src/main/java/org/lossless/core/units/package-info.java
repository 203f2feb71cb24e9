/**
 * Unit strings users write (scenario files, {@code --set}, the command line; docs/scenario.md, "General
 * rules"): sizes, times, rates and fractions parsed exactly into the canonical integers (bytes, picoseconds, bits per second) and formatted back.
 */
package org.lossless.core.units;
