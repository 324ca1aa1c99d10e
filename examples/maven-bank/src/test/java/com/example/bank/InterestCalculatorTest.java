package com.example.bank;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class InterestCalculatorTest {
    @Test
    void twoPercentOfTenThousand() {
        assertEquals(200, new InterestCalculator(200).yearlyInterest(10_000));
    }

    @Test
    void noInterestOnEmptyAccount() {
        assertEquals(0, new InterestCalculator(500).yearlyInterest(0));
    }
}
