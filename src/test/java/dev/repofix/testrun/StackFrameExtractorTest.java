package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.workspace.FileIndex;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StackFrameExtractorTest {
    private final StackFrameExtractor extractor = new StackFrameExtractor();

    @TempDir
    Path root;

    @Test
    void listsRootCauseFramesFirstAndIgnoresElidedFrames() {
        FileIndex files = index(
                "src/main/java/com/acme/bank/Account.java",
                "src/main/java/com/acme/bank/Ledger.java",
                "src/test/java/com/acme/bank/AccountTest.java");
        String trace = """
                java.lang.IllegalStateException: cannot post withdrawal
                \tat com.acme.bank.Account.withdraw(Account.java:42)
                \tat com.acme.bank.AccountTest.withdrawsFromLedger(AccountTest.java:19)
                \tat java.base/jdk.internal.reflect.DirectMethodHandleAccessor.invoke(DirectMethodHandleAccessor.java:103)
                \tat org.junit.platform.commons.util.ReflectionUtils.invokeMethod(ReflectionUtils.java:767)
                Caused by: java.io.UncheckedIOException: ledger closed
                \tat com.acme.bank.Ledger.post(Ledger.java:88)
                \tat com.acme.bank.Account.withdraw(Account.java:40)
                \t... 3 more
                Caused by: java.io.IOException: stream closed
                \tat java.base/java.io.BufferedWriter.ensureOpen(BufferedWriter.java:123)
                \tat com.acme.bank.Ledger.append(Ledger.java:120)
                \tat com.acme.bank.Ledger.post(Ledger.java:86)
                \t... 4 more
                """;

        assertThat(extractor.extract(trace, files)).containsExactly(
                new StackFrame("src/main/java/com/acme/bank/Ledger.java", 120, "append", 2),
                new StackFrame("src/main/java/com/acme/bank/Ledger.java", 86, "post", 2),
                new StackFrame("src/main/java/com/acme/bank/Ledger.java", 88, "post", 1),
                new StackFrame("src/main/java/com/acme/bank/Account.java", 40, "withdraw", 1),
                new StackFrame("src/main/java/com/acme/bank/Account.java", 42, "withdraw"),
                new StackFrame("src/test/java/com/acme/bank/AccountTest.java", 19, "withdrawsFromLedger"));
    }

    @Test
    void resolvesKotlinInnerClassLambdaAndModulePrefixedFrames() {
        FileIndex files = index(
                "app/src/main/kotlin/com/acme/Pricing.kt",
                "app/src/main/java/com/acme/Cart.java");
        String trace = """
                java.lang.ArithmeticException: / by zero
                \tat app//com.acme.PricingKt.unitPrice(Pricing.kt:7)
                \tat com.acme.Cart$Line.lambda$total$0(Cart.java:31)
                \tat com.acme.Cart$$Lambda/0x000071c2d8003a00.apply(Unknown Source)
                \tat java.base@21.0.5/java.util.stream.ReferencePipeline$3$1.accept(ReferencePipeline.java:197)
                \tat com.acme.Cart.<init>(Cart.java:12) ~[classes/:?]
                """;

        assertThat(extractor.extract(trace, files)).containsExactly(
                new StackFrame("app/src/main/kotlin/com/acme/Pricing.kt", 7, "unitPrice"),
                new StackFrame("app/src/main/java/com/acme/Cart.java", 31, "lambda$total$0"),
                new StackFrame("app/src/main/java/com/acme/Cart.java", 12, "<init>"));
    }

    @Test
    void picksTheSameNamedFileOfTheDeclaringPackage() {
        FileIndex files = index(
                "src/main/java/com/acme/billing/Account.java",
                "src/main/java/com/acme/users/Account.java");
        String trace = """
                java.lang.NullPointerException
                \tat com.acme.users.Account.email(Account.java:17)
                \tat com.acme.billing.Account.owner(Account.java:55)
                """;

        assertThat(extractor.extract(trace, files)).containsExactly(
                new StackFrame("src/main/java/com/acme/users/Account.java", 17, "email"),
                new StackFrame("src/main/java/com/acme/billing/Account.java", 55, "owner"));
    }

    @Test
    void doesNotGuessAPackagedClassByItsBareFileName() {
        FileIndex files = index("src/main/java/com/acme/Account.java", "src/Main.java");
        String trace = """
                java.lang.RuntimeException: x
                \tat org.thirdparty.Account.load(Account.java:3)
                \tat Main.main(Main.java:9)
                """;

        assertThat(extractor.extract(trace, files))
                .containsExactly(new StackFrame("src/Main.java", 9, "main"));
    }

    @Test
    void skipsFramesWithoutALineNumber() {
        FileIndex files = index("src/main/java/com/acme/Native.java");
        String trace = """
                java.lang.UnsatisfiedLinkError: no acme in java.library.path
                \tat com.acme.Native.load(Native Method)
                \tat com.acme.Native.init(Unknown Source)
                \tat com.acme.Native.start(Native.java)
                \tat com.acme.Native.run(Native.java:0)
                \tat com.acme.Native.main(Native.java:21)
                """;

        assertThat(extractor.extract(trace, files))
                .containsExactly(new StackFrame("src/main/java/com/acme/Native.java", 21, "main"));
    }

    @Test
    void listsSuppressedSectionsAfterTheMainChain() {
        FileIndex files = index("src/com/acme/Job.java", "src/com/acme/Conn.java", "src/com/acme/Pool.java");
        String trace = """
                java.lang.IllegalStateException: job failed
                \tat com.acme.Job.run(Job.java:10)
                \tSuppressed: java.io.IOException: close failed
                \t\tat com.acme.Conn.close(Conn.java:70)
                \t\tat com.acme.Job.run(Job.java:12)
                \tCaused by: java.net.SocketException: reset
                \t\tat com.acme.Pool.release(Pool.java:5)
                \t\t... 2 more
                Caused by: java.sql.SQLException: deadlock
                \tat com.acme.Conn.query(Conn.java:30)
                \t... 1 more
                """;

        assertThat(extractor.extract(trace, files)).containsExactly(
                new StackFrame("src/com/acme/Conn.java", 30, "query", 1),
                new StackFrame("src/com/acme/Job.java", 10, "run"),
                new StackFrame("src/com/acme/Pool.java", 5, "release", 1),
                new StackFrame("src/com/acme/Conn.java", 70, "close"),
                new StackFrame("src/com/acme/Job.java", 12, "run"));
    }

    @Test
    void keepsTheDeepestOccurrenceOfARepeatedFrame() {
        FileIndex files = index("src/com/acme/Tree.java");
        String trace = """
                java.lang.StackOverflowError
                \tat com.acme.Tree.depth(Tree.java:8)
                \tat com.acme.Tree.depth(Tree.java:9)
                \tat com.acme.Tree.depth(Tree.java:9)
                \tat com.acme.Tree.depth(Tree.java:9)
                """;

        assertThat(extractor.extract(trace, files)).containsExactly(
                new StackFrame("src/com/acme/Tree.java", 8, "depth"),
                new StackFrame("src/com/acme/Tree.java", 9, "depth"));
    }

    @Test
    void listsTheFirstPrintedPythonTracebackFirstEachReversed() {
        FileIndex files = index("src/stock/inventory.py", "src/stock/store.py", "tests/test_stock.py");
        String trace = """
                Traceback (most recent call last):
                  File "%1$s/src/stock/store.py", line 20, in load
                    return self._rows[key]
                           ~~~~~~~~~~^^^^^
                KeyError: 'apples'

                During handling of the above exception, another exception occurred:

                Traceback (most recent call last):
                  File "%1$s/tests/test_stock.py", line 5, in test_reorder
                    assert inventory.reorder_amount("apples") == 5
                  File "/usr/lib/python3.12/unittest/mock.py", line 1139, in __call__
                    return self._mock_call(*args, **kwargs)
                  File "%1$s/src/stock/inventory.py", line 12, in reorder_amount
                    row = self.store.load(name)
                  File "%1$s/src/stock/store.py", line 22, in load
                    raise LookupError(key) from None
                LookupError: apples
                """.formatted(root);

        assertThat(extractor.extract(trace, files)).containsExactly(
                new StackFrame("src/stock/store.py", 20, "load", 1),
                new StackFrame("src/stock/store.py", 22, "load"),
                new StackFrame("src/stock/inventory.py", 12, "reorder_amount"),
                new StackFrame("tests/test_stock.py", 5, "test_reorder"));
    }

    @Test
    void readsRelativeAndModuleLevelPythonFrames() {
        FileIndex files = index("app.py", "lib/config.py");
        String trace = """
                Traceback (most recent call last):
                  File "app.py", line 3, in <module>
                  File "lib/config.py", line 9, in read
                  File "<frozen importlib._bootstrap>", line 1360, in _find_and_load
                  File "../outside/config.py", line 1, in <module>
                ValueError: bad
                """;

        assertThat(extractor.extract(trace, files)).containsExactly(
                new StackFrame("lib/config.py", 9, "read"),
                new StackFrame("app.py", 3, "<module>"));
    }

    @Test
    void readsPytestLongReprDeepestFirst() {
        FileIndex files = index("src/stock/inventory.py", "tests/test_stock.py");
        String trace = """
                def test_reorder():
                        inventory = Inventory({"apples": 4})
                >       assert inventory.reorder_amount("apples") == 5

                tests/test_stock.py:5:\s
                _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _

                self = <stock.inventory.Inventory object at 0x7f3a2c1d0f10>, name = 'apples'

                    def reorder_amount(self, name):
                        if name not in self.stock:
                >           raise ValueError(f"unknown item: {name}")
                E           ValueError: unknown item: apples

                src/stock/inventory.py:12: ValueError
                """;

        assertThat(extractor.extract(trace, files)).containsExactly(
                new StackFrame("src/stock/inventory.py", 12, "reorder_amount"),
                new StackFrame("tests/test_stock.py", 5, "test_reorder"));
    }

    /** pytest 9's auto repr: long for the first and last entries (no function named), short between. */
    @Test
    void namesTheFunctionOfALongReprFrameFromTheDefItShows() {
        FileIndex files = index("mod.py", "test_mod.py");
        String trace = """
                def test_it():
                >       assert helper(5) == 10
                               ^^^^^^^^^

                test_mod.py:4:\s
                _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _
                mod.py:3: in helper
                    return check(y)
                           ^^^^^^^^
                _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _

                v = 10

                    @functools.cache
                    async def check(v):
                        def inner():
                            pass
                        if v > 3:
                >           raise ValueError("too big")
                E           ValueError: too big

                mod.py:7: ValueError
                """;

        assertThat(extractor.extract(trace, files)).containsExactly(
                new StackFrame("mod.py", 7, "check"),
                new StackFrame("mod.py", 3, "helper"),
                new StackFrame("test_mod.py", 4, "test_it"));
    }

    @Test
    void readsPytestShortReprWithFunctionNamesAndAbsolutePaths() {
        FileIndex files = index("src/stock/inventory.py", "tests/test_stock.py");
        String trace = """
                %1$s/tests/test_stock.py:7: in test_y
                    assert needs_restock(item)
                /opt/venv/lib/python3.12/site-packages/pluggy/_hooks.py:513: in __call__
                    return self._hookexec(self.name, self._hookimpls.copy(), kwargs, firstresult)
                %1$s/src/stock/inventory.py:12: in needs_restock
                    return item.count < item.threshold
                E   assert 4 == 5
                """.formatted(root);

        assertThat(extractor.extract(trace, files)).containsExactly(
                new StackFrame("src/stock/inventory.py", 12, "needs_restock"),
                new StackFrame("tests/test_stock.py", 7, "test_y"));
    }

    @Test
    void listsTheRootCauseFirstInAChainedPytestRepr() {
        FileIndex files = index("src/db.py", "tests/test_db.py");
        String trace = """
                    def connect():
                        try:
                >           return open_socket()
                E           ConnectionRefusedError: [Errno 111] refused

                src/db.py:4: ConnectionRefusedError

                The above exception was the direct cause of the following exception:

                    def test_connect():
                >       connect()

                tests/test_db.py:2:\s
                _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _
                src/db.py:6: in connect
                    raise DatabaseDown() from e
                E   db.DatabaseDown
                """;

        assertThat(extractor.extract(trace, files)).containsExactly(
                new StackFrame("src/db.py", 4, "connect", 1),
                new StackFrame("src/db.py", 6, "connect"),
                new StackFrame("tests/test_db.py", 2, "test_connect"));
    }

    @Test
    void returnsNothingWhenNoFrameIsInTheRepository() {
        FileIndex files = index("src/main/java/com/acme/App.java");
        String trace = """
                org.opentest4j.AssertionFailedError: expected: <1> but was: <2>
                \tat org.junit.jupiter.api.AssertionUtils.fail(AssertionUtils.java:55)
                \tat java.base/java.lang.reflect.Method.invoke(Method.java:580)
                """;

        assertThat(extractor.extract(trace, files)).isEmpty();
    }

    @Test
    void returnsNothingForTextThatIsNoStackTrace() {
        FileIndex files = index("a.py", "src/A.java");

        assertThat(extractor.extract("", files)).isEmpty();
        assertThat(extractor.extract("expected: <1> but was: <2>", files)).isEmpty();
        assertThat(extractor.extract("at (:) Caused by: Suppressed:\n\tat .(A.java:1)\n\u0000:1:", files)).isEmpty();
        assertThat(extractor.extract("a.py:99999999999999: in f\nat x.A.m(A.java:99999999999)", files)).isEmpty();
        assertThat(extractor.extract("\t\tCaused by:\nCaused by:\n\t\t\tSuppressed:\n\tSuppressed:", files)).isEmpty();
    }

    @Test
    void aTraceOfThousandsOfDistinctFramesGivesAtMostTheCap() {
        FileIndex files = index("src/main/java/com/acme/Deep.java");
        StringBuilder trace = new StringBuilder("java.lang.StackOverflowError\n");
        for (int i = 1; i <= 5_000; i++) {
            trace.append("\tat com.acme.Deep.call(Deep.java:").append(i).append(")\n");
        }

        assertThat(extractor.extract(trace.toString(), files)).hasSize(StackFrameExtractor.MAX_FRAMES)
                .first().isEqualTo(new StackFrame("src/main/java/com/acme/Deep.java", 1, "call"));
    }

    @Test
    void aLineLongerThanAnyFrameIsNotReadForFrames() {
        FileIndex files = index("src/calc.py");
        String trace = "Traceback (most recent call last):\n"
                + "  File \"src/calc.py\", line 7, in add" + " ".repeat(StackFrameExtractor.MAX_LINE_CHARS) + "\n"
                + "  File \"src/calc.py\", line 2, in add\n";

        assertThat(extractor.extract(trace, files)).extracting(StackFrame::line).containsExactly(2);
    }

    private FileIndex index(String... files) {
        return new FileIndex(root, List.of(files));
    }
}
