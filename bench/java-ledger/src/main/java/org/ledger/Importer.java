package org.ledger;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Reads entries from CSV lines of the form {@code date,amount[,category[,note]]}
 * (ISO dates, amounts like -12.50). The first line may be a header starting
 * with "date"; blank lines are skipped. Bad rows do not stop the import: each
 * becomes an error naming its 1-based line number.
 */
public class Importer {
    private final String currency;
    private final CsvLine csv;

    public Importer(String currency) {
        this(currency, new CsvLine());
    }

    public Importer(String currency, CsvLine csv) {
        this.currency = Money.zero(currency).currency();
        this.csv = csv;
    }

    public Result importLines(List<String> lines) {
        List<Entry> entries = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || (i == 0 && isHeader(line))) {
                continue;
            }
            try {
                entries.add(parseRow(csv.parse(line)));
            } catch (IllegalArgumentException e) {
                errors.add("line " + (i + 1) + ": " + e.getMessage());
            }
        }
        return new Result(entries, errors);
    }

    static boolean isHeader(String line) {
        return line.trim().toLowerCase().startsWith("date");
    }

    Entry parseRow(List<String> fields) {
        if (fields.size() < 2 || fields.size() > 4) {
            throw new IllegalArgumentException("expected 2 to 4 fields, got " + fields.size());
        }
        LocalDate date;
        try {
            date = LocalDate.parse(fields.get(0).trim());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("bad date: " + fields.get(0));
        }
        Money amount = Money.parse(fields.get(1), currency);
        String category = fields.size() > 2 ? fields.get(2) : null;
        String note = fields.size() > 3 && !fields.get(3).isEmpty() ? fields.get(3) : null;
        return new Entry(date, amount, category, note);
    }

    /** The entries read and the errors of the rows that were skipped. */
    public static final class Result {
        private final List<Entry> entries;
        private final List<String> errors;

        Result(List<Entry> entries, List<String> errors) {
            this.entries = Collections.unmodifiableList(entries);
            this.errors = Collections.unmodifiableList(errors);
        }

        public List<Entry> entries() {
            return entries;
        }

        public List<String> errors() {
            return errors;
        }

        public boolean ok() {
            return errors.isEmpty();
        }
    }
}
