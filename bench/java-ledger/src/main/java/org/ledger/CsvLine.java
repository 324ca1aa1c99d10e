package org.ledger;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits one CSV line into fields. Fields are separated by the delimiter;
 * a field in double quotes may hold delimiters, and "" inside it stands for
 * one quote. Unquoted fields are kept as written (no trimming).
 */
public final class CsvLine {
    private final char delimiter;

    public CsvLine() {
        this(',');
    }

    public CsvLine(char delimiter) {
        if (delimiter == '"' || delimiter == '\n' || delimiter == '\r') {
            throw new IllegalArgumentException("bad delimiter");
        }
        this.delimiter = delimiter;
    }

    /** An empty line has one empty field. @throws IllegalArgumentException on an unclosed quote */
    public List<String> parse(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        int i = 0;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        field.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == delimiter) {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
            i++;
        }
        if (quoted) {
            throw new IllegalArgumentException("unclosed quote in: " + line);
        }
        fields.add(field.toString());
        return fields;
    }

    /** The inverse of parse: quotes a field only when it needs it. */
    public String format(List<String> fields) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                out.append(delimiter);
            }
            String f = fields.get(i);
            if (f.indexOf(delimiter) >= 0 || f.indexOf('"') >= 0 || f.indexOf('\n') >= 0) {
                out.append('"').append(f.replace("\"", "\"\"")).append('"');
            } else {
                out.append(f);
            }
        }
        return out.toString();
    }
}
