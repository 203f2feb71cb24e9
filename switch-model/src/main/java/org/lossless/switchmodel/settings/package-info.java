/**
 * The scenario's {@code switch} section as Java records ({@link org.lossless.switchmodel.settings.SwitchSettings}
 * and the records it holds), their YAML form ({@link org.lossless.switchmodel.settings.SettingsYaml}), unit
 * parsing ({@link org.lossless.switchmodel.settings.Units}) and the translation into MMU configurations
 * ({@link org.lossless.switchmodel.settings.MmuFactory}). Fields are boxed and nullable: null = "not set, use
 * the documented default". Keys are listed in {@code docs/switch.md}.
 */
package org.lossless.switchmodel.settings;
