package org.toolkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ListsTest {
    @Test
    void chunkSplitsIntoPiecesWithAShortLastOne() {
        assertEquals(List.of(List.of(1, 2), List.of(3, 4), List.of(5)), Lists.chunk(List.of(1, 2, 3, 4, 5), 2));
        assertEquals(List.of(List.of(1, 2, 3)), Lists.chunk(List.of(1, 2, 3), 3));
        assertEquals(List.of(List.of(1), List.of(2)), Lists.chunk(List.of(1, 2), 1));
    }

    @Test
    void chunkRefusesASizeOfZero() {
        assertThrows(IllegalArgumentException.class, () -> Lists.chunk(List.of(1), 0));
    }

    @Test
    void distinctKeepsTheFirstOfEach() {
        assertEquals(List.of(3, 1, 2), Lists.distinct(List.of(3, 1, 3, 2, 1)));
    }

    @Test
    void indexOfMaxTakesTheFirstOnATie() {
        assertEquals(1, Lists.indexOfMax(List.of(1, 9, 9, 2)));
        assertEquals(0, Lists.indexOfMax(List.of(5)));
        assertEquals(3, Lists.indexOfMax(List.of(1, 2, 3, 4)));
        assertEquals(-1, Lists.indexOfMax(List.of()));
    }

    @Test
    void rotateLeftWrapsAround() {
        assertEquals(List.of(3, 4, 1, 2), Lists.rotateLeft(List.of(1, 2, 3, 4), 2));
        assertEquals(List.of(2, 3, 1), Lists.rotateLeft(List.of(1, 2, 3), 4));
        assertEquals(List.of(1, 2, 3), Lists.rotateLeft(List.of(1, 2, 3), 0));
    }

    @Test
    void windowSumsCoverEveryWindow() {
        assertEquals(List.of(3, 5, 7), Lists.windowSums(List.of(1, 2, 3, 4), 2));
        assertEquals(List.of(10), Lists.windowSums(List.of(1, 2, 3, 4), 4));
        assertEquals(List.of(), Lists.windowSums(List.of(1, 2), 3));
    }

    @Test
    void countBetweenIncludesBothBounds() {
        assertEquals(3, Lists.countBetween(List.of(1, 2, 3, 4, 5), 2, 4));
        assertEquals(1, Lists.countBetween(List.of(5), 5, 5));
        assertEquals(0, Lists.countBetween(List.of(1, 9), 2, 8));
    }

    @Test
    void isSortedAllowsEqualNeighbours() {
        assertTrue(Lists.isSorted(List.of(1, 2, 2, 3)));
        assertTrue(Lists.isSorted(List.of()));
        assertFalse(Lists.isSorted(List.of(1, 3, 2)));
        assertFalse(Lists.isSorted(List.of(2, 1)));
    }
}
