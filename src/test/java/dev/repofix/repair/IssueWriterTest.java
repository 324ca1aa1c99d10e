package dev.repofix.repair;

import static dev.repofix.repair.FixtureRepo.errored;
import static dev.repofix.repair.FixtureRepo.failed;
import static dev.repofix.repair.FixtureRepo.frame;
import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.MavenBuild;
import dev.repofix.build.PytestBuild;
import dev.repofix.stage.IssueDraft;
import dev.repofix.testrun.TestResult;
import java.nio.file.Path;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IssueWriterTest {
    private static final String ACCOUNT = "src/main/java/com/acme/Account.java";
    private static final String ACCOUNT_TEST = "src/test/java/com/acme/AccountTest.java";

    @TempDir
    Path root;

    private FixtureRepo maven;
    private final IssueWriter writer = new IssueWriter();

    @BeforeEach
    void writeRepository() {
        maven = new FixtureRepo(root, new MavenBuild())
                .lines(ACCOUNT, "package com.acme;", "class Account {}")
                .lines(ACCOUNT_TEST, "package com.acme;", "class AccountTest {}")
                .passing("com.acme.AccountTest#depositAdds", "com.acme.AccountTest#opensEmpty");
    }

    @Test
    void titlesOneFailingTestWithItsShortIdAndMessage() {
        IssueDraft issue = writer.write(maven.report(assertionFailure("com.acme.AccountTest#withdrawAll")));

        assertThat(issue.title())
                .isEqualTo("AccountTest.withdrawAll fails: AssertionFailedError: expected: <0> but was: <100>");
    }

    @Test
    void titlesAGoTestWithItsPackagesNameNotItsHost() {
        IssueDraft issue = writer.write(maven.report(assertionFailure("github.com/acme/go-calc#TestAdd")));

        assertThat(issue.title()).startsWith("go-calc.TestAdd fails");
    }

    @Test
    void titlesSeveralFailingTestsWithTheirCountAndTheFirst() {
        IssueDraft issue = writer.write(maven.report(assertionFailure("com.acme.AccountTest#withdrawAll"),
                assertionFailure("com.acme.AccountTest#withdrawTwice"),
                assertionFailure("com.acme.LedgerTest#sums")));

        assertThat(issue.title()).startsWith("3 tests fail, first AccountTest.withdrawAll: ");
        assertThat(issue.description()).startsWith("3 of 5 tests fail.")
                .contains("- com.acme.AccountTest#withdrawAll (failed): expected: <0> but was: <100>")
                .contains("- com.acme.LedgerTest#sums (failed)");
    }

    @Test
    void shortensALongMessageInTheTitle() {
        TestResult t = failed("com.acme.AccountTest#x", "x".repeat(200), "");

        String title = writer.write(maven.report(t)).title();

        assertThat(title).isEqualTo("AccountTest.x fails: " + "x".repeat(87) + "...");
    }

    @Test
    void titleWithoutMessageNamesTheExceptionOnly() {
        TestResult t = errored("com.acme.AccountTest#x", "", "java.lang.NullPointerException\n\tat x.Y.z(Y.java:3)");

        assertThat(writer.write(maven.report(t)).title()).isEqualTo("AccountTest.x fails: NullPointerException");
    }

    /** Some reports give the exception's qualified name in the message too: name it once. */
    @Test
    void titleNamesTheExceptionOnceWhenTheMessageStartsWithItsQualifiedName() {
        TestResult java = errored("com.acme.AccountTest#x", "java.lang.IllegalStateException: closed",
                "java.lang.IllegalStateException: closed\n\tat x.Y.z(Y.java:3)");
        TestResult python = errored("tests/test_stock.py::test_take", "inventory.OutOfStockError: sku-1",
                "E   inventory.OutOfStockError: sku-1\n\ntests/test_stock.py:4: OutOfStockError");

        assertThat(writer.write(maven.report(java)).title())
                .isEqualTo("AccountTest.x fails: IllegalStateException: closed");
        assertThat(writer.write(maven.report(python)).title())
                .isEqualTo("tests/test_stock.py::test_take fails: OutOfStockError: sku-1");
    }

    @Test
    void explainsAJavaExpectedButWasMessageAndWhereTheTestChecksIt() {
        IssueDraft issue = writer.write(maven.report(assertionFailure("com.acme.AccountTest#withdrawAll")));

        assertThat(issue.explanation())
                .startsWith("The test expected \"0\" but the code returned \"100\". ")
                .contains("The failing check is in the test at " + ACCOUNT_TEST + ":12;")
                .doesNotContain("All ");
        assertThat(issue.bugType()).isEqualTo("wrong result");
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " ~ ", value = {
            "expected: <0> but was: <100> ~ 0 ~ 100",
            "balance ==> expected: <0> but was: <100> ~ 0 ~ 100",
            "expected:<[ada]> but was:<[bob]> ~ ada ~ bob",
            "Unexpected balance ==> expected: <0> but was: <100> ~ 0 ~ 100",
    })
    void readsExpectedAndActualFromAssertionMessages(String message, String expected, String actual) {
        TestResult t = failed("com.acme.AccountTest#x", message, "org.opentest4j.AssertionFailedError: " + message);

        assertThat(writer.write(maven.report(t)).explanation())
                .startsWith("The test expected \"" + expected + "\" but the code returned \"" + actual + "\". ");
    }

    @Test
    void readsAnAssertJMessageSpreadOverLines() {
        TestResult t = failed("com.acme.AccountTest#x", "\nexpected: 5\n but was: 4", "");

        assertThat(writer.write(maven.report(t)).explanation())
                .startsWith("The test expected \"5\" but the code returned \"4\". ");
    }

    @Test
    void explainsAnExceptionRaisedInSourceWithTheCallingTest() {
        TestResult t = errored("com.acme.AccountTest#withdraw", "withdrew 30 of 20",
                "com.acme.InsufficientFundsException: withdrew 30 of 20\n"
                        + "\tat com.acme.Account.withdraw(Account.java:9)\n"
                        + "\tat com.acme.AccountTest.withdraw(AccountTest.java:14)\n",
                frame(ACCOUNT, 9, "withdraw"), frame(ACCOUNT_TEST, 14, "withdraw"));

        IssueDraft issue = writer.write(maven.report(t));

        assertThat(issue.title())
                .isEqualTo("AccountTest.withdraw fails: InsufficientFundsException: withdrew 30 of 20");
        assertThat(issue.explanation()).startsWith("The test ends with InsufficientFundsException. "
                + "It is raised in the code under test at " + ACCOUNT + ":9 in withdraw, "
                + "called from the test at " + ACCOUNT_TEST + ":14. ");
        assertThat(issue.bugType()).isEqualTo("other: unexpected exception (InsufficientFundsException)");
    }

    @Test
    void namesTheRootCauseOfAWrappedJavaException() {
        TestResult t = errored("com.acme.AccountTest#interest", "boom",
                "java.lang.IllegalStateException: boom\n"
                        + "\tat com.acme.Account.interest(Account.java:20)\n"
                        + "Caused by: java.lang.ArithmeticException: / by zero\n"
                        + "\tat com.acme.Rates.perDay(Rates.java:7)\n"
                        + "\t... 3 more\n",
                frame(ACCOUNT, 20, "interest"));

        IssueDraft issue = writer.write(maven.report(t));

        assertThat(IssueWriter.exceptionName(t)).isEqualTo("ArithmeticException");
        assertThat(issue.bugType()).isEqualTo("arithmetic error");
    }

    @Test
    void findsACausePrintedAfterALongStack() {
        StringBuilder trace = new StringBuilder("java.lang.RuntimeException: wrapped\n");
        for (int i = 1; i <= 60; i++) {
            trace.append("\tat com.acme.Deep.level").append(i).append("(Deep.java:").append(i).append(")\n");
        }
        trace.append("Caused by: java.lang.NullPointerException: owner\n\tat com.acme.Account.owner(Account.java:3)\n");
        TestResult t = errored("com.acme.AccountTest#owner", "wrapped", trace.toString());

        assertThat(IssueWriter.exceptionName(t)).isEqualTo("NullPointerException");
    }

    @Test
    void ignoresCausesOfSuppressedExceptions() {
        TestResult t = errored("com.acme.AccountTest#close", "close failed",
                "java.lang.IllegalStateException: close failed\n"
                        + "\tat com.acme.Account.close(Account.java:30)\n"
                        + "\tSuppressed: java.io.IOException: flush\n"
                        + "\t\tat com.acme.Account.flush(Account.java:40)\n"
                        + "\tCaused by: java.lang.ArithmeticException: / by zero\n"
                        + "\t\tat com.acme.Account.ratio(Account.java:50)\n");

        assertThat(IssueWriter.exceptionName(t)).isEqualTo("IllegalStateException");
    }

    @Test
    void explainsAPytestAssertionWithItsTraceAndFrame() {
        FixtureRepo py = new FixtureRepo(root.resolve("py"), new PytestBuild())
                .lines("calc.py", "def add(a, b):", "    return a - b")
                .lines("tests/test_calc.py", "from calc import add", "", "def test_add():", "    assert add(2, 2) == 5");
        String trace = String.join("\n",
                "def test_add():",
                ">       assert add(2, 2) == 5",
                "E       assert 4 == 5",
                "E        +  where 4 = add(2, 2)",
                "",
                "tests/test_calc.py:4: AssertionError");
        TestResult t = failed("tests/test_calc.py::test_add", "assert 4 == 5\n +  where 4 = add(2, 2)", trace,
                frame("tests/test_calc.py", 4, "test_add"));

        IssueDraft issue = writer.write(py.report(t));

        assertThat(issue.title()).isEqualTo("tests/test_calc.py::test_add fails: assert 4 == 5");
        assertThat(issue.bugType()).isEqualTo("wrong result");
        assertThat(issue.explanation())
                .contains("The failing check is in the test at tests/test_calc.py:4;")
                .endsWith("(Drafted by repofix's builtin engine from the test output; no model was used.)");
        assertThat(issue.description())
                .contains("- tests/test_calc.py::test_add (failed): assert 4 == 5 +  where 4 = add(2, 2)"
                        + " at tests/test_calc.py:4")
                .contains("Trace of the first failure:\n    def test_add():\n")
                .contains("    E       assert 4 == 5\n");
    }

    @Test
    void takesThePythonExceptionFromThePytestTrace() {
        String trace = String.join("\n",
                "    def test_ratio():",
                ">       ratio(1, 0)",
                "",
                "tests/test_calc.py:8: ",
                "_ _ _ _ _ _ _ _",
                "",
                "    def ratio(a, b):",
                ">       return a / b",
                "E       ZeroDivisionError: division by zero",
                "",
                "calc.py:5: ZeroDivisionError");
        TestResult t = errored("tests/test_calc.py::test_ratio", "ZeroDivisionError: division by zero", trace);

        assertThat(IssueWriter.exceptionName(t)).isEqualTo("ZeroDivisionError");
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " ~ ", value = {
            "java.lang.NullPointerException: Cannot invoke \"String.length()\" ~ null dereference",
            "java.lang.ArrayIndexOutOfBoundsException: Index 3 out of bounds for length 3 ~ out-of-bounds index",
            "java.lang.IndexOutOfBoundsException: Index 0 out of bounds for length 0 ~ out-of-bounds index",
            "E       IndexError: list index out of range ~ out-of-bounds index",
            "E       ZeroDivisionError: division by zero ~ arithmetic error",
            "java.lang.ArithmeticException: / by zero ~ arithmetic error",
            "E       KeyError: 'sku-1' ~ missing element",
            "java.util.NoSuchElementException: No value present ~ unchecked optional",
            "java.util.NoSuchElementException: no more tokens ~ missing element",
            "E       NameError: name 'totl' is not defined ~ reference error",
            "E       ModuleNotFoundError: No module named 'pricing' ~ import error",
            "E       TypeError: unsupported operand ~ type error",
            "java.lang.ClassCastException: A cannot be cast to B ~ type error",
            "java.lang.StackOverflowError ~ infinite recursion",
            "E       RecursionError: maximum recursion depth exceeded ~ infinite recursion",
            "org.opentest4j.AssertionFailedError: expected: <1> but was: <2> ~ wrong result",
            "com.acme.InsufficientFundsException: 30 > 20 ~ other: unexpected exception (InsufficientFundsException)",
            "E       inventory.OutOfStockError: sku-1 ~ other: unexpected exception (OutOfStockError)",
    })
    void classifiesTheBugByTheException(String traceLine, String bugType) {
        TestResult t = errored("com.acme.AccountTest#x", "", traceLine + "\n");

        assertThat(writer.write(maven.report(t)).bugType()).isEqualTo(bugType);
    }

    @Test
    void treatsANoneTypeAttributeErrorAsANullDereference() {
        assertThat(IssueWriter.bugType("AttributeError", "'NoneType' object has no attribute 'qty'"))
                .isEqualTo("null dereference");
    }

    @Test
    void putsTheCommandADeveloperTypesToRerunTheFailingTestInTheDescription() {
        IssueDraft issue = writer.write(maven.report(assertionFailure("com.acme.AccountTest#withdrawAll")));

        assertThat(issue.description()).contains("Reproduce (at the repository root):\n"
                + "    mvn test -Dtest=AccountTest#withdrawAll\n");
        String reproduce = issue.description().split("root\\):\n    ", 2)[1].split("\n", 2)[0];
        assertThat(reproduce).doesNotContainPattern("-D[\\w.]*skip").doesNotContain("-B", "-fae");
    }

    @Test
    void reproducesAPytestFailureByItsNodeId() {
        FixtureRepo py = new FixtureRepo(root.resolve("py"), new PytestBuild())
                .lines("tests/test_stock.py", "def test_takes(): assert False");
        IssueDraft issue = writer.write(py.report(failed("tests/test_stock.py::test_takes[two words]", "assert False", "")));

        assertThat(issue.description()).contains("\n    python3 -m pytest 'tests/test_stock.py::test_takes[two words]'\n");
    }

    @Test
    void listsAtMostTenFailingTestsAndCountsTheRest() {
        TestResult[] failing = new TestResult[13];
        for (int i = 0; i < failing.length; i++) {
            failing[i] = assertionFailure("com.acme.AccountTest#t" + i);
        }

        String description = writer.write(maven.report(failing)).description();

        assertThat(description).contains("- com.acme.AccountTest#t9 ").doesNotContain("- com.acme.AccountTest#t10 ")
                .contains("- ... and 3 more\n");
    }

    @Test
    void cutsALongTraceInTheDescription() {
        String trace = String.join("\n", IntStream.rangeClosed(1, 40)
                .mapToObj(i -> "\tat com.acme.Deep.level" + i + "(Deep.java:" + i + ")").toList());
        TestResult t = errored("com.acme.AccountTest#x", "boom", "java.lang.IllegalStateException: boom\n" + trace);

        String description = writer.write(maven.report(t)).description();

        assertThat(description).contains("level24(Deep.java:24)\n    ...\n").doesNotContain("level25");
    }

    @Test
    void summarisesTheExceptionsOfSeveralFailures() {
        TestResult npe = errored("com.acme.AccountTest#a", "", "java.lang.NullPointerException\n");
        TestResult otherNpe = errored("com.acme.AccountTest#b", "", "java.lang.NullPointerException\n");
        TestResult assertion = assertionFailure("com.acme.AccountTest#c");
        TestResult bare = failed("com.acme.AccountTest#d", "nope", "");

        String explanation = writer.write(maven.report(npe, assertion, otherNpe, bare)).explanation();

        assertThat(explanation).contains("All 4 failures: NullPointerException (2), AssertionFailedError (1), "
                + "no exception named (1). ");
    }

    /**
     * A saved run record may come from a pull request's own workflow, so reporters render
     * every draft escaped: Markdown of the draft's own would show as marks. It writes none,
     * and the tests' words stay as they were (no fence of ours for them to close).
     */
    @Test
    void writesPlainTextWithTheTestOutputAsItIs() {
        TestResult plain = errored("com.acme.AccountTest#x", "closed", "java.lang.IllegalStateException: closed"
                + "\n\tat com.acme.Account.withdraw(Account.java:9)", frame(ACCOUNT, 9, "withdraw"));
        String message = "```\n</details>\n### repofix: valid patch found\n@org/team";
        TestResult hostile = errored("com.acme.AccountTest#x[`a`]", message, "java.lang.IllegalStateException: "
                + message + "\n\tat com.acme.Account.withdraw(Account.java:9)", frame(ACCOUNT, 9, "withdraw"));

        IssueDraft ours = writer.write(maven.report(plain));
        IssueDraft theirs = writer.write(maven.report(hostile));

        assertThat(String.join("\n", ours.title(), ours.description(), ours.explanation()))
                .doesNotContain("`", "**", "<details>", "_Drafted");
        assertThat(theirs.title()).isEqualTo("AccountTest.x[`a`] fails: IllegalStateException: ```");
        assertThat(theirs.description())
                .contains("- com.acme.AccountTest#x[`a`] (errored): " + message.replace("\n", " ") + " at ")
                .contains("    java.lang.IllegalStateException: ```\n    </details>\n    ### repofix: valid patch found\n");
    }

    private static TestResult assertionFailure(String id) {
        return failed(id, "expected: <0> but was: <100>",
                "org.opentest4j.AssertionFailedError: expected: <0> but was: <100>\n"
                        + "\tat org.junit.jupiter.api.AssertionUtils.fail(AssertionUtils.java:151)\n"
                        + "\tat com.acme.AccountTest.withdrawAll(AccountTest.java:12)\n",
                frame(ACCOUNT_TEST, 12, "withdrawAll"));
    }

    /** A line of thousands of dotted words: the exception patterns recursed once per segment. */
    @Test
    void readsTraceLinesOfAHundredThousandDottedCharacters() {
        String dotted = "a.".repeat(50_000);
        TestResult java = errored("com.acme.AccountTest#x", dotted + "b", dotted + "BadException: x\n"
                + "java.lang.IllegalStateException: closed\n");
        TestResult python = errored("tests/test_a.py::test_x", "", "E   " + dotted + "ValueError: x\n"
                + "E   inventory.OutOfStockError: sku\n");

        assertThat(IssueWriter.exceptionName(java)).isEqualTo("IllegalStateException");
        assertThat(IssueWriter.exceptionName(python)).isEqualTo("OutOfStockError");
        assertThat(new IssueWriter().write(maven.report(java)).title()).contains(dotted.substring(0, 40));
    }
}
