package dev.repofix.validate;

import dev.repofix.build.BuildSystem;
import dev.repofix.build.TestCommand;
import dev.repofix.config.Durations;
import dev.repofix.patch.ApplyResult;
import dev.repofix.patch.PatchApplier;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.BuildLog;
import dev.repofix.testrun.ReportException;
import dev.repofix.testrun.TestOutcome;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestRun;
import dev.repofix.testrun.TestRunner;
import dev.repofix.workspace.Workspace;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Applies a candidate to a fresh copy of the workspace and reruns the tests. VALID
 * only when every baseline-failing test passes and no baseline-passing test fails or
 * disappears. The copy is deleted afterwards.
 */
public final class PatchValidator {
    private static final int EXCERPT_LINES = 15;

    private final Workspace workspace;
    private final BuildSystem build;
    private final TestCommand command;
    private final TestRunner runner;
    private final PatchApplier applier;
    private final Clock clock;

    public PatchValidator(Workspace workspace, BuildSystem build, TestCommand command, TestRunner runner,
            PatchApplier applier, Clock clock) {
        this.workspace = Objects.requireNonNull(workspace, "workspace");
        this.build = Objects.requireNonNull(build, "build");
        this.command = Objects.requireNonNull(command, "command");
        this.runner = Objects.requireNonNull(runner, "runner");
        this.applier = Objects.requireNonNull(applier, "applier");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Validates {@code candidate} against {@code baseline}, giving the tests at most {@code timeout}. */
    public Validation validate(PatchCandidate candidate, Baseline baseline, Duration timeout) {
        Instant start = clock.instant();
        Path copy = workspace.newCopy(candidate.id());
        try {
            ApplyResult applied = applier.apply(copy, candidate.diff());
            if (applied instanceof ApplyResult.NotApplied n) {
                return Validation.of(candidate.id(), Verdict.NOT_APPLIED, n.reason(), since(start));
            }
            TestOutcome outcome;
            try {
                outcome = runner.run(copy, build, command, workspace.files(), timeout);
            } catch (ReportException e) {
                return Validation.of(candidate.id(), Verdict.BUILD_FAILED, e.getMessage(), since(start));
            }
            return switch (outcome) {
                case TestOutcome.TimedOut t -> Validation.of(candidate.id(), Verdict.TIMEOUT,
                        "tests did not finish within " + Durations.format(timeout), since(start));
                case TestOutcome.BuildFailed b -> Validation.of(candidate.id(), Verdict.BUILD_FAILED,
                        BuildLog.errorExcerpt(b.exec().output(), EXCERPT_LINES), since(start));
                case TestOutcome.NoTests n -> Validation.of(candidate.id(), Verdict.BUILD_FAILED,
                        "no test ran with the patch applied", since(start));
                case TestOutcome.Completed c -> compare(candidate.id(), baseline, c.run(), since(start));
            };
        } finally {
            workspace.discard(copy);
        }
    }

    static Validation compare(String id, Baseline baseline, TestRun after, Duration elapsed) {
        List<String> fixed = new ArrayList<>();
        List<String> stillFailing = new ArrayList<>();
        for (String t : baseline.failing()) {
            if (after.find(t).map(r -> r.status() == dev.repofix.testrun.TestStatus.PASSED).orElse(false)) {
                fixed.add(t);
            } else {
                stillFailing.add(t);
            }
        }
        List<String> broken = new ArrayList<>();
        for (String t : baseline.passing()) {
            boolean ok = after.find(t).map(TestResult::status).map(s -> !s.isFailure()).orElse(false);
            if (!ok) {
                broken.add(t);
            }
        }
        Verdict verdict = stillFailing.isEmpty() && broken.isEmpty() ? Verdict.VALID : Verdict.TESTS_FAIL;
        String detail = verdict == Verdict.VALID ? "" : describe(stillFailing, broken);
        return new Validation(id, verdict, fixed, stillFailing, broken, detail, elapsed);
    }

    private static String describe(List<String> stillFailing, List<String> broken) {
        List<String> parts = new ArrayList<>();
        if (!stillFailing.isEmpty()) {
            parts.add(stillFailing.size() + " target test(s) still fail: " + head(stillFailing));
        }
        if (!broken.isEmpty()) {
            parts.add(broken.size() + " passing test(s) broke: " + head(broken));
        }
        return String.join("; ", parts);
    }

    private static String head(List<String> ids) {
        return ids.size() <= 3 ? String.join(", ", ids) : String.join(", ", ids.subList(0, 3)) + ", ...";
    }

    private Duration since(Instant start) {
        return Duration.between(start, clock.instant());
    }
}
