/** Swift (Kumar et al., SIGCOMM 2020): a window held at a delay target scaled by hops and window. docs/cc.md. */
package org.lossless.nic.swift;
