package dev.repofix.context;

import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestResult;
import java.nio.file.Path;

/**
 * The failure of the bundled {@code examples/maven-bank}: withdrawing the whole balance
 * is refused by an off-by-one check, as Surefire reports it.
 */
final class MavenBankExample {
    static final Path ROOT = Path.of("examples/maven-bank");
    static final String ACCOUNT = "src/main/java/com/example/bank/Account.java";
    static final String ACCOUNT_TEST = "src/test/java/com/example/bank/AccountTest.java";

    private MavenBankExample() {}

    static FailureReport report() {
        String message = "requested 100 but only 100 available";
        String trace = "com.example.bank.InsufficientFundsException: " + message + "\n"
                + "\tat com.example.bank.Account.withdraw(Account.java:46)\n"
                + "\tat com.example.bank.AccountTest.withdrawEntireBalanceLeavesZero(AccountTest.java:26)\n"
                + "\tat java.base/java.lang.reflect.Method.invoke(Method.java:580)\n";
        TestResult failing = new TestResult("com.example.bank.AccountTest#withdrawEntireBalanceLeavesZero",
                dev.repofix.testrun.TestStatus.ERRORED, message, trace, java.util.List.of(
                        new StackFrame(ACCOUNT, 46, "withdraw"),
                        new StackFrame(ACCOUNT_TEST, 26, "withdrawEntireBalanceLeavesZero")));
        return Fixtures.report(ROOT, failing);
    }

    /** Tokens of the example's context for each budget, in {@link ContextBudget#values()} order. */
    static int[] tokensPerBudget(ContextBuilder builder) {
        FailureReport report = report();
        ContextBudget[] budgets = ContextBudget.values();
        int[] out = new int[budgets.length];
        for (int i = 0; i < budgets.length; i++) {
            out[i] = builder.build(report, budgets[i]).tokens();
        }
        return out;
    }
}
