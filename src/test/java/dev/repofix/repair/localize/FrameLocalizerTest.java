package dev.repofix.repair.localize;

import static dev.repofix.repair.FixtureRepo.errored;
import static dev.repofix.repair.FixtureRepo.failed;
import static dev.repofix.repair.FixtureRepo.frame;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.repofix.build.MavenBuild;
import dev.repofix.repair.FixtureRepo;
import dev.repofix.repair.source.SourceCache;
import dev.repofix.stage.Location;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.TestResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stack-frame localization; what a test with no source frame calls is in {@link CalleeFinderTest}. */
class FrameLocalizerTest {
    static final String ACCOUNT = "src/main/java/com/acme/Account.java";
    static final String LEDGER = "src/main/java/com/acme/Ledger.java";
    static final String ACCOUNT_TEST = "src/test/java/com/acme/AccountTest.java";
    static final String LEDGER_TEST = "src/test/java/com/acme/LedgerTest.java";

    @TempDir
    Path root;

    private FixtureRepo repo;

    @BeforeEach
    void writeRepository() {
        repo = new FixtureRepo(root, new MavenBuild())
                .lines(ACCOUNT,
                        "package com.acme;",                                       // 1
                        "",                                                        // 2
                        "/** An account. */",                                      // 3
                        "public class Account {",                                  // 4
                        "    private long balance;",                               // 5
                        "",                                                        // 6
                        "    public Account(long opening) {",                      // 7
                        "        balance = opening;",                              // 8
                        "    }",                                                   // 9
                        "",                                                        // 10
                        "    public void withdraw(long amount) {",                 // 11
                        "        // refuse overdrafts",                            // 12
                        "",                                                        // 13
                        "        if (amount >= balance) {",                        // 14
                        "            throw new IllegalStateException(\"funds\");", // 15
                        "        }",                                               // 16
                        "        balance -= amount;",                              // 17
                        "    }",                                                   // 18
                        "",                                                        // 19
                        "    public void deposit(long amount) {",                  // 20
                        "        if (amount < 0) {",                               // 21
                        "            throw new IllegalArgumentException();",       // 22
                        "        }",                                               // 23
                        "        balance += amount;",                              // 24
                        "    }",                                                   // 25
                        "}")
                .lines(LEDGER,
                        "package com.acme;",                                       // 1
                        "",                                                        // 2
                        "class Ledger {",                                          // 3
                        "    void transfer(Account from, Account to, long n) {",   // 4
                        "        from.withdraw(n);",                               // 5
                        "        to.deposit(n);",                                  // 6
                        "    }",                                                   // 7
                        "}")
                .lines(ACCOUNT_TEST,
                        "package com.acme;",                                       // 1
                        "",                                                        // 2
                        "class AccountTest {",                                     // 3
                        "    @Test",                                               // 4
                        "    void withdrawAll() {",                                // 5
                        "        Account a = new Account(100);",                   // 6
                        "        a.withdraw(100);",                                // 7
                        "    }",                                                   // 8
                        "}")
                .lines(LEDGER_TEST, "package com.acme;", "", "class LedgerTest {", "    @Test", "    void moves() {",
                        "        // set up", "        new Ledger().transfer(a, b, 100);", "    }", "}");
    }

    @Test
    void ranksTheDeepestSourceFrameFirstThenTheGuardAboveIt() {
        List<Location> locations = localize(repo.report(withdrawAllFails()));

        assertThat(locations).extracting(Location::toString).containsExactly(ACCOUNT + ":15", ACCOUNT + ":14");
        assertThat(locations.get(0).score()).isEqualTo(1.0);
        assertThat(locations.get(0).content()).isEqualTo("            throw new IllegalStateException(\"funds\");");
        assertThat(locations.get(0).reason()).isEqualTo("raised here in com.acme.AccountTest#withdrawAll");
        assertThat(locations.get(1).score()).isCloseTo(0.85, offset(1e-9));
        assertThat(locations.get(1).reason()).isEqualTo("above " + ACCOUNT + ":15, where it is raised");
    }

    @Test
    void neverSuspectsCommentOrBlankLines() {
        List<Location> locations = localize(repo.report(withdrawAllFails(), transferFails("com.acme.LedgerTest#moves")));

        assertThat(locations).extracting(Location::line).doesNotContain(12, 13);
        assertThat(locations).allSatisfy(l -> assertThat(l.content().strip()).isNotEmpty().doesNotStartWith("//"));
    }

    @Test
    void ranksCallerFramesBelowTheDeepestAndTestFramesNotAtAll() {
        List<Location> locations = localize(repo.report(transferFails("com.acme.LedgerTest#moves")));

        assertThat(locations).extracting(Location::toString)
                .containsExactly(ACCOUNT + ":15", ACCOUNT + ":14", LEDGER + ":5");
        assertThat(locations.get(2).score()).isEqualTo(0.5);
        assertThat(locations.get(2).reason()).isEqualTo("on the stack of com.acme.LedgerTest#moves");
    }

    @Test
    void ignoresATestThatOnlyAssertsWhenAnotherRaisedInSource() {
        TestResult assertion = failed("com.acme.AccountTest#balance", "expected: <0> but was: <1>", "",
                frame(ACCOUNT_TEST, 7, "balance"));

        List<Location> locations = localize(repo.report(assertion, withdrawAllFails()));

        assertThat(locations).extracting(Location::file).containsOnly(ACCOUNT);
    }

    @Test
    void addsUpFramesSharedBySeveralFailingTests() {
        TestResult depositOne = depositFails("com.acme.AccountTest#depositNegative");
        TestResult depositTwo = depositFails("com.acme.AccountTest#depositMinValue");

        List<Location> locations = localize(repo.report(withdrawAllFails(), depositOne, depositTwo));

        assertThat(locations.get(0)).hasToString(ACCOUNT + ":22");
        assertThat(locations).extracting(Location::toString).containsSubsequence(ACCOUNT + ":22", ACCOUNT + ":15");
        assertThat(score(locations, ACCOUNT + ":22")).isGreaterThan(score(locations, ACCOUNT + ":15"));
        assertThat(locations).allSatisfy(l -> assertThat(l.score()).isBetween(0.0, 1.0));
        assertThat(locations.get(0).reason()).isEqualTo("raised here in com.acme.AccountTest#depositNegative");
    }

    @Test
    void aCallerOnTheStackOfTwoTestsOutranksOneOnTheStackOfOne() {
        TestResult viaWithdraw = transferFails("com.acme.LedgerTest#moves");
        TestResult viaWithdrawAgain = transferFails("com.acme.LedgerTest#movesAll");
        TestResult viaDeposit = errored("com.acme.LedgerTest#movesNegative", "", "",
                frame(ACCOUNT, 22, "deposit"), frame(LEDGER, 6, "transfer"), frame(LEDGER_TEST, 7, "movesNegative"));

        List<Location> locations = localize(repo.report(viaDeposit, viaWithdraw, viaWithdrawAgain));

        assertThat(locations).extracting(Location::toString).startsWith(ACCOUNT + ":15")
                .containsSubsequence(LEDGER + ":5", LEDGER + ":6");
        assertThat(score(locations, LEDGER + ":5")).isGreaterThan(score(locations, LEDGER + ":6"));
    }

    @Test
    void skipsFramesPastTheEndOfTheFile() {
        TestResult stale = errored("com.acme.AccountTest#withdrawAll", "funds", "",
                frame(ACCOUNT, 90, "withdraw"), frame(LEDGER, 5, "transfer"));

        assertThat(localize(repo.report(stale))).extracting(Location::toString).containsExactly(LEDGER + ":5");
    }

    @Test
    void stopsLookingUpwardAtTheMethodDeclaration() {
        TestResult t = errored("com.acme.AccountTest#deposit", "", "", frame(ACCOUNT, 21, "deposit"));

        assertThat(localize(repo.report(t))).extracting(Location::line).containsExactly(21);
    }

    private List<Location> localize(FailureReport report) {
        return new FrameLocalizer().localize(report, new SourceCache(report.files())).locations();
    }

    static double score(List<Location> locations, String where) {
        return locations.stream().filter(l -> l.toString().equals(where)).findFirst().orElseThrow().score();
    }

    private static TestResult withdrawAllFails() {
        return errored("com.acme.AccountTest#withdrawAll", "funds", "java.lang.IllegalStateException: funds\n",
                frame(ACCOUNT, 15, "withdraw"), frame(ACCOUNT_TEST, 7, "withdrawAll"));
    }

    private static TestResult depositFails(String id) {
        return errored(id, "", "java.lang.IllegalArgumentException\n", frame(ACCOUNT, 22, "deposit"),
                frame(ACCOUNT_TEST, 7, "deposit"));
    }

    private static TestResult transferFails(String id) {
        return errored(id, "funds", "java.lang.IllegalStateException: funds\n", frame(ACCOUNT, 15, "withdraw"),
                frame(LEDGER, 5, "transfer"), frame(LEDGER_TEST, 7, "moves"));
    }
}
