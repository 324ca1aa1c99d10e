package dev.repofix.testrun;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The parsed results of one test-suite run. When a test id appears more than once
 * (a rerun, or two reports), a failure wins over a pass so nothing is hidden. The
 * reports of a run are read within a {@link ReportBudget}, so a run may also have
 * tests that were counted and not kept.
 *
 * @param results        one entry per distinct test id, in report order
 * @param failingNotKept failing tests counted but not kept, past
 *                       {@value ReportBudget#MAX_FAILURES_KEPT} failures; their ids are not known
 * @param othersNotKept  passing and skipped tests counted but not kept, past
 *                       {@value ReportBudget#MAX_RESULTS_KEPT} results
 */
public record TestRun(List<TestResult> results, long failingNotKept, long othersNotKept) {
    public TestRun {
        Map<String, TestResult> byId = new LinkedHashMap<>();
        for (TestResult r : results) {
            byId.merge(r.id(), r, (a, b) -> a.status().isFailure() ? a : b);
        }
        results = List.copyOf(byId.values());
        if (failingNotKept < 0 || othersNotKept < 0) {
            throw new IllegalArgumentException("negative counts of tests not kept");
        }
    }

    /** A run whose every test was kept. */
    public TestRun(List<TestResult> results) {
        this(results, 0, 0);
    }

    /** Whether every test the reports held was kept. */
    public boolean complete() {
        return failingNotKept == 0 && othersNotKept == 0;
    }

    /** The results by id, for lookups over large runs ({@link #find} scans). */
    public Map<String, TestResult> byId() {
        Map<String, TestResult> out = new java.util.HashMap<>();
        results.forEach(r -> out.put(r.id(), r));
        return out;
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
        return failingNotKept == 0 && !failing.isEmpty() && failing.stream().allMatch(TestResult::isCollectionError);
    }

    /** Tests that ran, i.e. not skipped (of those kept: a budget keeps its first failures and results always). */
    public int executedCount() {
        return (int) results.stream().filter(r -> r.status() != TestStatus.SKIPPED).count();
    }
}
