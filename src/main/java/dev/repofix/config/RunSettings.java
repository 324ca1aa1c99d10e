package dev.repofix.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How the repository's tests run and what one run may spend.
 *
 * @param testCommand   shell command that runs the tests; empty means detect from the build files
 * @param maxCandidates how many patch candidates may be validated at most
 * @param timeout       wall-clock budget of the whole run
 * @param testTimeout   limit of one test-suite run, as set (a {@link RunConfig} caps it at the timeout)
 * @param reruns        how often the baseline's failing tests rerun to tell flaky ones
 * @param jobs          how many candidates are validated at once
 */
public record RunSettings(Optional<String> testCommand, int maxCandidates, Duration timeout, Duration testTimeout,
        int reruns, int jobs) {
    public RunSettings {
        Objects.requireNonNull(testCommand, "testCommand");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(testTimeout, "testTimeout");
    }

    /** The run keys of {@code c}, parsed and checked. */
    public static RunSettings of(ResolvedConfig c) {
        Duration total = Durations.parse(c.get(ConfigKey.TIMEOUT));
        String cmd = c.get(ConfigKey.TEST_COMMAND);
        int maxCandidates = c.integer(ConfigKey.MAX_CANDIDATES, 1, 10_000);
        Duration testTimeout = Durations.parse(c.get(ConfigKey.TEST_TIMEOUT));
        return new RunSettings(cmd.isBlank() ? Optional.empty() : Optional.of(cmd), maxCandidates, total,
                testTimeout, c.integer(ConfigKey.RERUNS, 0, 20), c.integer(ConfigKey.JOBS, 1, 64));
    }

    /** Every run key at its default. */
    public static RunSettings defaults() {
        return new RunSettings(Optional.empty(), Integer.parseInt(ConfigKey.MAX_CANDIDATES.defaultValue()),
                Durations.parse(ConfigKey.TIMEOUT.defaultValue()), Durations.parse(ConfigKey.TEST_TIMEOUT.defaultValue()),
                Integer.parseInt(ConfigKey.RERUNS.defaultValue()), Integer.parseInt(ConfigKey.JOBS.defaultValue()));
    }

    /** The same with another test command (a benchmark case's own). */
    public RunSettings withTestCommand(Optional<String> command) {
        return new RunSettings(command, maxCandidates, timeout, testTimeout, reruns, jobs);
    }

    /** The same with another number of reruns. */
    public RunSettings withReruns(int n) {
        return new RunSettings(testCommand, maxCandidates, timeout, testTimeout, n, jobs);
    }

    /** The same with another number of candidates validated at once. */
    public RunSettings withJobs(int n) {
        return new RunSettings(testCommand, maxCandidates, timeout, testTimeout, reruns, n);
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
        return new RunConfig(repo, ref, testCommand, outDir, maxCandidates, timeout, testTimeout, host, reruns, jobs);
    }
}
