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

/** A one-bug Maven workspace written to a directory, and its failure report. */
final class FailureFixture {
    static final String SOURCE = "src/main/java/com/acme/Account.java";
    static final String TEST = "src/test/java/com/acme/AccountTest.java";
    /** Line 6 is the bug; "return balance;" is line 9. */
    static final String SOURCE_TEXT = """
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

    private FailureFixture() {}

    static FailureReport write(Path root) throws IOException {
        write(root, SOURCE, SOURCE_TEXT);
        write(root, TEST, "package com.acme;\nclass AccountTest {}\n");
        TestResult failing = new TestResult("com.acme.AccountTest#withdraws", TestStatus.FAILED,
                "expected: <5> but was: <15>",
                "org.opentest4j.AssertionFailedError: expected: <5> but was: <15>\n"
                        + "\tat com.acme.AccountTest.withdraws(AccountTest.java:9)",
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
