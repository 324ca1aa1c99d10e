package dev.repofix.testrun;

import java.util.List;
import java.util.Objects;

/**
 * The outcome of one test case.
 *
 * @param id      stable id: {@code pkg.ClassTest#method} for JUnit, {@code path/test_x.py::test_y} for pytest
 * @param status  how it ended
 * @param message the failure message (empty when passed)
 * @param trace   the stack trace or pytest long representation (empty when passed)
 * @param frames  in-repository frames of {@code trace}, deepest (where it was thrown) first
 */
public record TestResult(String id, TestStatus status, String message, String trace, List<StackFrame> frames) {
    /** The message pytest's JUnit XML gives a module it could not collect (an import or syntax error). */
    public static final String COLLECTION_FAILURE = "collection failure";
    private static final int REASON_LINES = 8;

    public TestResult {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(trace, "trace");
        frames = List.copyOf(frames);
    }

    public static TestResult passed(String id) {
        return new TestResult(id, TestStatus.PASSED, "", "", List.of());
    }

    /**
     * Whether this is not a test but a test module that could not even be loaded: pytest
     * reports an import or syntax error at collection as an error named after the module
     * ({@code tests/test_x.py}), and none of that module's tests run.
     */
    public boolean isCollectionError() {
        return status == TestStatus.ERRORED && message.equals(COLLECTION_FAILURE);
    }

    /**
     * Why a collection error happened, as Python said it: the {@code E} lines of pytest's
     * report (for a SyntaxError the file, line, code and caret; else e.g.
     * {@code ModuleNotFoundError: No module named 'yaml'}), else the trace's last line.
     */
    public String collectionErrorReason() {
        List<String> said = trace.lines().filter(l -> l.startsWith("E ") || l.equals("E"))
                .map(l -> l.length() > 4 ? l.substring(4) : "").toList();
        if (said.isEmpty()) {
            return trace.lines().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse(message).strip();
        }
        List<String> shown = said.size() <= REASON_LINES ? said : said.subList(said.size() - REASON_LINES, said.size());
        return String.join("\n", shown).stripTrailing();
    }

    public TestResult withFrames(List<StackFrame> newFrames) {
        return new TestResult(id, status, message, trace, newFrames);
    }
}
