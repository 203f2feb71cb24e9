/**
 * HPCC (Li et al., SIGCOMM 2019): rate and window from the in-band telemetry switches append to data packets
 * ({@link org.lossless.core.net.Telemetry}), as in the paper and the HPCC simulator. docs/cc.md.
 */
package org.lossless.nic.hpcc;
