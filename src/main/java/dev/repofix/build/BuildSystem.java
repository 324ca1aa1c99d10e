package dev.repofix.build;

import dev.repofix.exec.SandboxImage;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** What repofix needs to know about one kind of build: how to test, where reports land. */
public interface BuildSystem {
    /** Short name for people, e.g. "maven", "pytest". */
    String name();

    /**
     * The command that runs the whole test suite at {@code root}. {@code override}, when
     * not null, is the user's own command; the build may still add environment (e.g. to
     * make pytest write JUnit XML).
     */
    TestCommand testCommand(Path root, String override);

    /**
     * A command that runs only the given tests (ids as in the reports), or empty when
     * this build cannot select tests (a custom command): the caller then runs the suite.
     */
    default Optional<TestCommand> selectedTestCommand(Path root, String override, List<String> testIds) {
        return Optional.empty();
    }

    /**
     * The command that runs only the tests in {@code testFiles} (repository-relative paths, as
     * a benchmark case names them), or the whole suite's when the list is empty. A user's own
     * command ({@code override}) gets the files appended ({@link TestFiles#appended}), as
     * SWE-bench's harness appends its test directives to a repository's test command; the
     * build's own command names them as its runner takes them ({@link #testFilesCommand}), and a
     * build that cannot runs the whole suite: a superset, never fewer.
     */
    default TestCommand testCommand(Path root, String override, List<String> testFiles) {
        if (testFiles.isEmpty()) {
            return testCommand(root, override);
        }
        if (override != null) {
            return testCommand(root, TestFiles.appended(override, testFiles));
        }
        return testFilesCommand(root, testFiles).orElseGet(() -> testCommand(root, null));
    }

    /**
     * The build's own command running only the tests of {@code testFiles} (not empty), or empty
     * when this build cannot name test files: then the whole suite runs.
     */
    default Optional<TestCommand> testFilesCommand(Path root, List<String> testFiles) {
        return Optional.empty();
    }

    /**
     * What a developer types at {@code root} to rerun the failing tests, e.g.
     * {@code mvn test -Dtest=AccountTest#withdraws}: the build's plain command selecting
     * those tests, without the flags repofix adds for its own runs or the variables that
     * route reports. {@code override}, when not null, is the user's own command and is
     * returned unchanged, as is the plain test command of a build that cannot select tests.
     */
    default String reproduceCommand(Path root, String override, List<String> failingTestIds) {
        return testCommand(root, override).shell();
    }

    /** Test report files written under {@code root} by the last run, in a stable order. */
    List<Path> reports(Path root);

    /**
     * The report files {@code command} (from {@link #testCommand}) writes under {@code root},
     * in a stable order: where the user's own command or the build's settings name a
     * report path, that path. By default {@link #reports(Path)}.
     */
    default List<Path> reports(Path root, TestCommand command) {
        return reports(root);
    }

    /** The format of {@code report}, one of the files {@link #reports(Path, TestCommand)} names. */
    default ReportFormat reportFormat(Path report) {
        return ReportFormat.JUNIT_XML;
    }

    /** Variables of the caller's environment that the build's tools need, beyond PATH, HOME and locale. */
    Set<String> environmentNames();

    /** Whether a repository-relative path is test code rather than source. */
    boolean isTestPath(String relativePath);

    /** The sandbox image family whose toolchain runs this build's tests; empty when unknown. */
    default Optional<SandboxImage> sandboxImage() {
        return Optional.empty();
    }

    /**
     * Whether a run's {@code output} says the project's main code (not its tests) did not
     * compile: a step that comes before any test process and sees nothing a test run adds. False
     * where the build cannot tell.
     */
    default boolean mainCodeDidNotCompile(String output) {
        return false;
    }
}
