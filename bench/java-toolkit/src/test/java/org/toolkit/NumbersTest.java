package org.toolkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NumbersTest {
    @Test
    void gcdOfCommonCases() {
        assertEquals(6, Numbers.gcd(12, 18));
        assertEquals(1, Numbers.gcd(7, 5));
        assertEquals(9, Numbers.gcd(9, 0));
    }

    @Test
    void lcmOfCommonCases() {
        assertEquals(36, Numbers.lcm(12, 18));
        assertEquals(35, Numbers.lcm(7, 5));
        assertEquals(0, Numbers.lcm(0, 5));
        assertEquals(0, Numbers.lcm(5, 0));
    }

    @Test
    void primesUpToTwentyFive() {
        assertFalse(Numbers.isPrime(0));
        assertFalse(Numbers.isPrime(1));
        assertTrue(Numbers.isPrime(2));
        assertTrue(Numbers.isPrime(3));
        assertFalse(Numbers.isPrime(4));
        assertFalse(Numbers.isPrime(9));
        assertTrue(Numbers.isPrime(13));
        assertFalse(Numbers.isPrime(25));
    }

    @Test
    void clampKeepsValuesInRange() {
        assertEquals(3, Numbers.clamp(1, 3, 5));
        assertEquals(5, Numbers.clamp(9, 3, 5));
        assertEquals(4, Numbers.clamp(4, 3, 5));
        assertEquals(3, Numbers.clamp(3, 3, 5));
        assertEquals(5, Numbers.clamp(5, 3, 5));
    }

    @Test
    void digitSumAddsDecimalDigits() {
        assertEquals(10, Numbers.digitSum(1234));
        assertEquals(0, Numbers.digitSum(0));
        assertEquals(9, Numbers.digitSum(9));
    }

    @Test
    void powerMultipliesExpTimes() {
        assertEquals(1, Numbers.power(7, 0));
        assertEquals(8, Numbers.power(2, 3));
        assertEquals(81, Numbers.power(3, 4));
    }

    @Test
    void averageRoundsDown() {
        assertEquals(2, Numbers.average(new int[] {1, 2, 4}));
        assertEquals(0, Numbers.average(new int[] {}));
        assertEquals(5, Numbers.average(new int[] {5}));
    }
}
