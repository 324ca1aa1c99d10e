package org.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ImporterTest {
    private final Importer importer = new Importer("EUR");

    private static Money eur(long cents) {
        return new Money(cents, "EUR");
    }

    @Test
    void importsRowsAfterHeader() {
        Importer.Result r = importer.importLines(List.of(
                "date,amount,category,note",
                "2024-03-01,-12.50,food,\"pizza, large\"",
                "2024-03-02,2000"));
        assertTrue(r.ok());
        assertEquals(List.of(
                new Entry(LocalDate.of(2024, 3, 1), eur(-1250), "food", "pizza, large"),
                new Entry(LocalDate.of(2024, 3, 2), eur(200000), null, null)), r.entries());
    }

    @Test
    void emptyInput() {
        Importer.Result r = importer.importLines(List.of());
        assertTrue(r.ok());
        assertTrue(r.entries().isEmpty());
    }

    @Test
    void blankLinesAreSkipped() {
        Importer.Result r = importer.importLines(List.of("", "2024-03-01,1", "   "));
        assertTrue(r.ok());
        assertEquals(1, r.entries().size());
    }

    @Test
    void headerOnlyCountsOnTheFirstLine() {
        Importer.Result r = importer.importLines(List.of("2024-03-01,1", "date,amount"));
        assertEquals(1, r.entries().size());
        assertEquals(List.of("line 2: bad date: date"), r.errors());
    }

    @Test
    void badRowsBecomeErrorsWithLineNumbers() {
        Importer.Result r = importer.importLines(List.of(
                "Date,Amount",
                "2024-13-01,5",
                "2024-03-01,five",
                "2024-03-01",
                "2024-03-01,1,a,b,c",
                "2024-03-01,\"1",
                "2024-03-04,3.00,misc"));
        assertFalse(r.ok());
        assertEquals(1, r.entries().size());
        assertEquals(5, r.errors().size());
        assertEquals("line 2: bad date: 2024-13-01", r.errors().get(0));
        assertEquals("line 3: not an amount: five", r.errors().get(1));
        assertEquals("line 4: expected 2 to 4 fields, got 1", r.errors().get(2));
        assertEquals("line 5: expected 2 to 4 fields, got 5", r.errors().get(3));
        assertTrue(r.errors().get(4).startsWith("line 6: unclosed quote"));
    }

    @Test
    void emptyNoteAndCategoryAreAbsent() {
        Entry e = importer.parseRow(List.of("2024-03-01", "1.5", "", ""));
        assertEquals(Optional.empty(), e.category());
        assertEquals(Optional.empty(), e.note());
        assertEquals(eur(150), e.amount());
    }

    @Test
    void dateIsTrimmed() {
        assertEquals(LocalDate.of(2024, 3, 1), importer.parseRow(List.of(" 2024-03-01 ", "1")).date());
    }

    @Test
    void isHeader() {
        assertTrue(Importer.isHeader("date,amount"));
        assertTrue(Importer.isHeader("  DATE;Betrag"));
        assertFalse(Importer.isHeader("2024-01-01,date"));
    }

    @Test
    void customDelimiter() {
        Importer semi = new Importer("eur", new CsvLine(';'));
        Importer.Result r = semi.importLines(List.of("2024-03-01;-1.05;fees"));
        assertEquals(List.of(new Entry(LocalDate.of(2024, 3, 1), eur(-105), "fees", null)), r.entries());
    }

    @Test
    void resultListsAreReadOnly() {
        Importer.Result r = importer.importLines(List.of("2024-03-01,1"));
        assertThrows(UnsupportedOperationException.class, () -> r.entries().clear());
        assertThrows(UnsupportedOperationException.class, () -> r.errors().clear());
    }

    @Test
    void importedEntriesFeedALedger() {
        Ledger ledger = new Ledger("EUR");
        ledger.addAll(importer.importLines(List.of(
                "2024-03-02,-2.00,food", "2024-03-01,10.00,gift")).entries());
        assertEquals(eur(800), ledger.balance());
        assertEquals(LocalDate.of(2024, 3, 1), ledger.entries().get(0).date());
    }
}
