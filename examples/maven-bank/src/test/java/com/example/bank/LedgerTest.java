package com.example.bank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class LedgerTest {
    @Test
    void transferMovesMoney() {
        Ledger ledger = new Ledger();
        ledger.open("ada", 100);
        ledger.open("bob", 0);
        ledger.transfer("ada", "bob", 40);
        assertEquals(100, ledger.total());
    }

    @Test
    void transferToUnknownOwnerFails() {
        Ledger ledger = new Ledger();
        ledger.open("ada", 100);
        assertThrows(IllegalArgumentException.class, () -> ledger.transfer("ada", "eve", 10));
    }

    @Test
    void openingTwiceFails() {
        Ledger ledger = new Ledger();
        ledger.open("ada", 1);
        assertThrows(IllegalStateException.class, () -> ledger.open("ada", 2));
    }
}
