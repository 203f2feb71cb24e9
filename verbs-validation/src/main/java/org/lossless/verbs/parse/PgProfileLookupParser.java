package org.lossless.verbs.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.verbs.measure.MeasurementBuilder;
import org.lossless.verbs.measure.SwitchConfig;

/**
 * SONiC {@code pg_profile_lookup.ini}: lossless PG profiles per port speed and cable length, columns
 * {@code speed cable size xon xoff threshold [xon_offset]} (bytes; threshold = dynamic_th).
 */
final class PgProfileLookupParser {
    private PgProfileLookupParser() {
    }

    static boolean looksLike(TextInput in) {
        int rows = 0;
        for (String l : in.lines()) {
            String t = l.strip();
            if (t.matches("#\\s*speed\\s+cable\\s+size.*")) {
                return true;
            }
            if (t.matches("\\d+\\s+\\d+m\\s+\\d+\\s+\\d+\\s+\\d+\\s+-?\\d+(\\s+\\d+)?")) {
                rows++;
            }
        }
        return rows > 0;
    }

    static void parse(TextInput in, String host, MeasurementBuilder b) {
        List<String> cols = List.of("speed", "cable", "size", "xon", "xoff", "threshold", "xon_offset");
        Map<String, Object> rows = new LinkedHashMap<>();
        for (int i = 1; i <= in.size(); i++) {
            String t = in.line(i).strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            String[] tok = t.split("\\s+");
            if (tok.length < 6 || tok.length > 7 || !tok[1].matches("\\d+m")) {
                throw in.error(i, "expected 'speed cable size xon xoff threshold [xon_offset]', found: "
                        + PerftestParser.abbreviate(t));
            }
            Map<String, Object> row = new LinkedHashMap<>();
            for (int c = 2; c < tok.length; c++) {
                if (!tok[c].matches("-?\\d{1,18}")) {
                    throw in.error(i, "column " + cols.get(c) + " is not a whole number: '" + tok[c] + "'");
                }
                row.put(cols.get(c), Long.parseLong(tok[c]));
            }
            rows.put(tok[0] + "/" + tok[1], row);
        }
        if (rows.isEmpty()) {
            throw in.error(0, "pg_profile_lookup.ini without rows");
        }
        b.switchConfig.add(new SwitchConfig(host, "pg_profile_lookup", rows, new ArrayList<>(), List.of()));
    }
}
