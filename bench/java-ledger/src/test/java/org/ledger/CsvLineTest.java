package org.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CsvLineTest {
    private final CsvLine csv = new CsvLine();

    @Test
    void plainFields() {
        assertEquals(List.of("a", "b", "c"), csv.parse("a,b,c"));
    }

    @Test
    void emptyLineIsOneEmptyField() {
        assertEquals(List.of(""), csv.parse(""));
    }

    @Test
    void emptyFieldsAreKept() {
        assertEquals(List.of("", "x", "", ""), csv.parse(",x,,"));
    }

    @Test
    void spacesAreKept() {
        assertEquals(List.of(" a ", "b"), csv.parse(" a ,b"));
    }

    @Test
    void quotedFieldMayHoldDelimiter() {
        assertEquals(List.of("2024-01-01", "Smith, John", "9"), csv.parse("2024-01-01,\"Smith, John\",9"));
    }

    @Test
    void doubledQuoteIsOneQuote() {
        assertEquals(List.of("say \"hi\"", "x"), csv.parse("\"say \"\"hi\"\"\",x"));
        assertEquals(List.of("\""), csv.parse("\"\"\"\""));
    }

    @Test
    void quotedEmptyField() {
        assertEquals(List.of("", "a"), csv.parse("\"\",a"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"abc", "a,\"b", "\"a\"\""})
    void unclosedQuoteFails(String line) {
        assertThrows(IllegalArgumentException.class, () -> csv.parse(line));
    }

    @Test
    void otherDelimiter() {
        CsvLine semi = new CsvLine(';');
        assertEquals(List.of("1,5", "b"), semi.parse("1,5;b"));
        assertEquals("\"a;b\";c,d", semi.format(List.of("a;b", "c,d")));
    }

    @Test
    void rejectsQuoteAsDelimiter() {
        assertThrows(IllegalArgumentException.class, () -> new CsvLine('"'));
        assertThrows(IllegalArgumentException.class, () -> new CsvLine('\n'));
    }

    @Test
    void formatQuotesOnlyWhenNeeded() {
        assertEquals("a,\"b,c\",\"say \"\"hi\"\"\",", csv.format(List.of("a", "b,c", "say \"hi\"", "")));
        assertEquals("", csv.format(List.of()));
    }

    @Test
    void formatThenParseRoundTrips() {
        List<String> fields = List.of("x", "", "a,b", "\"q\"", "line\nbreak");
        assertEquals(fields, csv.parse(csv.format(fields)));
    }
}
