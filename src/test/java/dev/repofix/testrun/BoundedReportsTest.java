package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whatever a report holds, a run keeps the first failures with their text and counts the
 * rest, keeps a bounded total of text, and stops reading at its deadline or an interrupt:
 * in every format repofix reads.
 */
class BoundedReportsTest {
    private static final int FAILURES = ReportBudget.MAX_FAILURES_KEPT + 500;

    @TempDir
    Path dir;

    @Test
    void junitXmlKeepsTheFirstFailuresWithTheirTextAndCountsTheRest() throws IOException {
        Path report = junit(FAILURES, "Traceback (most recent call last):\n  File \"src/calc.py\", line 2, in add\n");

        ReportBudget budget = ReportBudget.unlimitedTime();
        new JUnitXmlReportParser().parse(report, budget);
        List<TestResult> kept = budget.drain();

        assertThat(kept).hasSize(ReportBudget.MAX_FAILURES_KEPT + 1).filteredOn(r -> r.status().isFailure())
                .hasSize(ReportBudget.MAX_FAILURES_KEPT).allSatisfy(r -> assertThat(r.trace()).contains("calc.py"));
        assertThat(kept.getFirst().id()).isEqualTo("tests.test_calc#test_0");
        assertThat(kept.getLast().id()).as("a passing test after the cap is still kept").isEqualTo("tests.test_calc#passes");
        assertThat(budget.failingNotKept()).isEqualTo(500);
    }

    @Test
    void theTextKeptHoldsForManySmallFailuresAsForOneLargeOne() throws IOException {
        String trace = "AssertionError: boom\n" + "x".repeat(63) + "\n";
        Path report = junit(ReportBudget.MAX_FAILURES_KEPT, trace.repeat(32 * 1024 / trace.length())); // 32 Ki each

        List<TestResult> kept = new JUnitXmlReportParser().parse(report);

        long chars = kept.stream().mapToLong(r -> r.trace().length() + r.message().length()).sum();
        assertThat(kept).hasSize(ReportBudget.MAX_FAILURES_KEPT + 1);
        assertThat(chars).as("32 Mi characters written, the run's budget kept")
                .isLessThan(TextBudget.MAX_RUN_TEXT_CHARS + (long) ReportBudget.MAX_FAILURES_KEPT
                        * (TextBudget.CUT_TEXT_CHARS + 200));
        assertThat(kept.get(ReportBudget.MAX_FAILURES_KEPT - 1).trace()).startsWith("AssertionError: boom")
                .endsWith("more left out]");
    }

    @Test
    void goTestJsonKeepsTheFirstFailuresAndCountsTheRest() throws IOException {
        StringBuilder json = new StringBuilder();
        for (int i = 0; i < FAILURES; i++) {
            String test = "\"Package\":\"example.com/m/calc\",\"Test\":\"TestAdd" + i + "\"";
            json.append("{\"Action\":\"run\",").append(test).append("}\n")
                    .append("{\"Action\":\"output\",").append(test).append(",\"Output\":\"    calc_test.go:9: got 3\\n\"}\n")
                    .append("{\"Action\":\"fail\",").append(test).append("}\n");
        }
        Path report = Files.writeString(dir.resolve("go-test.json"), json);

        ReportBudget budget = ReportBudget.unlimitedTime();
        new GoTestJsonParser().parse(report, budget);

        assertThat(budget.drain()).hasSize(ReportBudget.MAX_FAILURES_KEPT)
                .allSatisfy(r -> assertThat(r.message()).isEqualTo("got 3"));
        assertThat(budget.failingNotKept()).isEqualTo(500);
    }

    @Test
    void tapKeepsTheFirstFailuresAndCountsTheRest() throws IOException {
        StringBuilder tap = new StringBuilder("TAP version 13\n");
        for (int i = 0; i < FAILURES; i++) {
            tap.append("not ok ").append(i + 1).append(" - adds ").append(i).append("\n  ---\n  error: 'boom'\n  ...\n");
        }
        Path report = Files.writeString(dir.resolve("test.tap"), tap);

        ReportBudget budget = ReportBudget.unlimitedTime();
        new TapReportParser().parse(report, budget);

        assertThat(budget.drain()).hasSize(ReportBudget.MAX_FAILURES_KEPT)
                .allSatisfy(r -> assertThat(r.message()).isEqualTo("boom"));
        assertThat(budget.failingNotKept()).isEqualTo(500);
    }

    @Test
    void cargoOutputKeepsTheFirstFailuresAndCountsTheRest() throws IOException {
        StringBuilder out = new StringBuilder("     Running unittests src/lib.rs (target/debug/deps/calc-1f2e3d)\n");
        for (int i = 0; i < FAILURES; i++) {
            out.append("test tests::adds").append(i).append(" ... FAILED\n");
        }
        out.append("\nfailures:\n\n");
        for (int i = 0; i < FAILURES; i++) {
            out.append("---- tests::adds").append(i).append(" stdout ----\nthread 'tests::adds").append(i)
                    .append("' panicked at src/lib.rs:20:9:\nboom\n\n");
        }
        Path report = Files.writeString(dir.resolve("cargo-test.txt"), out);

        ReportBudget budget = ReportBudget.unlimitedTime();
        new CargoLibtestParser().parse(report, budget);

        assertThat(budget.drain()).hasSize(ReportBudget.MAX_FAILURES_KEPT)
                .allSatisfy(r -> assertThat(r.message()).isEqualTo("boom"));
        assertThat(budget.failingNotKept()).isEqualTo(500);
    }

    @Test
    void aLineOfManyMegabytesIsCutAndTheLinesAfterItStillCount() throws IOException {
        Path report = dir.resolve("test.tap");
        try (Writer w = new BufferedWriter(Files.newBufferedWriter(report, StandardCharsets.UTF_8))) {
            w.write("TAP version 13\n# ");
            for (int i = 0; i < 8 * 1024; i++) {
                w.write("y".repeat(1024));
            }
            w.write("\nnot ok 1 - after the long line\n");
        }

        List<TestResult> results = new TapReportParser().parse(report);

        assertThat(results).singleElement().satisfies(r -> {
            assertThat(r.id()).isEqualTo("after the long line");
            assertThat(r.trace()).hasSizeLessThan(ReportFile.MAX_LINE_CHARS + 100);
        });
    }

    @Test
    void readingStopsAtTheDeadline() throws IOException {
        Path report = junit(5_000, "boom\n");
        ReportBudget spent = ReportBudget.within(Duration.ZERO);

        assertThatThrownBy(() -> new JUnitXmlReportParser().parse(report, spent))
                .isInstanceOf(ReportTimedOut.class).hasMessageContaining("did not finish within");
    }

    @Test
    void readingStopsWhenTheThreadIsInterrupted() throws IOException {
        Path report = junit(5_000, "boom\n");

        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> new GoTestJsonParser().parse(report, ReportBudget.unlimitedTime()))
                    .isInstanceOf(ReportException.class);
            assertThatThrownBy(() -> new JUnitXmlReportParser().parse(report, ReportBudget.unlimitedTime()))
                    .isInstanceOf(ReportException.class);
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void aTestIdLongerThanTheCapIsCutAndStaysApartFromAnother() {
        ReportBudget budget = ReportBudget.unlimitedTime();
        String name = "t".repeat(ReportBudget.MAX_ID_CHARS * 2);
        budget.add(TestResult.passed(name + "a"));
        budget.add(TestResult.passed(name + "b"));

        assertThat(budget.drain()).extracting(TestResult::id).doesNotHaveDuplicates()
                .allSatisfy(id -> assertThat(id).hasSizeLessThanOrEqualTo(ReportBudget.MAX_ID_CHARS));
    }

    /** A pytest-style report of {@code failures} failing tests with {@code trace} each, then one passing test. */
    private Path junit(int failures, String trace) throws IOException {
        Path report = dir.resolve("TEST-many.xml");
        try (Writer w = new BufferedWriter(Files.newBufferedWriter(report, StandardCharsets.UTF_8), 1 << 16)) {
            w.write("<?xml version=\"1.0\"?>\n<testsuite name=\"s\" tests=\"" + (failures + 1) + "\">\n");
            for (int i = 0; i < failures; i++) {
                w.write("<testcase classname=\"tests.test_calc\" name=\"test_" + i + "\"><failure message=\"assert 1 == 2\">");
                w.write(trace);
                w.write("</failure><system-out>output</system-out></testcase>\n");
            }
            w.write("<testcase classname=\"tests.test_calc\" name=\"passes\"/>\n</testsuite>\n");
        }
        return report;
    }
}
