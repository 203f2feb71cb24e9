package org.lossless.verbs.parse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** A JSON object that may be preceded by non-JSON lines (fio prints warnings first); errors name the file line. */
final class JsonText {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private JsonText() {
    }

    /** Line number (1-based) of the first line starting with '{', or 0. */
    static int firstBrace(TextInput in) {
        for (int i = 1; i <= in.size(); i++) {
            if (in.line(i).strip().startsWith("{")) {
                return i;
            }
        }
        return 0;
    }

    static JsonNode parse(TextInput in) {
        int start = firstBrace(in);
        if (start == 0) {
            throw in.error(0, "no JSON object in the file");
        }
        StringBuilder sb = new StringBuilder();
        for (int i = start; i <= in.size(); i++) {
            sb.append(in.line(i)).append('\n');
        }
        try {
            return MAPPER.readTree(sb.toString());
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr() + start - 1;
            throw in.error(line, "invalid JSON: " + e.getOriginalMessage());
        }
    }
}
