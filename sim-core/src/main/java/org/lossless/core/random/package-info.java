/**
 * Random numbers: {@link org.lossless.core.random.Xoshiro256StarStar}, a fast generator behind
 * DSOL's {@code StreamInterface}, and {@link org.lossless.core.random.RandomStreams}, the registry
 * of named streams (one per component) whose seeds are hashed from (scenario seed, replication,
 * stream name), so adding a component never shifts another component's numbers.
 */
package org.lossless.core.random;
