package dev.repofix.stage;

import dev.repofix.build.MavenBuild;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestRun;
import dev.repofix.testrun.TestStatus;
import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A one-bug Maven workspace written to a directory, its failure report and its fix; the eval tests use it too. */
public final class FailureFixture {
    public static final String SOURCE = "src/main/java/com/acme/Account.java";
    public static final String TEST = "src/test/java/com/acme/AccountTest.java";
    /** The failing test's message. */
    public static final String MESSAGE = "expected: <5> but was: <15>";
    /** The first line of the failing test's trace. */
    public static final String TRACE = "org.opentest4j.AssertionFailedError: " + MESSAGE;
    /** The failing test's frame, as a prompt without messages shows it. */
    public static final String FRAME = TEST + ":9 (withdraws)";
    /** Line 6 is the bug; "return balance;" is line 9. */
    public static final String SOURCE_TEXT = """
            package com.acme;

            public class Account {
                int balance;
                void withdraw(int amount) {
                    balance += amount;
                }
                int balance() {
                    return balance;
                }
            }
            """;

    /** The fix, as a unified diff. */
    public static final String FIX = """
            --- a/src/main/java/com/acme/Account.java
            +++ b/src/main/java/com/acme/Account.java
            @@ -5,3 +5,3 @@
                 void withdraw(int amount) {
            -        balance += amount;
            +        balance -= amount;
                 }
            """;

    private FailureFixture() {}

    public static FailureReport write(Path root) throws IOException {
        write(root, SOURCE, SOURCE_TEXT);
        write(root, TEST, "package com.acme;\nclass AccountTest {}\n");
        TestResult failing = new TestResult("com.acme.AccountTest#withdraws", TestStatus.FAILED, MESSAGE,
                TRACE + "\n\tat com.acme.AccountTest.withdraws(AccountTest.java:9)",
                List.of(new StackFrame(TEST, 9, "withdraws")));
        return new FailureReport("mvn -B -fae -Dcheckstyle.skip test", "mvn test -Dtest=AccountTest#withdraws",
                new TestRun(List.of(failing, TestResult.passed("com.acme.AccountTest#opens"))),
                List.of(failing), "[ERROR] Tests run: 2, Failures: 1", new FileIndex(root, List.of(SOURCE, TEST)),
                new MavenBuild());
    }

    private static void write(Path root, String path, String text) throws IOException {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
