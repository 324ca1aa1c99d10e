package dev.repofix.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * How the repository's tests run and what one run may spend.
 *
 * @param testCommand   shell command that runs the tests; empty means detect from the build files
 * @param maxCandidates how many patch candidates may be validated at most
 * @param timeout       wall-clock budget of the whole run
 * @param testTimeout   limit of one test-suite run, as set (a {@link RunConfig} caps it at the timeout)
 * @param reruns        how often the baseline's failing tests rerun to tell flaky ones
 * @param jobs          how many candidates are validated at once
 * @param setup         shell commands that prepare the tests' environment, in order; empty means the
 *                      steps detected from the build files
 * @param pythonVersion the Python the tests need ({@code 3.9} or a specifier); empty means the project's
 *                      {@code requires-python}
 * @param variables     variables of the set-up commands and of every test run (a benchmark case's
 *                      environment), by name; they define the environment as its commands do
 * @param testFiles     the test files (repository-relative) whose tests run, as a benchmark case names them;
 *                      empty means the whole suite
 * @param testSelection whether a candidate's deciding run may skip the test classes whose per-test coverage
 *                      reaches none of its changed files
 * @param maxScreened   where screening is on, how many candidates may be screened at most
 */
public record RunSettings(Optional<String> testCommand, int maxCandidates, Duration timeout, Duration testTimeout,
        int reruns, int jobs, List<String> setup, Optional<String> pythonVersion, Map<String, String> variables,
        List<String> testFiles, boolean testSelection, int maxScreened) {
    public RunSettings {
        Objects.requireNonNull(testCommand, "testCommand");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(testTimeout, "testTimeout");
        setup = List.copyOf(setup);
        Objects.requireNonNull(pythonVersion, "pythonVersion");
        variables = Collections.unmodifiableMap(new TreeMap<>(variables));
        testFiles = List.copyOf(testFiles);
    }

    /** Settings with test selection on that screen at most {@code max-screened}'s default. */
    public RunSettings(Optional<String> testCommand, int maxCandidates, Duration timeout, Duration testTimeout,
            int reruns, int jobs, List<String> setup, Optional<String> pythonVersion, Map<String, String> variables,
            List<String> testFiles) {
        this(testCommand, maxCandidates, timeout, testTimeout, reruns, jobs, setup, pythonVersion, variables,
                testFiles, true, Integer.parseInt(ConfigKey.MAX_SCREENED.defaultValue()));
    }

    /** Settings with test selection on or off that screen at most {@code max-screened}'s default. */
    public RunSettings(Optional<String> testCommand, int maxCandidates, Duration timeout, Duration testTimeout,
            int reruns, int jobs, List<String> setup, Optional<String> pythonVersion, Map<String, String> variables,
            List<String> testFiles, boolean testSelection) {
        this(testCommand, maxCandidates, timeout, testTimeout, reruns, jobs, setup, pythonVersion, variables,
                testFiles, testSelection, Integer.parseInt(ConfigKey.MAX_SCREENED.defaultValue()));
    }

    /** Settings with test selection on that screen at most {@code maxScreened} candidates. */
    public RunSettings(Optional<String> testCommand, int maxCandidates, Duration timeout, Duration testTimeout,
            int reruns, int jobs, List<String> setup, Optional<String> pythonVersion, Map<String, String> variables,
            List<String> testFiles, int maxScreened) {
        this(testCommand, maxCandidates, timeout, testTimeout, reruns, jobs, setup, pythonVersion, variables,
                testFiles, true, maxScreened);
    }

    /** Settings whose set-up and tests get no variables of their own and that run the whole suite. */
    public RunSettings(Optional<String> testCommand, int maxCandidates, Duration timeout, Duration testTimeout,
            int reruns, int jobs, List<String> setup, Optional<String> pythonVersion) {
        this(testCommand, maxCandidates, timeout, testTimeout, reruns, jobs, setup, pythonVersion, Map.of(), List.of());
    }

    /** Settings with the detected set-up and the project's own Python requirement. */
    public RunSettings(Optional<String> testCommand, int maxCandidates, Duration timeout, Duration testTimeout,
            int reruns, int jobs) {
        this(testCommand, maxCandidates, timeout, testTimeout, reruns, jobs, List.of(), Optional.empty());
    }

    /** The run keys of {@code c}, parsed and checked. */
    public static RunSettings of(ResolvedConfig c) {
        Duration total = Durations.parse(c.get(ConfigKey.TIMEOUT));
        String cmd = c.get(ConfigKey.TEST_COMMAND);
        int maxCandidates = c.integer(ConfigKey.MAX_CANDIDATES, 1, 10_000);
        Duration testTimeout = Durations.parse(c.get(ConfigKey.TEST_TIMEOUT));
        String python = c.get(ConfigKey.PYTHON_VERSION).strip();
        return new RunSettings(cmd.isBlank() ? Optional.empty() : Optional.of(cmd), maxCandidates, total,
                testTimeout, c.integer(ConfigKey.RERUNS, 0, 20), c.integer(ConfigKey.JOBS, 1, 64),
                setupCommands(c.get(ConfigKey.SETUP)), python.isEmpty() ? Optional.empty() : Optional.of(python),
                Map.of(), List.of(), c.bool(ConfigKey.TEST_SELECTION), c.integer(ConfigKey.MAX_SCREENED, 1, 100_000));
    }

    /** The commands of a {@code setup} value: one per line, blank lines left out. */
    static List<String> setupCommands(String value) {
        return value.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    }

    /** Every run key at its default. */
    public static RunSettings defaults() {
        return new RunSettings(Optional.empty(), Integer.parseInt(ConfigKey.MAX_CANDIDATES.defaultValue()),
                Durations.parse(ConfigKey.TIMEOUT.defaultValue()), Durations.parse(ConfigKey.TEST_TIMEOUT.defaultValue()),
                Integer.parseInt(ConfigKey.RERUNS.defaultValue()), Integer.parseInt(ConfigKey.JOBS.defaultValue()));
    }

    /** The same with another test command (a benchmark case's own). */
    public RunSettings withTestCommand(Optional<String> command) {
        return new RunSettings(command, maxCandidates, timeout, testTimeout, reruns, jobs, setup, pythonVersion,
                variables, testFiles, testSelection, maxScreened);
    }

    /** The same running only the tests of these files (a benchmark case's); empty: the whole suite. */
    public RunSettings withTestFiles(List<String> files) {
        return new RunSettings(testCommand, maxCandidates, timeout, testTimeout, reruns, jobs, setup, pythonVersion,
                variables, files, testSelection, maxScreened);
    }

    /** The same with other set-up commands. */
    public RunSettings withSetup(List<String> commands) {
        return new RunSettings(testCommand, maxCandidates, timeout, testTimeout, reruns, jobs, commands, pythonVersion,
                variables, testFiles, testSelection, maxScreened);
    }

    /**
     * The same with another Python ({@code python-version}, empty: the project's) and other
     * variables for the set-up and the tests (a benchmark case's environment).
     */
    public RunSettings withEnvironment(Optional<String> python, Map<String, String> vars) {
        return new RunSettings(testCommand, maxCandidates, timeout, testTimeout, reruns, jobs, setup, python, vars,
                testFiles, testSelection, maxScreened);
    }

    /** The same with another number of reruns. */
    public RunSettings withReruns(int n) {
        return new RunSettings(testCommand, maxCandidates, timeout, testTimeout, n, jobs, setup, pythonVersion,
                variables, testFiles, testSelection, maxScreened);
    }

    /** The same with another number of candidates validated at once. */
    public RunSettings withJobs(int n) {
        return new RunSettings(testCommand, maxCandidates, timeout, testTimeout, reruns, n, setup, pythonVersion,
                variables, testFiles, testSelection, maxScreened);
    }

    /** The same with test selection in the deciding run on or off. */
    public RunSettings withTestSelection(boolean on) {
        return new RunSettings(testCommand, maxCandidates, timeout, testTimeout, reruns, jobs, setup, pythonVersion,
                variables, testFiles, on, maxScreened);
    }

    /**
     * One run of these settings on {@code repo}.
     *
     * @param repo   a local path or a clone URL
     * @param ref    branch, tag or commit; empty means the working tree as it is
     * @param outDir where reports are written
     * @param host   the caller's environment
     */
    public RunConfig runConfig(String repo, Optional<String> ref, Path outDir, HostEnvironment host) {
        return new RunConfig(repo, ref, testCommand, outDir, maxCandidates, timeout, testTimeout, host, reruns, jobs,
                testFiles, testSelection, maxScreened);
    }
}
