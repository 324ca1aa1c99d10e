package dev.repofix.testrun;

import java.nio.file.Path;
import java.util.List;

/** Reads one test report file into test results (frames not yet extracted). */
public interface ReportParser {
    /**
     * Parses {@code report}.
     *
     * @throws ReportException when the file cannot be read or is not a report of this format
     */
    List<TestResult> parse(Path report);
}
