package org.lossless.switchmodel.sonic;

import java.util.ArrayList;
import java.util.List;
import org.lossless.switchmodel.settings.SettingsYaml;
import org.lossless.switchmodel.settings.SwitchSettings;

/**
 * Result of a SONiC import.
 *
 * @param source   the file (or name) imported
 * @param settings the {@code switch} settings
 * @param notes    choices made, derived values and lint warnings (prefix {@code warning:})
 * @param unmapped tables, entries and fields that have no equivalent, each with the reason
 */
public record SonicImport(String source, SwitchSettings settings, List<String> notes, List<String> unmapped) {
    public SonicImport {
        notes = List.copyOf(notes);
        unmapped = List.copyOf(unmapped);
    }

    /** A scenario snippet: comment lines with the notes and the unmapped items, then {@code switch:}. */
    public String toYaml() {
        List<String> header = new ArrayList<>();
        header.add("switch settings imported from SONiC CONFIG_DB " + source + " (lossless import sonic)");
        if (!notes.isEmpty()) {
            header.add("notes:");
            for (String n : notes) {
                header.add("  - " + n);
            }
        }
        if (!unmapped.isEmpty()) {
            header.add("not imported:");
            for (String u : unmapped) {
                header.add("  - " + u);
            }
        }
        return SettingsYaml.toYaml(settings, header);
    }
}
