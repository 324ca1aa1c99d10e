package org.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AccountTest {
    private static Money eur(long cents) {
        return new Money(cents, "EUR");
    }

    @Test
    void newAccountIsEmpty() {
        Account a = new Account("main", "EUR");
        assertEquals("main", a.id());
        assertEquals(eur(0), a.balance());
        assertEquals(eur(0), a.available());
    }

    @Test
    void rejectsNegativeOverdraftAndMissingId() {
        assertThrows(IllegalArgumentException.class, () -> new Account("x", eur(-1)));
        assertThrows(NullPointerException.class, () -> new Account(null, "EUR"));
    }

    @Test
    void depositAndWithdraw() {
        Account a = new Account("main", "EUR");
        a.deposit(eur(1000));
        a.withdraw(eur(300));
        assertEquals(eur(700), a.balance());
    }

    @Test
    void depositRejectsZeroNegativeAndOtherCurrency() {
        Account a = new Account("main", "EUR");
        assertThrows(IllegalArgumentException.class, () -> a.deposit(eur(0)));
        assertThrows(IllegalArgumentException.class, () -> a.deposit(eur(-5)));
        assertThrows(IllegalArgumentException.class, () -> a.deposit(new Money(5, "USD")));
        assertEquals(eur(0), a.balance());
    }

    @Test
    void withdrawExactBalanceIsAllowed() {
        Account a = new Account("main", "EUR");
        a.deposit(eur(500));
        a.withdraw(eur(500));
        assertEquals(eur(0), a.balance());
    }

    @Test
    void withdrawPastBalanceWithoutOverdraftFails() {
        Account a = new Account("main", "EUR");
        a.deposit(eur(500));
        assertThrows(IllegalStateException.class, () -> a.withdraw(eur(501)));
        assertEquals(eur(500), a.balance());
    }

    @Test
    void overdraftAllowsNegativeBalanceUpToTheLimit() {
        Account a = new Account("card", eur(200));
        a.deposit(eur(100));
        assertEquals(eur(300), a.available());
        a.withdraw(eur(300));
        assertEquals(eur(-200), a.balance());
        assertEquals(eur(0), a.available());
        assertThrows(IllegalStateException.class, () -> a.withdraw(eur(1)));
    }

    @Test
    void canWithdraw() {
        Account a = new Account("card", eur(50));
        a.deposit(eur(100));
        assertTrue(a.canWithdraw(eur(150)));
        assertFalse(a.canWithdraw(eur(151)));
    }

    @Test
    void transferMovesMoney() {
        Account from = new Account("a", "EUR");
        Account to = new Account("b", "EUR");
        from.deposit(eur(1000));
        from.transferTo(to, eur(400));
        assertEquals(eur(600), from.balance());
        assertEquals(eur(400), to.balance());
    }

    @Test
    void failedTransferChangesNothing() {
        Account from = new Account("a", "EUR");
        Account to = new Account("b", "EUR");
        from.deposit(eur(100));
        assertThrows(IllegalStateException.class, () -> from.transferTo(to, eur(200)));
        assertEquals(eur(100), from.balance());
        assertEquals(eur(0), to.balance());
    }

    @Test
    void transferRejectsSameAccountAndOtherCurrency() {
        Account a = new Account("a", "EUR");
        a.deposit(eur(100));
        assertThrows(IllegalArgumentException.class, () -> a.transferTo(a, eur(10)));
        Account usd = new Account("u", "USD");
        assertThrows(IllegalArgumentException.class, () -> a.transferTo(usd, eur(10)));
        assertEquals(eur(100), a.balance());
    }
}
