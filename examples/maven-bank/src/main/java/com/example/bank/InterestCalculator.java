package com.example.bank;

/** Simple yearly interest, in whole cents, rounded down. */
public class InterestCalculator {
    private final int basisPoints;

    public InterestCalculator(int basisPoints) {
        if (basisPoints < 0 || basisPoints > 10_000) {
            throw new IllegalArgumentException("rate out of range: " + basisPoints);
        }
        this.basisPoints = basisPoints;
    }

    public long yearlyInterest(long balance) {
        if (balance <= 0) {
            return 0;
        }
        return balance * basisPoints / 10_000;
    }
}
