package org.lossless.verbs.measure;

import java.util.List;
import java.util.Map;

/**
 * Switch settings read from a file: a SONiC CONFIG_DB ({@code kind} {@code config_db}: the scenario
 * {@code switch} section the importer derives, with its notes and what it could not map) or a
 * {@code pg_profile_lookup.ini} ({@code kind} {@code pg_profile_lookup}: one row per speed and cable length).
 *
 * @param settings key path to value (config_db) or "speed/cable" to the row's columns (pg_profile_lookup)
 */
public record SwitchConfig(String host, String kind, Map<String, Object> settings, List<String> notes,
                           List<String> unmapped) {
    public SwitchConfig {
        settings = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(settings));
        notes = List.copyOf(notes);
        unmapped = List.copyOf(unmapped);
    }
}
