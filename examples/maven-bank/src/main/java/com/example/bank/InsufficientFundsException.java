package com.example.bank;

/** Thrown when a withdrawal asks for more than the balance. */
public class InsufficientFundsException extends RuntimeException {
    public InsufficientFundsException(long requested, long available) {
        super("requested " + requested + " but only " + available + " available");
    }
}
