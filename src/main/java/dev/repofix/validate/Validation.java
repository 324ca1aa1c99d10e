package dev.repofix.validate;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The verdict on one candidate, with its evidence.
 *
 * @param candidateId  the candidate's id
 * @param verdict      the outcome
 * @param fixed        previously failing tests that now pass (FAIL_TO_PASS satisfied)
 * @param stillFailing previously failing tests that still fail
 * @param broken       previously passing tests that now fail or are missing (PASS_TO_PASS violated)
 * @param detail       reason or the build error's first lines; empty when VALID
 * @param evidence     how each hunk applied, which test files the patch edits, which runs were made
 * @param elapsed      time spent validating
 * @param phases       where that time went
 * @param selection    which tests the deciding run with the original tests ran and why; empty when
 *                     no such run was made (refused, not applied, settled by screening)
 */
public record Validation(String candidateId, Verdict verdict, List<String> fixed, List<String> stillFailing,
        List<String> broken, String detail, List<String> evidence, Duration elapsed, PhaseTimes phases,
        Optional<TestSelection> selection) {
    public Validation {
        Objects.requireNonNull(candidateId, "candidateId");
        Objects.requireNonNull(verdict, "verdict");
        fixed = List.copyOf(fixed);
        stillFailing = List.copyOf(stillFailing);
        broken = List.copyOf(broken);
        Objects.requireNonNull(detail, "detail");
        evidence = List.copyOf(evidence);
        Objects.requireNonNull(elapsed, "elapsed");
        Objects.requireNonNull(phases, "phases");
        Objects.requireNonNull(selection, "selection");
    }

    /** Without a record of the deciding run's test selection. */
    public Validation(String candidateId, Verdict verdict, List<String> fixed, List<String> stillFailing,
            List<String> broken, String detail, List<String> evidence, Duration elapsed, PhaseTimes phases) {
        this(candidateId, verdict, fixed, stillFailing, broken, detail, evidence, elapsed, phases, Optional.empty());
    }

    /** Without phase times. */
    public Validation(String candidateId, Verdict verdict, List<String> fixed, List<String> stillFailing,
            List<String> broken, String detail, List<String> evidence, Duration elapsed) {
        this(candidateId, verdict, fixed, stillFailing, broken, detail, evidence, elapsed, PhaseTimes.none());
    }

    /** Without evidence lines. */
    public Validation(String candidateId, Verdict verdict, List<String> fixed, List<String> stillFailing,
            List<String> broken, String detail, Duration elapsed) {
        this(candidateId, verdict, fixed, stillFailing, broken, detail, List.of(), elapsed);
    }

    static Validation of(String id, Verdict verdict, String detail, Duration elapsed) {
        return new Validation(id, verdict, List.of(), List.of(), List.of(), detail, elapsed);
    }

    /** The same verdict with more evidence, the final elapsed time and the phase times. */
    Validation with(List<String> moreEvidence, Duration total, PhaseTimes times) {
        List<String> all = new java.util.ArrayList<>(moreEvidence);
        all.addAll(evidence);
        return new Validation(candidateId, verdict, fixed, stillFailing, broken, detail, all, total, times,
                selection);
    }

    /**
     * The deciding run's time where it ran the whole suite: what the suite costs without
     * instrumentation. Empty when it made no such run, ran selected test classes only, or ran under
     * coverage ({@link DecidingRunCoverage}).
     */
    public Optional<Duration> wholeSuiteRun() {
        // A deciding run under coverage costs what the instrumented baseline did: no measure of the plain suite.
        return selection.filter(TestSelection.Selected.class::isInstance).isPresent()
                || evidence.stream().anyMatch(e -> e.startsWith(PatchValidator.UNDER_COVERAGE)) ? Optional.empty()
                : phases.fullRun();
    }

    /** The same verdict with the deciding run's test selection. */
    Validation withSelection(Optional<TestSelection> tests) {
        return new Validation(candidateId, verdict, fixed, stillFailing, broken, detail, evidence, elapsed, phases,
                tests);
    }
}
