package com.example.bank;

import java.util.ArrayList;
import java.util.List;

/** A bank account holding a balance in cents. */
public class Account {
    private final String owner;
    private long balance;
    private final List<String> history = new ArrayList<>();

    public Account(String owner, long openingBalance) {
        if (openingBalance < 0) {
            throw new IllegalArgumentException("opening balance must not be negative");
        }
        this.owner = owner;
        this.balance = openingBalance;
    }

    public String owner() {
        return owner;
    }

    public long balance() {
        return balance;
    }

    public List<String> history() {
        return List.copyOf(history);
    }

    public void deposit(long amount) {
        if (amount <= 0) {
            throw new IllegalArgumentException("deposit must be positive");
        }
        balance += amount;
        history.add("deposit " + amount);
    }

    /** Takes {@code amount} out; the whole balance may be withdrawn, not more. */
    public void withdraw(long amount) {
        if (amount <= 0) {
            throw new IllegalArgumentException("withdrawal must be positive");
        }
        if (amount >= balance) {
            throw new InsufficientFundsException(amount, balance);
        }
        balance -= amount;
        history.add("withdraw " + amount);
    }
}
