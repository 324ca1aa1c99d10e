package com.example.bank;

import java.util.LinkedHashMap;
import java.util.Map;

/** All accounts of a branch, by owner. */
public class Ledger {
    private final Map<String, Account> accounts = new LinkedHashMap<>();

    public Account open(String owner, long openingBalance) {
        if (accounts.containsKey(owner)) {
            throw new IllegalStateException(owner + " already has an account");
        }
        Account account = new Account(owner, openingBalance);
        accounts.put(owner, account);
        return account;
    }

    public void transfer(String from, String to, long amount) {
        Account source = find(from);
        Account target = find(to);
        source.withdraw(amount);
        target.deposit(amount);
    }

    public long total() {
        long sum = 0;
        for (Account a : accounts.values()) {
            sum += a.balance();
        }
        return sum;
    }

    private Account find(String owner) {
        Account a = accounts.get(owner);
        if (a == null) {
            throw new IllegalArgumentException("no account for " + owner);
        }
        return a;
    }
}
