package dev.repofix.report;

import dev.repofix.pipeline.RunResult;

/**
 * One place a run's result goes: a pull-request comment, a review, a check run, the job
 * summary, the step outputs, a merge-request note, the report files. Run several through
 * {@link CompositePublisher}, where one that throws is a warning and the rest go on.
 */
public interface Publisher {
    /** What this publishes, for a warning when it fails ("the check run"); never null. */
    String what();

    /**
     * Publishes {@code result}. What the far side refuses is a warning in the returned
     * publication (never null); a thrown exception is turned into one by the composite.
     */
    Publication publish(RunResult result);
}
