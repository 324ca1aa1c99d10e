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

    /** Test modules that could not be loaded, see {@link TestResult#isCollectionError()}. */
    public List<TestResult> collectionErrors() {
        return results.stream().filter(TestResult::isCollectionError).toList();
    }

    /**
     * Whether something failed and every failure is a module that could not be loaded: no
     * test ran into a bug, the code or its environment did not import (a missing module
     * or dependency, a syntax error), which a change to the code under test cannot be
     * judged by.
     */
    public boolean onlyCollectionErrors() {
        List<TestResult> failing = failing();
        return !failing.isEmpty() && failing.stream().allMatch(TestResult::isCollectionError);
    }

    /** Tests that ran, i.e. not skipped. */
    public int executedCount() {
        return (int) results.stream().filter(r -> r.status() != TestStatus.SKIPPED).count();
    }
}
