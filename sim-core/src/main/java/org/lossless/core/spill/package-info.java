/**
 * What a run keeps per message but reads only at its end (the values of exact percentiles, the ideal's record of
 * every message sent), moved out of the heap once it grows past a budget: {@link org.lossless.core.spill.LongSpill},
 * a file of longs written in order and read back in that order. So a run's heap follows its fabric and the messages
 * in flight, not how many messages it posts; the disk takes 8 B per spilled value.
 */
package org.lossless.core.spill;
