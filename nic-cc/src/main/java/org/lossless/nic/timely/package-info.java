/** TIMELY (Mittal et al., SIGCOMM 2015): rate from the RTT gradient. docs/cc.md. */
package org.lossless.nic.timely;
