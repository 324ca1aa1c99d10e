package dev.repofix.testrun;

import java.nio.file.Path;
import java.util.List;

/** Reads one test report file into test results (frames not yet extracted). */
public interface ReportParser {
    /**
     * Reads {@code report}, handing each result to {@code budget}, which keeps it or counts
     * it; calls {@link ReportBudget#tick()} as it reads, so that the run's deadline and an
     * interrupt end the reading.
     *
     * @throws ReportException when the file cannot be read or is not a report of this format,
     *     or when the budget's deadline passed or the thread was interrupted while reading
     */
    void parse(Path report, ReportBudget budget);

    /** Parses {@code report} alone, with no deadline: the results kept (see {@link ReportBudget}). */
    default List<TestResult> parse(Path report) {
        ReportBudget budget = ReportBudget.unlimitedTime();
        parse(report, budget);
        return budget.drain();
    }
}
