/** DCTCP for RDMA, rate-based as the HPCC simulator's mode 8: cuts by the fraction of ECN-marked packets. docs/cc.md. */
package org.lossless.nic.dctcp;
