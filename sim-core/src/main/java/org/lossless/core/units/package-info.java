/**
 * Unit strings of the public contract (CONTRACT.md §1): sizes, times, rates and fractions parsed
 * exactly into the canonical integers (bytes, picoseconds, bits per second) and formatted back.
 */
package org.lossless.core.units;
