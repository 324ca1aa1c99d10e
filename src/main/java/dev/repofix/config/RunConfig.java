package dev.repofix.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything one {@code repofix fix} run needs to know, resolved and checked.
 *
 * @param repo          a local path or a clone URL; never null
 * @param ref           branch, tag or commit to check out; empty means the working tree as it is
 * @param testCommand   shell command that runs the tests; empty means detect from the build files
 * @param outDir        where reports are written
 * @param maxCandidates how many patch candidates may be validated at most
 * @param timeout       wall-clock budget of the whole run
 * @param testTimeout   limit of one test-suite run
 * @param host          the caller's environment, from which only an allowlist reaches tests
 * @param reruns        how often the baseline's failing tests rerun to tell flaky ones
 * @param jobs          how many candidates are validated at once
 * @param testFiles     the test files (repository-relative, {@code /}-separated) whose tests run; empty means
 *                      the whole suite
 * @param testSelection whether a candidate's deciding run may skip the test classes whose per-test coverage
 *                      reaches none of its changed files
 * @param maxScreened   where screening is on, how many candidates may be screened at most; {@code maxCandidates}
 *                      then counts the full runs of those that pass it
 */
public record RunConfig(
        String repo,
        Optional<String> ref,
        Optional<String> testCommand,
        Path outDir,
        int maxCandidates,
        Duration timeout,
        Duration testTimeout,
        HostEnvironment host,
        int reruns,
        int jobs,
        List<String> testFiles,
        boolean testSelection,
        int maxScreened) {

    public RunConfig {
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(ref, "ref");
        Objects.requireNonNull(testCommand, "testCommand");
        Objects.requireNonNull(outDir, "outDir");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(testTimeout, "testTimeout");
        Objects.requireNonNull(host, "host");
        if (repo.isBlank()) {
            throw new ConfigException("--repo must not be empty: give a path or a clone URL");
        }
        if (maxCandidates < 1) {
            throw new ConfigException("--max-candidates must be at least 1, got " + maxCandidates);
        }
        if (maxScreened < 1) {
            throw new ConfigException("--max-screened must be at least 1, got " + maxScreened);
        }
        if (testCommand.isPresent() && testCommand.get().isBlank()) {
            throw new ConfigException("--test-cmd must not be empty: omit it to detect the build");
        }
        if (reruns < 0 || reruns > 20) {
            throw new ConfigException("--reruns must be between 0 and 20, got " + reruns);
        }
        if (jobs < 1 || jobs > 64) {
            throw new ConfigException("--jobs must be between 1 and 64, got " + jobs);
        }
        if (testTimeout.compareTo(timeout) > 0) {
            testTimeout = timeout;
        }
        testFiles = List.copyOf(testFiles);
        testFiles.forEach(RunConfig::checkTestFile);
    }

    /** A run with test selection on that screens at most {@code max-screened}'s default. */
    public RunConfig(String repo, Optional<String> ref, Optional<String> testCommand, Path outDir, int maxCandidates,
            Duration timeout, Duration testTimeout, HostEnvironment host, int reruns, int jobs, List<String> testFiles) {
        this(repo, ref, testCommand, outDir, maxCandidates, timeout, testTimeout, host, reruns, jobs, testFiles, true,
                Integer.parseInt(ConfigKey.MAX_SCREENED.defaultValue()));
    }

    /** A run with test selection on or off that screens at most {@code max-screened}'s default. */
    public RunConfig(String repo, Optional<String> ref, Optional<String> testCommand, Path outDir, int maxCandidates,
            Duration timeout, Duration testTimeout, HostEnvironment host, int reruns, int jobs, List<String> testFiles,
            boolean testSelection) {
        this(repo, ref, testCommand, outDir, maxCandidates, timeout, testTimeout, host, reruns, jobs, testFiles,
                testSelection, Integer.parseInt(ConfigKey.MAX_SCREENED.defaultValue()));
    }

    /** A run with test selection on that screens at most {@code maxScreened} candidates. */
    public RunConfig(String repo, Optional<String> ref, Optional<String> testCommand, Path outDir, int maxCandidates,
            Duration timeout, Duration testTimeout, HostEnvironment host, int reruns, int jobs, List<String> testFiles,
            int maxScreened) {
        this(repo, ref, testCommand, outDir, maxCandidates, timeout, testTimeout, host, reruns, jobs, testFiles, true,
                maxScreened);
    }

    /** The same run with test selection in the deciding run on or off. */
    public RunConfig withTestSelection(boolean on) {
        return new RunConfig(repo, ref, testCommand, outDir, maxCandidates, timeout, testTimeout, host, reruns, jobs,
                testFiles, on, maxScreened);
    }

    /** A run of the whole suite. */
    public RunConfig(String repo, Optional<String> ref, Optional<String> testCommand, Path outDir, int maxCandidates,
            Duration timeout, Duration testTimeout, HostEnvironment host, int reruns, int jobs) {
        this(repo, ref, testCommand, outDir, maxCandidates, timeout, testTimeout, host, reruns, jobs, List.of());
    }

    /**
     * A test file is a path inside the repository that a command line takes as a file: relative,
     * without {@code ..}, and not starting with {@code -} (which a runner would read as an option).
     */
    private static void checkTestFile(String file) {
        String p = file.replace('\\', '/');
        if (p.isBlank() || p.startsWith("/") || p.startsWith("-") || p.matches("[A-Za-z]:.*")
                || List.of(p.split("/")).contains("..")) {
            throw new ConfigException("test file '" + file + "' must be a repository-relative path without '..' "
                    + "that does not start with '-' or '/'");
        }
    }
}
