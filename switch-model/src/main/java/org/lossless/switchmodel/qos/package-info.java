/**
 * Traffic classes end to end: {@link org.lossless.switchmodel.qos.QosMap} (a switch's DSCP → traffic class →
 * priority group / queue tables and the PG → PFC priority relation, as arrays for the datapath) and
 * {@link org.lossless.switchmodel.qos.QosLint} (walks each traffic class a scenario sends through the NIC and
 * the switches' maps and reports mappings that break losslessness or starve congestion notifications).
 */
package org.lossless.switchmodel.qos;
