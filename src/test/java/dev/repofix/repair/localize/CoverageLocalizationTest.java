package dev.repofix.repair.localize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.repofix.build.BuildSystem;
import dev.repofix.build.MavenBuild;
import dev.repofix.build.PytestBuild;
import dev.repofix.build.TestCommand;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.repair.BuiltinStages;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.Location;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.ReportParsers;
import dev.repofix.testrun.StackFrameExtractor;
import dev.repofix.testrun.TestOutcome;
import dev.repofix.testrun.TestRunner;
import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The builtin localization with per-test coverage, on real {@code mvn} and real pytest
 * runs of small projects whose faulty line sits in a private helper two calls below the
 * function the test calls: there the stack shows only the test, and the callee search
 * stops a level above. Coverage finds it.
 */
@Tag("slow")
class CoverageLocalizationTest {
    private static final Duration LIMIT = Duration.ofMinutes(5);
    /** The bundled Maven example's POM: JUnit 5 and every plugin pinned, so it resolves offline from the cache. */
    private static final Path EXAMPLE_POM = Path.of("examples", "maven-bank", "pom.xml");
    private static final IssueDraft ISSUE = new IssueDraft("t", "d", "e", "bug");
    private final Clock clock = Clock.systemUTC();
    private final HostEnvironment host = HostEnvironment.fromSystem();

    @TempDir
    Path temp;

    @Test
    void mavenCoverageFindsTheFaultInAPrivateHelperTwoCallsBelowTheTest() throws IOException {
        assertCoverageFindsTheInvoiceFault(JUPITER, """
                package org.shop;

                import static org.junit.jupiter.api.Assertions.assertEquals;

                import java.util.List;
                import org.junit.jupiter.api.Test;

                class InvoiceTest {
                %s
                }
                """.formatted(invoiceTests("@Test", "void")));
    }

    @Test
    void junit4UnderSurefiresOwnJunit4ProviderGetsPerTestCoverage() throws IOException {
        assertCoverageFindsTheInvoiceFault(JUNIT4, junit4InvoiceTest());
    }

    @Test
    void junit4RunThroughTheVintageEngineGetsPerTestCoverageCountedOnce() throws IOException {
        assertCoverageFindsTheInvoiceFault(JUNIT4 + VINTAGE, junit4InvoiceTest());
    }

    @Test
    void testngUnderSurefiresTestngProviderGetsPerTestCoverage() throws IOException {
        assertCoverageFindsTheInvoiceFault(TESTNG, """
                package org.shop;

                import static org.testng.Assert.assertEquals;

                import java.util.List;
                import org.testng.annotations.Test;

                public class InvoiceTest {
                %s
                }
                """.formatted(invoiceTests("@Test", "public void")));
    }

    private static final String JUPITER = dependency("org.junit.jupiter", "junit-jupiter", "5.11.4");
    private static final String JUNIT4 = dependency("junit", "junit", "4.13.2");
    private static final String VINTAGE = dependency("org.junit.vintage", "junit-vintage-engine", "5.11.4");
    private static final String TESTNG = dependency("org.testng", "testng", "7.10.2");

    private static String dependency(String group, String artifact, String version) {
        return """
                    <dependency>
                      <groupId>%s</groupId>
                      <artifactId>%s</artifactId>
                      <version>%s</version>
                      <scope>test</scope>
                    </dependency>
                """.formatted(group, artifact, version);
    }

    private static String junit4InvoiceTest() {
        return """
                package org.shop;

                import static org.junit.Assert.assertEquals;

                import java.util.List;
                import org.junit.Test;

                public class InvoiceTest {
                %s
                }
                """.formatted(invoiceTests("@Test", "public void"));
    }

    /** Three tests of the invoice; the bulk order's fails. Argument order suits both JUnit's and TestNG's assertEquals. */
    private static String invoiceTests(String annotation, String modifiers) {
        return """
                    %1$s
                    %2$s addsSmallOrders() {
                        assertEquals(30, new Invoice(List.of(new int[] {10, 3})).total());
                    }

                    %1$s
                    %2$s addsTwoLines() {
                        assertEquals(26, new Invoice(List.of(new int[] {10, 2}, new int[] {2, 3})).total());
                    }

                    %1$s
                    %2$s discountsBulkOrders() {
                        assertEquals(90, new Invoice(List.of(new int[] {1, 100})).total());
                    }
                """.formatted(annotation, modifiers);
    }

    /** The example's POM with the given test dependencies instead of its own. */
    private static String pom(String dependencies) throws IOException {
        String pom = Files.readString(EXAMPLE_POM);
        int from = pom.indexOf("<dependencies>") + "<dependencies>".length();
        int to = pom.indexOf("</dependencies>");
        return pom.substring(0, from) + "\n" + dependencies + "  " + pom.substring(to);
    }

    private void assertCoverageFindsTheInvoiceFault(String dependencies, String test) throws IOException {
        Map<String, String> files = Map.of(
                "pom.xml", pom(dependencies),
                "src/main/java/org/shop/Invoice.java", """
                        package org.shop;

                        import java.util.List;

                        public final class Invoice {
                            private final List<int[]> lines;

                            public Invoice(List<int[]> lines) {
                                this.lines = List.copyOf(lines);
                            }

                            public int total() {
                                return subtotal();
                            }

                            private int subtotal() {
                                int sum = 0;
                                for (int[] line : lines) {
                                    sum += lineAmount(line[0], line[1]);
                                }
                                return sum;
                            }

                            private static int lineAmount(int price, int quantity) {
                                if (quantity >= 10) {
                                    return price * quantity * 9 / 100;
                                }
                                return price * quantity;
                            }
                        }
                        """,
                "src/test/java/org/shop/InvoiceTest.java", test);
        FailureReport report = baseline(files, new MavenBuild());

        assertThat(framesOnly(report)).as("before").doesNotContain("src/main/java/org/shop/Invoice.java:26");
        BuiltinStages withCoverage = withCoverage();
        Localization loc = withCoverage.localize(report, ISSUE);

        assertThat(withCoverage.notes()).singleElement().asString().contains("ran under coverage");
        assertThat(lines(loc, 1)).containsExactly("src/main/java/org/shop/Invoice.java:26");
        assertThat(loc.locations().get(0).reason()).contains("run by 1 of 1 failing and 0 of 2 passing tests");
    }

    @Test
    void pytestCoverageFindsTheFaultBelowAMultiLineSignatureAndAssertion() throws IOException {
        Map<String, String> files = Map.of(
                "pyproject.toml", "[tool.pytest.ini_options]\ntestpaths = [\"tests\"]\n",
                "shop/__init__.py", "",
                "shop/invoice.py", """
                        def total(
                            lines,
                            shipping=0,
                        ):
                            return _subtotal(lines) + shipping


                        def _subtotal(lines):
                            s = 0
                            for price, quantity in lines:
                                s += _line_amount(price, quantity)
                            return s


                        def _line_amount(price, quantity):
                            if quantity >= 10:
                                return price * quantity * 9 // 100
                            return price * quantity
                        """,
                "tests/test_invoice.py", """
                        from shop.invoice import total


                        def test_small_orders():
                            assert total([(10, 3)]) == 30


                        def test_two_lines():
                            assert total([(10, 2), (2, 3)], shipping=1) == 27


                        def test_bulk_orders():
                            assert total(
                                [(1, 100)],
                                shipping=0,
                            ) == 90
                        """);
        FailureReport report = baseline(files, new PytestBuild());

        assertThat(framesOnly(report)).as("before").doesNotContain("shop/invoice.py:17");
        BuiltinStages withCoverage = withCoverage();
        Localization loc = withCoverage.localize(report, ISSUE);

        assumeFalse(withCoverage.notes().toString().contains("pip could not install"),
                "coverage.py is neither installed nor installable here: " + withCoverage.notes());
        assertThat(lines(loc, 1)).containsExactly("shop/invoice.py:17");
        assertThat(lines(loc, 60)).as("no parameter line of the multi-line signature")
                .doesNotContain("shop/invoice.py:2", "shop/invoice.py:3");
    }

    /** The 60 suspects of the ranking without coverage (stack frames and callees), as it was before coverage. */
    private static List<String> framesOnly(FailureReport report) {
        return lines(new BuiltinStages().localize(report, ISSUE), 60);
    }

    private BuiltinStages withCoverage() {
        return BuiltinStages.withCoverage(new LocalProcessExecutor(clock), host, LIMIT, clock, SpectrumFormula.OCHIAI,
                Optional.empty());
    }

    /** Runs the whole suite once, as the pipeline's baseline does, and reports its failures. */
    private FailureReport baseline(Map<String, String> files, BuildSystem build) throws IOException {
        Path root = Files.createDirectories(temp.resolve("repo"));
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path p = root.resolve(f.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, f.getValue());
        }
        FileIndex index = new FileIndex(root, files.keySet().stream().sorted().toList());
        Path run = Files.createDirectories(temp.resolve("baseline"));
        for (String f : index.files()) {
            Files.createDirectories(run.resolve(f).getParent());
            Files.copy(root.resolve(f), run.resolve(f));
        }
        TestCommand command = build.testCommand(run, null);
        TestOutcome outcome = new TestRunner(new LocalProcessExecutor(clock), host, ReportParsers.standard(),
                new StackFrameExtractor()).run(run, build, command, index, LIMIT);
        assertThat(outcome).isInstanceOf(TestOutcome.Completed.class);
        TestOutcome.Completed done = (TestOutcome.Completed) outcome;
        assertThat(done.run().failing()).hasSize(1);
        return new FailureReport(command.shell(), done.run(), done.run().failing(), "", index, build);
    }

    private static List<String> lines(Localization loc, int top) {
        return loc.top(top).stream().map(Location::toString).toList();
    }
}
