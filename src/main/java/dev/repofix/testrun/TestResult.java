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

    public TestResult withFrames(List<StackFrame> newFrames) {
        return new TestResult(id, status, message, trace, newFrames);
    }
}
