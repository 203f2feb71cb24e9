/**
 * Validation of whole runs against another simulator's own output, kept as fixture files: the V-09 scenario made
 * from HPCC-format files by {@code lossless import hpcc} against the HPCC ns-3 simulator's {@code fct.txt} for the
 * same files, flow by flow (docs/validation.md, "V-09 against the HPCC simulator's own run of the same files").
 * These tests live in the cli module because the HPCC importer is the {@code import hpcc} command.
 */
package org.lossless.cli.validation;
