package dev.repofix.testrun;

import dev.repofix.build.BuildSystem;
import dev.repofix.env.PreparedEnvironment;
import dev.repofix.workspace.FileIndex;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the stages get to work from: the failing tests with their in-repository
 * frames, how to reproduce them, and the files of the (unmodified) workspace.
 *
 * @param testCommand the exact shell command repofix ran at the repository root (with its own flags)
 * @param reproduce   what a developer types at the repository root to rerun the failing tests
 *                    ({@link BuildSystem#reproduceCommand}); shown in issues and prompts
 * @param baseline    the whole baseline run (failing and passing tests)
 * @param failing     the tests that fail reliably, the ones a fix must turn green
 * @param log         the tail of the test command's output
 * @param files       the workspace's files; {@link FileIndex#root()} is the pristine copy
 * @param build       the build that ran the tests (tells test code from source)
 * @param budget      the run's time: the baseline's suite time and the run's deadline; empty
 *                    when the stages are not run within one (a benchmark's fixture, a test)
 * @param environment what the run's set-up prepared, which a stage that runs the tests (coverage)
 *                    runs them in as the baseline did
 */
public record FailureReport(String testCommand, String reproduce, TestRun baseline, List<TestResult> failing,
        String log, FileIndex files, BuildSystem build, Optional<RunBudget> budget, PreparedEnvironment environment) {
    public FailureReport {
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(testCommand, "testCommand");
        Objects.requireNonNull(reproduce, "reproduce");
        Objects.requireNonNull(baseline, "baseline");
        Objects.requireNonNull(log, "log");
        Objects.requireNonNull(files, "files");
        Objects.requireNonNull(build, "build");
        Objects.requireNonNull(budget, "budget");
        failing = List.copyOf(failing);
    }

    /** A report of tests run with what the machine has (no prepared environment). */
    public FailureReport(String testCommand, String reproduce, TestRun baseline, List<TestResult> failing, String log,
            FileIndex files, BuildSystem build, Optional<RunBudget> budget) {
        this(testCommand, reproduce, baseline, failing, log, files, build, budget, PreparedEnvironment.none());
    }

    /** A report with no run budget of its own. */
    public FailureReport(String testCommand, String reproduce, TestRun baseline, List<TestResult> failing, String log,
            FileIndex files, BuildSystem build) {
        this(testCommand, reproduce, baseline, failing, log, files, build, Optional.empty());
    }

    /** A report whose reproduction command is the command that ran the tests, flags and all. */
    public FailureReport(String testCommand, TestRun baseline, List<TestResult> failing, String log, FileIndex files,
            BuildSystem build) {
        this(testCommand, testCommand, baseline, failing, log, files, build);
    }
}
