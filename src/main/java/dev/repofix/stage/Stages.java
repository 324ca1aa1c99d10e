package dev.repofix.stage;

import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.LinesRun;
import dev.repofix.testrun.TestInstrumentation;
import dev.repofix.testrun.TestReach;
import java.util.List;
import java.util.Optional;

/**
 * Answers the three repair stages. Implementations: the builtin engine (no network)
 * and, later, model-backed ones. Each method is called once per run, in order; none
 * returns null.
 */
public interface Stages {
    /** Stage 1: an issue written from the failures. */
    IssueDraft draftIssue(FailureReport failures);

    /** Stage 2: the suspected faulty lines, most suspicious first. */
    Localization localize(FailureReport failures, IssueDraft issue);

    /** Stage 3: fix candidates, best first; the caller validates them in this order. */
    List<PatchCandidate> propose(FailureReport failures, IssueDraft issue, Localization localization);

    /**
     * How each stage asked so far went with a model (attempts, tokens), in order; empty
     * for engines that ask no model.
     */
    default List<StageAttempts> attempts() {
        return List.of();
    }

    /**
     * What the user should know about how the stages of the current run answered (for
     * example: localization without coverage, and why), for the run record's notes; empty
     * when there is nothing to say.
     */
    default List<String> notes() {
        return List.of();
    }

    /**
     * What the baseline's run of the suite is put under so that these stages need no run of
     * their own (per-test coverage for a spectrum localization); {@link TestInstrumentation#none()}
     * for stages that read no coverage.
     */
    default TestInstrumentation baselineInstrumentation() {
        return TestInstrumentation.none();
    }

    /**
     * Which source files each test class ran, when the current run's stages collected per-test
     * coverage (the builtin engine's localization); the deciding run's test selection reads it.
     * Empty by default.
     */
    default Optional<TestReach> reach() {
        return Optional.empty();
    }

    /**
     * The lines the baseline's passing tests ran and how to run the same tests in a patched copy,
     * when the current run's stages read per-test coverage (the builtin engine's localization):
     * what a VALID candidate stops running is found with it. Empty by default.
     */
    default Optional<LinesRun> linesRun() {
        return Optional.empty();
    }
}
