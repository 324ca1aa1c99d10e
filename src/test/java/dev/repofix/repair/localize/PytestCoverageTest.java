package dev.repofix.repair.localize;

import static dev.repofix.repair.FixtureRepo.failed;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.build.PytestBuild;
import dev.repofix.repair.FixtureRepo;
import dev.repofix.repair.source.SourceCache;
import dev.repofix.testrun.FailureReport;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading the coverage plugin's JSON into spectra, and choosing the test files to run under coverage. */
class PytestCoverageTest {
    @TempDir
    Path root;

    private FailureReport report() {
        return new FixtureRepo(root, new PytestBuild())
                .lines("shop/invoice.py", "def total(xs):", "    return sum(xs)")
                .lines("shop/tax.py", "RATE = 2")
                .lines("tests/test_invoice.py", "from shop.invoice import total", "def test_a():", "    assert total([1])")
                .lines("tests/test_orders.py", "from shop import invoice")
                .lines("tests/test_tax.py", "from shop import tax")
                .report(failed("tests/test_invoice.py::test_a", "assert", "trace"));
    }

    @Test
    void countsFailingAndPassingTestsPerLineAndLeavesSkippedTestsAndForeignFilesOut() throws Exception {
        String json = """
                {"outcomes": {"tests/test_invoice.py::test_a": "failed", "tests/test_invoice.py::test_b": "passed",
                              "tests/test_invoice.py::test_c": "skipped"},
                 "files": {"shop/invoice.py": {"1": ["tests/test_invoice.py::test_a", "tests/test_invoice.py::test_b"],
                                               "2": ["tests/test_invoice.py::test_a"],
                                               "3": ["tests/test_invoice.py::test_c"]},
                           "/usr/lib/python3/site.py": {"1": ["tests/test_invoice.py::test_a"]}}}
                """;

        Coverage c = PytestCoverage.spectra(new ObjectMapper().readTree(json), report(), 1);

        assertThat(c).isInstanceOf(Coverage.Collected.class);
        Spectra s = ((Coverage.Collected) c).spectra();
        assertThat(s.totalFailed()).isEqualTo(1);
        assertThat(s.totalPassed()).isEqualTo(1);
        assertThat(s.lines()).containsExactly(new Spectra.LineSpectrum("shop/invoice.py", 1, 1, 1),
                new Spectra.LineSpectrum("shop/invoice.py", 2, 1, 0));
    }

    @Test
    void givesEachTestFilesReachAndTheLinesOnlyTestsRan() throws Exception {
        String json = """
                {"outcomes": {"tests/test_invoice.py::test_a": "failed", "tests/test_tax.py::TestTax::test_b": "passed",
                              "tests/test_orders.py::test_c": "passed"},
                 "files": {"shop/invoice.py": {"1": ["tests/test_invoice.py::test_a"],
                                               "2": ["tests/test_invoice.py::test_a"]},
                           "shop/tax.py": {"1": ["tests/test_tax.py::TestTax::test_b"]}},
                 "outside": {"shop/invoice.py": [1], "shop/tax.py": [1]}}
                """;

        Coverage c = PytestCoverage.spectra(new ObjectMapper().readTree(json), report(), 1);

        var reach = ((Coverage.Collected) c).reach().orElseThrow();
        assertThat(reach.files()).containsOnlyKeys("tests/test_invoice.py", "tests/test_tax.py", "tests/test_orders.py");
        assertThat(reach.files().get("tests/test_invoice.py")).containsExactly("shop/invoice.py");
        assertThat(reach.files().get("tests/test_tax.py")).containsExactly("shop/tax.py");
        assertThat(reach.files().get("tests/test_orders.py")).isEmpty();
        assertThat(reach.incomplete()).isEmpty();
        assertThat(reach.sourceSuffix()).isEqualTo(".py");
        // Line 1 of each ran at import too (a def, a constant): a change there reaches every test.
        assertThat(reach.testOnlyLines().orElseThrow()).containsEntry("shop/invoice.py", java.util.Set.of(2))
                .containsEntry("shop/tax.py", java.util.Set.of());
    }

    @Test
    void dataWithoutOutsideLinesSaysNoLineIsOnlyTheTests() throws Exception {
        String json = """
                {"outcomes": {"tests/test_invoice.py::test_a": "failed"},
                 "files": {"shop/invoice.py": {"2": ["tests/test_invoice.py::test_a"]}}}
                """;

        var reach = ((Coverage.Collected) PytestCoverage.spectra(new ObjectMapper().readTree(json), report(), 1))
                .reach().orElseThrow();

        assertThat(reach.testOnlyLines().orElseThrow().get("shop/invoice.py")).isEmpty();
    }

    @Test
    void noFailingTestUnderCoverageGivesNoSpectra() throws Exception {
        String json = """
                {"outcomes": {"tests/test_invoice.py::test_a": "passed"}, "files": {}}
                """;

        assertThat(PytestCoverage.spectra(new ObjectMapper().readTree(json), report(), 1))
                .isInstanceOf(Coverage.Unavailable.class);
    }

    @Test
    void aRunOfPassingTestsStillSaysWhichLinesRanWhenAskedForThat() throws Exception {
        // A VALID candidate's run under coverage: no test fails, and the lines that ran are what is wanted.
        String json = """
                {"outcomes": {"tests/test_invoice.py::test_a": "passed", "tests/test_invoice.py::test_b": "skipped"},
                 "files": {"shop/invoice.py": {"1": ["tests/test_invoice.py::test_a"],
                                               "2": ["tests/test_invoice.py::test_b"]}}}
                """;

        Coverage c = PytestCoverage.spectra(new ObjectMapper().readTree(json), report(), "", false);

        assertThat(c).isInstanceOf(Coverage.Collected.class);
        assertThat(((Coverage.Collected) c).spectra().lines()).singleElement()
                .satisfies(l -> assertThat(l.line()).isEqualTo(1));
    }

    @Test
    void runsTheFailingTestsFileThenTestFilesSharingAModuleWithIt() {
        FailureReport report = report();

        assertThat(RelatedTests.files(report, new SourceCache(report.files()), ".py"))
                .containsExactly("tests/test_invoice.py", "tests/test_orders.py");
    }
}
