/**
 * Charts drawn with JFreeChart from result files (CSV), written as PNG. Rendering is headless
 * ({@code java.awt.headless=true}); each chart class reads the file it charts, so the same code
 * serves the command that wrote the file and, later, the report.
 */
package org.lossless.plots;
