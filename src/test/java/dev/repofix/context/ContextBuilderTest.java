package dev.repofix.context;

import static dev.repofix.context.Fixtures.failed;
import static dev.repofix.context.Fixtures.javaClass;
import static dev.repofix.context.Fixtures.report;
import static dev.repofix.context.Fixtures.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.StackFrame;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ContextBuilderTest {
    static final String CART = "src/main/java/shop/Cart.java";
    static final String CART_TEST = "src/test/java/shop/CartTest.java";
    static final String PRICING = "src/main/java/shop/Pricing.java";
    static final String TEST_ID = "shop.CartTest#totalAppliesDiscount";

    final TokenCounter counter = new TokenCounter();
    final ContextBuilder builder = new ContextBuilder(counter);

    @TempDir
    Path root;

    @TempDir
    Path elsewhere;

    private FailureReport shop(String message) {
        write(root, CART, """
                package shop;

                public class Cart {
                    private final java.util.List<Long> prices = new java.util.ArrayList<>();

                    public void add(long price) {
                        prices.add(price);
                    }

                    public long total(String tier) {
                        long sum = prices.stream().mapToLong(Long::longValue).sum();
                        return sum - Pricing.of(tier).apply(sum);
                    }
                }
                """);
        write(root, PRICING, javaClass("shop", "Pricing", 3, """
                    public static long computeDiscount(String tier, long sum) {
                        return "GOLD".equals(tier) ? sum / 10 : 0;
                    }
                """));
        write(root, CART_TEST, """
                package shop;

                class CartTest {
                    @org.junit.jupiter.api.Test
                    void totalAppliesDiscount() {
                        Cart cart = new Cart();
                        cart.add(100);
                        assertEquals(90, cart.total("GOLD"));
                    }
                }
                """);
        for (int i = 0; i < 5; i++) {
            write(root, "src/main/java/shop/Noise" + i + ".java", javaClass("shop", "Noise" + i, 4, ""));
        }
        String trace = "java.lang.IllegalStateException: " + message + "\n\tat shop.Cart.total(Cart.java:12)\n"
                + "\tat shop.CartTest.totalAppliesDiscount(CartTest.java:8)\n";
        return report(root, failed(TEST_ID, message, trace,
                new StackFrame(CART, 12, "total"), new StackFrame(CART_TEST, 8, "totalAppliesDiscount")));
    }

    @Test
    void putsStackFrameFilesFirstSourceBeforeTests() {
        Context context = builder.build(shop("computeDiscount gave no discount for GOLD"), ContextBudget.K16);

        assertThat(context.chunks()).hasSizeGreaterThan(2);
        ContextChunk first = context.chunks().get(0);
        assertThat(first.file()).isEqualTo(CART);
        assertThat(first.reason()).isEqualTo("stack frame of " + TEST_ID);
        assertThat(first.startLine()).isEqualTo(1);
        assertThat(first.endLine()).isEqualTo(14);
        assertThat(context.chunks().get(1).file()).isEqualTo(CART_TEST);
        assertThat(context.render()).startsWith("### " + CART + " (lines 1-14)\n   1 | package shop;\n");
    }

    @Test
    void findsFileNoFrameNamesByIdentifierInMessage() {
        Context context = builder.build(shop("computeDiscount gave no discount for GOLD"), ContextBudget.K16);

        assertThat(context.chunks().subList(2, context.chunks().size()))
                .filteredOn(c -> c.file().equals(PRICING))
                .isNotEmpty()
                .allSatisfy(c -> assertThat(c.reason()).isEqualTo("BM25 match"))
                .anySatisfy(c -> assertThat(c.text()).contains("computeDiscount"));
        ContextChunk firstHit = context.chunks().get(2);
        assertThat(firstHit.file()).isEqualTo(PRICING);
        assertThat(firstHit.score()).isPositive();
    }

    @Test
    void survivesLuceneSyntaxInMessages() {
        Context context = builder.build(shop("a[0] == \"x\" && b || c: (d) computeDiscount~ ^2 * ? \\ / {e} !f -g +h"),
                ContextBudget.K8);

        assertThat(context.chunks()).anySatisfy(c -> assertThat(c.file()).isEqualTo(PRICING));
        assertThat(context.tokens()).isLessThanOrEqualTo(ContextBudget.K8.tokens());
    }

    @Test
    void skipsBinaryAndHugeFiles() {
        byte[] binary = ("class Blob { long computeDiscount; }\u0000\u0001").getBytes();
        write(root, "src/main/java/shop/Blob.java", binary);
        write(root, "src/main/java/shop/Huge.java", "// computeDiscount\n".repeat(20_000));
        write(root, "src/main/java/shop/Latin1.java", new byte[] {'/', '/', ' ', (byte) 0xE9, '\n'});

        Context context = builder.build(shop("computeDiscount gave no discount"), ContextBudget.K128);

        assertThat(context.chunks()).extracting(ContextChunk::file)
                .contains(PRICING)
                .doesNotContain("src/main/java/shop/Blob.java", "src/main/java/shop/Huge.java",
                        "src/main/java/shop/Latin1.java");
    }

    @Test
    void tinyBudgetStillGivesDeepestFrameWindowCut() {
        String longLine = "        total = total + computeDiscount(tier, sum) + adjustment(total, sum, tier, 42);";
        String body = ("public class Wide {\n    long total(String tier, long sum) {\n        long total = 0;\n"
                + (longLine + "\n").repeat(60) + "        return total;\n    }\n}\n");
        write(root, "src/main/java/shop/Wide.java", body);
        FailureReport report = report(root, failed(TEST_ID, "boom", "",
                new StackFrame("src/main/java/shop/Wide.java", 40, "total")));

        Context context = builder.build(report, ContextBudget.K2);

        assertThat(context.chunks()).isNotEmpty();
        ContextChunk first = context.chunks().get(0);
        assertThat(first.file()).isEqualTo("src/main/java/shop/Wide.java");
        assertThat(first.startLine()).isLessThanOrEqualTo(40);
        assertThat(first.endLine()).isGreaterThanOrEqualTo(40);
        // At most the whole file: the lines the function window leaves at the file's ends (the
        // class line and its closing brace) join it when they fit, as the last lines of a file must.
        assertThat(first.lineCount()).isGreaterThanOrEqualTo(BudgetPacker.MIN_LINES).isLessThanOrEqualTo(66);
        assertThat(counter.count(context.render())).isEqualTo(context.tokens()).isLessThanOrEqualTo(2048);
    }

    @Test
    void everyBudgetKeepsRenderedTokensWithinIt() {
        for (int i = 0; i < 300; i++) {
            String dir = i % 5 == 0 ? "src/test/java/big/" : "src/main/java/big/";
            String name = (i % 5 == 0 ? "Part" + i + "Test" : "Part" + i);
            write(root, dir + name + ".java", javaClass("big", name, 8 + i % 7,
                    "    // settles the amount against the limit of part " + i + "\n"));
        }
        FailureReport report = report(root, failed("big.Part5Test#settlesAmount", "amount over limit: 12 > 10",
                "java.lang.AssertionError: amount over limit\n\tat big.Part7.step3(Part7.java:30)\n",
                new StackFrame("src/main/java/big/Part7.java", 30, "step3"),
                new StackFrame("src/test/java/big/Part5Test.java", 12, "settlesAmount")));

        int previous = 0;
        for (ContextBudget budget : ContextBudget.values()) {
            Context context = builder.build(report, budget);
            int rendered = counter.count(context.render());
            assertThat(rendered).as(budget.label()).isEqualTo(context.tokens()).isLessThanOrEqualTo(budget.tokens());
            assertThat(rendered).as(budget.label() + " is mostly used").isGreaterThan(budget.tokens() * 3 / 4);
            assertThat(rendered).isGreaterThan(previous);
            assertThat(context.chunks().get(0).file()).isEqualTo("src/main/java/big/Part7.java");
            previous = rendered;
        }
    }

    @Test
    void reportsTokensPerBudgetForMavenBankExample() {
        int[] tokens = MavenBankExample.tokensPerBudget(builder);

        System.err.println("maven-bank context tokens per budget "
                + Arrays.toString(ContextBudget.values()) + ": " + Arrays.toString(tokens));
        for (int i = 0; i < tokens.length; i++) {
            assertThat(tokens[i]).isPositive().isLessThanOrEqualTo(ContextBudget.values()[i].tokens());
        }
    }

    @Test
    void neverPutsTheTextOfATrackedLinkThatLeadsOutIntoTheContext() throws IOException {
        shop("computeDiscount gave no discount for GOLD");
        Path host = Files.writeString(elsewhere.resolve("host.txt"),
                "class Host { String password = \"e2e-host-0005 computeDiscount GOLD\"; }\n");
        Files.createSymbolicLink(root.resolve("src/main/java/shop/Host.java"), host);
        String trace = "java.lang.IllegalStateException: boom\n\tat shop.Host.run(Host.java:1)\n";
        FailureReport report = report(root, failed(TEST_ID, "computeDiscount GOLD", trace,
                new StackFrame("src/main/java/shop/Host.java", 1, "run"), new StackFrame(CART, 12, "total")));

        Context context = builder.build(report, ContextBudget.K16);

        assertThat(context.render()).doesNotContain("e2e-host-0005").contains("class Cart");
    }

    @Test
    void aLargeRepositoryIndexesOnlyTheFilesNearestTheFailure() {
        java.util.List<String> files = new java.util.ArrayList<>();
        for (int i = 0; i < 3 * ContextBuilder.MAX_INDEXED_FILES; i++) {
            files.add("src/gen/m" + i / 1000 + "/mod_" + i + ".py");
        }
        files.add("src/app/calc.py");
        files.add("src/app/util.py");
        files.add("tests/test_calc.py");
        dev.repofix.testrun.TestResult failing = failed("tests/test_calc.py::test_add", "assert -1 == 5", "",
                new StackFrame("src/app/calc.py", 2, "add"));
        FailureReport report = new FailureReport("pytest", new dev.repofix.testrun.TestRun(java.util.List.of(failing)),
                java.util.List.of(failing), "", new dev.repofix.workspace.FileIndex(root, files),
                new dev.repofix.build.PytestBuild());

        java.util.List<String> indexed = ContextBuilder.filesToIndex(report);

        assertThat(indexed).hasSize(ContextBuilder.MAX_INDEXED_FILES)
                .startsWith("src/app/calc.py", "src/app/util.py", "tests/test_calc.py");
    }
}
