/**
 * Importers of NIC congestion-control settings into scenario key paths: an mlx5 sysfs dump
 * ({@link org.lossless.nic.importers.Mlx5SysfsImporter}) and an HPCC ns-3 simulator config
 * ({@link org.lossless.nic.importers.HpccConfigImporter}). Unit conversions are listed in
 * docs/dcqcn-import.md.
 */
package org.lossless.nic.importers;
