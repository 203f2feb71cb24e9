/**
 * NSCC, Ultra Ethernet's network-signal congestion control: a sender window driven by the RTT against the path's
 * base RTT and by ECN echoes (docs/uet.md).
 */
package org.lossless.nic.nscc;
