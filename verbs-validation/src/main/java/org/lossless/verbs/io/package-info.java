/**
 * Every file and directory verbs-validation writes goes through {@link org.lossless.verbs.io.VerbsOutput}:
 * the project's output rule (never overwrite what Lossless did not write) in one place.
 */
package org.lossless.verbs.io;
