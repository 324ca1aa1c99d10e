package dev.repofix.testrun;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The parsed results of one test-suite run. When a test id appears more than once
 * (a rerun, or two reports), a failure wins over a pass so nothing is hidden.
 *
 * @param results one entry per distinct test id, in report order
 */
public record TestRun(List<TestResult> results) {
    public TestRun {
        Map<String, TestResult> byId = new LinkedHashMap<>();
        for (TestResult r : results) {
            byId.merge(r.id(), r, (a, b) -> a.status().isFailure() ? a : b);
        }
        results = List.copyOf(byId.values());
    }

    public List<TestResult> failing() {
        return results.stream().filter(r -> r.status().isFailure()).toList();
    }

    public List<TestResult> passing() {
        return results.stream().filter(r -> r.status() == TestStatus.PASSED).toList();
    }

    public Optional<TestResult> find(String id) {
        return results.stream().filter(r -> r.id().equals(id)).findFirst();
    }

    /** Tests that ran, i.e. not skipped. */
    public int executedCount() {
        return (int) results.stream().filter(r -> r.status() != TestStatus.SKIPPED).count();
    }
}
