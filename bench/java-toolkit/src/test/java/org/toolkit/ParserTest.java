package org.toolkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParserTest {
    @Test
    void intListReadsCommaSeparatedNumbers() {
        assertEquals(List.of(1, 2, 3), Parser.intList("1, 2,3"));
        assertEquals(List.of(), Parser.intList("  "));
        assertEquals(List.of(-4), Parser.intList("-4"));
    }

    @Test
    void pairsKeepTheirOrderAndTrimSpaces() {
        assertEquals(Map.of("a", "1", "b", "x=y"), Parser.pairs("a=1; b = x=y"));
        assertEquals(List.of("z", "a"), List.copyOf(Parser.pairs("z=1;a=2").keySet()));
        assertEquals(Map.of("", "v"), Parser.pairs("=v"));
    }

    @Test
    void aPairWithoutEqualsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Parser.pairs("a=1;b"));
    }

    @Test
    void sumAddsAndSubtractsLeftToRight() {
        assertEquals(9, Parser.sum("10-3+2"));
        assertEquals(42, Parser.sum("42"));
        assertEquals(-5, Parser.sum("-5"));
        assertEquals(0, Parser.sum("1-1"));
    }

    @Test
    void balancedBrackets() {
        assertTrue(Parser.balanced("([]())"));
        assertTrue(Parser.balanced(""));
        assertFalse(Parser.balanced("(]"));
        assertFalse(Parser.balanced("(()"));
        assertFalse(Parser.balanced(")("));
        assertFalse(Parser.balanced("[)"));
    }
}
