package dev.repofix.validate;

import dev.repofix.build.BuildSystem;
import dev.repofix.build.TestCommand;
import dev.repofix.testrun.ReportException;
import dev.repofix.testrun.TestOutcome;
import dev.repofix.testrun.TestRunner;
import dev.repofix.workspace.FileIndex;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Runs a project's whole suite, or only some of its tests when the build can select
 * them, in a workspace copy. Shared by the baseline's flaky check and the validator.
 */
public final class SuiteRunner {
    private final BuildSystem build;
    private final TestCommand suite;
    private final String override;
    private final TestRunner runner;
    private final FileIndex files;

    /**
     * @param override the user's test command, or null: with one, tests cannot be selected
     */
    public SuiteRunner(BuildSystem build, TestCommand suite, String override, TestRunner runner, FileIndex files) {
        this.build = Objects.requireNonNull(build, "build");
        this.suite = Objects.requireNonNull(suite, "suite");
        this.override = override;
        this.runner = Objects.requireNonNull(runner, "runner");
        this.files = Objects.requireNonNull(files, "files");
    }

    public BuildSystem build() {
        return build;
    }

    /** The whole suite. A malformed report counts as a failed build here: the patch may have caused it. */
    public TestOutcome all(Path dir, Duration timeout) {
        return run(dir, suite, timeout);
    }

    /** The whole suite, its command passed through {@code with} (e.g. to add a coverage tool's variables). */
    TestOutcome all(Path dir, Duration timeout, UnaryOperator<TestCommand> with) {
        return run(dir, with.apply(suite), timeout);
    }

    /** Only {@code ids}, or empty when the build cannot select tests. */
    public Optional<TestOutcome> only(Path dir, List<String> ids, Duration timeout) {
        return build.selectedTestCommand(dir, override, ids).map(cmd -> run(dir, cmd, timeout));
    }

    /**
     * Only the tests of {@code testFiles} (repository-relative), through the build's own command
     * naming them; empty with a user's test command or a build that cannot name test files.
     */
    public Optional<TestOutcome> files(Path dir, List<String> testFiles, Duration timeout) {
        return files(dir, testFiles, timeout, UnaryOperator.identity());
    }

    /** {@link #files(Path, List, Duration)}, its command passed through {@code with}. */
    Optional<TestOutcome> files(Path dir, List<String> testFiles, Duration timeout, UnaryOperator<TestCommand> with) {
        if (override != null || testFiles.isEmpty()) {
            return Optional.empty();
        }
        return build.testFilesCommand(dir, testFiles).map(cmd -> run(dir, with.apply(cmd), timeout));
    }

    /** Whether the suite runs through the user's own test command, which names no test files. */
    public boolean userCommand() {
        return override != null;
    }

    private TestOutcome run(Path dir, TestCommand cmd, Duration timeout) {
        try {
            return runner.run(dir, build, cmd, files, timeout);
        } catch (ReportException e) {
            return new TestOutcome.BuildFailed(new dev.repofix.exec.ExecResult(
                    new dev.repofix.exec.ExecResult.Outcome.Exited(-1), e.getMessage(), Duration.ZERO));
        }
    }
}
