package org.lossless.topology;

/** What a node is: an end host (one NIC) or a switch. */
public enum NodeKind {
    HOST,
    SWITCH
}
