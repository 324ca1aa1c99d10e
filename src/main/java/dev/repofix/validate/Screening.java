package dev.repofix.validate;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Screens a candidate against the baseline's failing tests before its full run: cheap,
 * and final only when the candidate fails. Thread-safe; {@link #close()} is idempotent.
 */
public interface Screening extends AutoCloseable {
    /**
     * Screens the candidate already applied in {@code copy}.
     *
     * @param sources repository-relative paths of the source files the candidate changed
     * @param tests   the ids of the tests to run (the baseline's failing ones)
     * @param limit   how long the tests may take before the candidate is a TIMEOUT
     * @return what screening found; {@link ScreenResult.Inconclusive} when it cannot judge
     */
    ScreenResult screen(String candidateId, Path copy, List<String> sources, List<String> tests, Duration limit);

    /**
     * How long the baseline's failing tests took here on the unpatched code, which bounds
     * a candidate's screening; empty when not measured.
     */
    default java.util.Optional<Duration> baselineTime() {
        return java.util.Optional.empty();
    }

    @Override
    void close();
}
