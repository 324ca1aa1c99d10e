package org.toolkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StringsTest {
    @Test
    void capitalizeRaisesOnlyTheFirstLetter() {
        assertEquals("Hello world", Strings.capitalize("hello world"));
        assertEquals("A", Strings.capitalize("a"));
        assertEquals("", Strings.capitalize(""));
        assertNull(Strings.capitalize(null));
    }

    @Test
    void palindromesIgnoreCase() {
        assertTrue(Strings.isPalindrome("Level"));
        assertTrue(Strings.isPalindrome("abba"));
        assertTrue(Strings.isPalindrome(""));
        assertFalse(Strings.isPalindrome("abca"));
        assertFalse(Strings.isPalindrome("ab"));
    }

    @Test
    void countVowelsCountsBothCases() {
        assertEquals(5, Strings.countVowels("EducAtion"));
        assertEquals(0, Strings.countVowels("rhythm"));
        assertEquals(1, Strings.countVowels("a"));
    }

    @Test
    void padLeftFillsUpToTheWidth() {
        assertEquals("0042", Strings.padLeft("42", 4, '0'));
        assertEquals("abc", Strings.padLeft("abc", 2, ' '));
        assertEquals("abc", Strings.padLeft("abc", 3, ' '));
    }

    @Test
    void reverseWordsKeepsOneSpaceBetweenWords() {
        assertEquals("c b a", Strings.reverseWords("a  b c "));
        assertEquals("one", Strings.reverseWords("one"));
    }

    @Test
    void truncateCountsTheDotsInTheLimit() {
        assertEquals("hello", Strings.truncate("hello", 5));
        assertEquals("he...", Strings.truncate("hello!", 5));
        assertEquals("abcdefg", Strings.truncate("abcdefg", 9));
    }

    @Test
    void runLengthCountsEachRun() {
        assertEquals("a3b1c2", Strings.runLength("aaabcc"));
        assertEquals("x1", Strings.runLength("x"));
        assertEquals("", Strings.runLength(""));
    }
}
