package com.example.bank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class AccountTest {
    @Test
    void depositAddsToBalance() {
        Account a = new Account("ada", 100);
        a.deposit(50);
        assertEquals(150, a.balance());
    }

    @Test
    void withdrawTakesFromBalance() {
        Account a = new Account("ada", 100);
        a.withdraw(30);
        assertEquals(70, a.balance());
    }

    @Test
    void withdrawEntireBalanceLeavesZero() {
        Account a = new Account("ada", 100);
        a.withdraw(100);
        assertEquals(0, a.balance());
    }

    @Test
    void withdrawMoreThanBalanceIsRefused() {
        Account a = new Account("ada", 100);
        assertThrows(InsufficientFundsException.class, () -> a.withdraw(101));
        assertEquals(100, a.balance());
    }

    @Test
    void negativeDepositIsRefused() {
        Account a = new Account("ada", 100);
        assertThrows(IllegalArgumentException.class, () -> a.deposit(-1));
    }
}
