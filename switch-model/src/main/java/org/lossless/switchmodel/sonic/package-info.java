/**
 * Import of a SONiC CONFIG_DB (JSON) into the scenario's {@code switch} settings (reference
 * {@code switch-buffer-pfc.md} §8): {@link org.lossless.switchmodel.sonic.SonicImporter} reads BUFFER_POOL,
 * BUFFER_PROFILE, BUFFER_PG, BUFFER_QUEUE, CABLE_LENGTH, WRED_PROFILE, QUEUE, PORT_QOS_MAP, the DSCP/TC maps,
 * PFC_WD and the dynamic-model parameters, and returns a {@link org.lossless.switchmodel.sonic.SonicImport}
 * with the settings, notes (choices, lint) and everything it could not map.
 */
package org.lossless.switchmodel.sonic;
