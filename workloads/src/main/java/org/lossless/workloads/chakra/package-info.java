/**
 * Chakra execution traces (MLCommons; {@code type: chakra}): the per-rank {@code .et} files, read with the
 * classes protoc generates at build time from Chakra's {@code et_def.proto} ({@code ...chakra.proto}), checked
 * ({@link org.lossless.workloads.chakra.ChakraTrace}) and run as per-rank graphs of the training executor
 * ({@link org.lossless.workloads.chakra.ChakraSource}). docs/workloads.md, "Traces", gives the mapping.
 */
package org.lossless.workloads.chakra;
