package org.ledger;

import java.util.Objects;

/** A balance in one currency that may go below zero down to an overdraft limit. */
public class Account {
    private final String id;
    private final String currency;
    private final Money overdraftLimit;
    private Money balance;

    public Account(String id, String currency) {
        this(id, Money.zero(currency));
    }

    /** @param overdraftLimit how far below zero the balance may go; not negative. */
    public Account(String id, Money overdraftLimit) {
        this.id = Objects.requireNonNull(id, "id");
        if (overdraftLimit.isNegative()) {
            throw new IllegalArgumentException("overdraft limit must not be negative");
        }
        this.currency = overdraftLimit.currency();
        this.overdraftLimit = overdraftLimit;
        this.balance = Money.zero(currency);
    }

    public String id() {
        return id;
    }

    public Money balance() {
        return balance;
    }

    public void deposit(Money amount) {
        requirePositive(amount);
        balance = balance.add(amount);
    }

    /** @throws IllegalStateException when the balance would pass the overdraft limit */
    public void withdraw(Money amount) {
        requirePositive(amount);
        if (!canWithdraw(amount)) {
            throw new IllegalStateException("insufficient funds in " + id + ": balance "
                    + balance + ", overdraft " + overdraftLimit + ", asked " + amount);
        }
        balance = balance.subtract(amount);
    }

    public boolean canWithdraw(Money amount) {
        return available().compareTo(amount) >= 0;
    }

    /** Balance plus the overdraft still unused. */
    public Money available() {
        return balance.add(overdraftLimit);
    }

    public void transferTo(Account target, Money amount) {
        if (target == this) {
            throw new IllegalArgumentException("transfer to the same account");
        }
        if (!target.currency.equals(currency)) {
            throw new IllegalArgumentException("currency mismatch");
        }
        withdraw(amount);
        target.deposit(amount);
    }

    private void requirePositive(Money amount) {
        if (!amount.currency().equals(currency)) {
            throw new IllegalArgumentException("currency mismatch: " + amount.currency());
        }
        if (amount.isNegative() || amount.isZero()) {
            throw new IllegalArgumentException("amount must be positive: " + amount);
        }
    }
}
