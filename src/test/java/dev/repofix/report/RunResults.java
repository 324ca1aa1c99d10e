package dev.repofix.report;

import dev.repofix.patch.PatchText;
import dev.repofix.pipeline.CandidateRecord;
import dev.repofix.pipeline.ModelUsage;
import dev.repofix.pipeline.RunError;
import dev.repofix.pipeline.RunOrigin;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.StageRecord;
import dev.repofix.pipeline.StageStatus;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.stage.AnswerOutcome;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestStatus;
import dev.repofix.validate.PhaseTimes;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Verdict;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/** Run results of every status, built in code, for the renderers' tests (and the history's). */
public final class RunResults {
    static final Instant STARTED = Instant.parse("2025-03-04T05:06:07Z");
    static final String ACCOUNT = "src/main/java/com/acme/Account.java";
    static final String SOURCE = "https://example.org/acme/bank.git@main";
    static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";
    static final String COMMAND = "mvn -B test";
    static final String REPRODUCE = "mvn test -Dtest=com.acme.AccountTest#withdrawAll+closeToZero";
    static final String RUN_ID = "0b7e6c1e-2f4e-4d3a-9a51-6f2b3c4d5e6f";
    /** A fix whose context holds a Markdown fence, as a Java text block could. */
    static final String FIX_DIFF = """
            diff --git a/src/main/java/com/acme/Account.java b/src/main/java/com/acme/Account.java
            --- a/src/main/java/com/acme/Account.java
            +++ b/src/main/java/com/acme/Account.java
            @@ -4,3 +4,3 @@
                 String fence = "```";
            -    if (amount >= balance) {
            +    if (amount > balance) {
                     throw new IllegalStateException();
            """;
    static final String OTHER_DIFF = """
            diff --git a/src/main/java/com/acme/Account.java b/src/main/java/com/acme/Account.java
            --- a/src/main/java/com/acme/Account.java
            +++ b/src/main/java/com/acme/Account.java
            @@ -5,1 +5,1 @@
            -    if (amount >= balance) {
            +    if (amount < balance) {
            """;

    static final TestResult WITHDRAW_ALL = new TestResult("com.acme.AccountTest#withdrawAll", TestStatus.ERRORED,
            "funds", "java.lang.IllegalStateException: funds\n\tat com.acme.Account.withdraw(Account.java:6)\n",
            List.of(new StackFrame(ACCOUNT, 6, "withdraw")));
    static final TestResult CLOSE_TO_ZERO = new TestResult("com.acme.AccountTest#closeToZero", TestStatus.FAILED,
            "expected: <0> but was: <1>", "", List.of());

    static final PatchCandidate RELATIONAL_LT = new PatchCandidate("c1", "relational-op", ACCOUNT, 5,
            "`>=` -> `<`", PatchText.read(OTHER_DIFF));
    static final PatchCandidate RELATIONAL_GT = new PatchCandidate("c2", "relational-op", ACCOUNT, 5,
            "`>=` -> `>`", PatchText.read(FIX_DIFF));
    static final PatchCandidate NEGATED = new PatchCandidate("c3", "negate-condition", ACCOUNT, 5,
            "negated the condition",
            PatchText.read(OTHER_DIFF.replace("amount < balance", "!(amount >= balance)")));

    private RunResults() {}

    public static RunResult fixed() {
        Validation failed = new Validation("c1", Verdict.TESTS_FAIL, List.of(), List.of(WITHDRAW_ALL.id()),
                List.of("com.acme.AccountTest#deposit"), "1 passing test(s) broke: a | b", Duration.ofMillis(1500));
        Validation valid = new Validation("c2", Verdict.VALID, List.of(WITHDRAW_ALL.id(), CLOSE_TO_ZERO.id()),
                List.of(), List.of(), "", Duration.ofMillis(2500));
        return result(RunStatus.FIXED, List.of(RELATIONAL_LT, RELATIONAL_GT, NEGATED), List.of(failed, valid),
                Optional.of(RELATIONAL_GT));
    }

    /**
     * {@link #fixed()} with its cost model: T_suite 9 s, and where each validation spent
     * its time (c1 failed screening in the warm JVM, c2 was screened and fully run).
     */
    static RunResult fixedWithCosts() {
        Validation failed = new Validation("c1", Verdict.TESTS_FAIL, List.of(), List.of(WITHDRAW_ALL.id()), List.of(),
                "1 target test(s) still fail", List.of("screened in the warm test JVM"), Duration.ofMillis(400),
                new PhaseTimes(Optional.of(Duration.ofMillis(30)), Optional.of(Duration.ofMillis(120)),
                        Optional.of(Duration.ofMillis(350)), Optional.empty(), Optional.empty()));
        Validation valid = new Validation("c2", Verdict.VALID, List.of(WITHDRAW_ALL.id(), CLOSE_TO_ZERO.id()),
                List.of(), List.of(), "", List.of(), Duration.ofMillis(9800),
                new PhaseTimes(Optional.of(Duration.ofMillis(40)), Optional.of(Duration.ofMillis(110)),
                        Optional.of(Duration.ofMillis(300)), Optional.of(Duration.ofMillis(9400)), Optional.empty()));
        RunResultBuilder b = RunResultBuilder.from(result(RunStatus.FIXED, List.of(RELATIONAL_LT, RELATIONAL_GT,
                NEGATED), List.of(failed, valid), Optional.of(RELATIONAL_GT)));
        b.suiteTime = Optional.of(Duration.ofSeconds(9));
        return b.build();
    }

    /** {@link #fixed()} where the negated condition (c3) passes every test too: the tests do not tell them apart. */
    static RunResult fixedAmongAlternatives() {
        Validation failed = new Validation("c1", Verdict.TESTS_FAIL, List.of(), List.of(WITHDRAW_ALL.id()),
                List.of("com.acme.AccountTest#deposit"), "1 passing test(s) broke: a | b", Duration.ofMillis(1500));
        Validation valid = new Validation("c2", Verdict.VALID, List.of(WITHDRAW_ALL.id(), CLOSE_TO_ZERO.id()),
                List.of(), List.of(), "", Duration.ofMillis(2500));
        Validation alsoValid = new Validation("c3", Verdict.VALID, List.of(WITHDRAW_ALL.id(), CLOSE_TO_ZERO.id()),
                List.of(), List.of(), "", Duration.ofMillis(2400));
        return result(RunStatus.FIXED, List.of(RELATIONAL_LT, RELATIONAL_GT, NEGATED),
                List.of(failed, valid, alsoValid), Optional.of(RELATIONAL_GT));
    }

    /**
     * {@link #fixedAmongAlternatives()} with the alternative c3 probed against the fix, as
     * {@code behaviour} says.
     */
    static RunResult fixedAmongAlternativesProbed(dev.repofix.validate.BehaviourComparison behaviour) {
        RunResult r = fixedAmongAlternatives();
        List<dev.repofix.pipeline.CandidateRecord> records = r.candidates().stream()
                .map(c -> c.id().equals("c3") ? new dev.repofix.pipeline.CandidateRecord(c.candidate(), c.validation(),
                        Optional.of(behaviour)) : c).toList();
        return new RunResult(r.runId(), r.source(), r.commit(), r.build(), r.testCommand(), r.reproduce(), r.model(),
                r.sandbox(), r.status(), r.failing(), r.passingCount(), r.flaky(), r.issue(), r.localization(), records,
                r.fixId(), r.buildLog(), r.stages(), r.error(), r.notes(), r.origin(), r.startedAt(), r.total(),
                r.suiteTime(), r.environment());
    }

    /**
     * {@link #fixed()} where c1 ({@code amount < balance}) passes every test too: a comparison
     * that differs from the fix's only where {@code amount != balance}.
     */
    static RunResult fixedAmongComparisons() {
        Validation lt = new Validation("c1", Verdict.VALID, List.of(WITHDRAW_ALL.id(), CLOSE_TO_ZERO.id()),
                List.of(), List.of(), "", Duration.ofMillis(1500));
        Validation gt = new Validation("c2", Verdict.VALID, List.of(WITHDRAW_ALL.id(), CLOSE_TO_ZERO.id()),
                List.of(), List.of(), "", Duration.ofMillis(2500));
        return result(RunStatus.FIXED, List.of(RELATIONAL_LT, RELATIONAL_GT, NEGATED), List.of(lt, gt),
                Optional.of(RELATIONAL_GT));
    }

    public static RunResult notFixed() {
        Validation failed = new Validation("c1", Verdict.TESTS_FAIL, List.of(CLOSE_TO_ZERO.id()),
                List.of(WITHDRAW_ALL.id()), List.of(), "1 target test(s) still fail: `withdrawAll` | again",
                Duration.ofMillis(900));
        Validation broken = new Validation("c2", Verdict.BUILD_FAILED, List.of(), List.of(), List.of(),
                "Account.java:[5,9] cannot find symbol", Duration.ofSeconds(65));
        return result(RunStatus.NOT_FIXED, List.of(RELATIONAL_LT, RELATIONAL_GT), List.of(failed, broken),
                Optional.empty());
    }

    /** Candidates were made, but the time budget ran out before the first was validated. */
    static RunResult notFixedUnvalidated() {
        RunResult r = result(RunStatus.NOT_FIXED, List.of(RELATIONAL_LT, RELATIONAL_GT), List.of(), Optional.empty());
        return copy(r, r.issue(), r.localization(), "", List.of("time budget (--timeout 1m00s) ran out after 0 of 2 "
                + "candidates"));
    }

    public static RunResult testsPass() {
        return new RunResult(RUN_ID, SOURCE, Optional.of(COMMIT), "maven", COMMAND, COMMAND, "builtin", "local",
                RunStatus.TESTS_PASS, List.of(), 7, List.of(), Optional.empty(), Optional.empty(), List.of(),
                Optional.empty(), "", stages("no test failed"), Optional.empty(), List.of(), RunOrigin.local(), STARTED,
                Duration.ofSeconds(12));
    }

    static RunResult buildBroken(String log) {
        return new RunResult(RUN_ID, SOURCE, Optional.empty(), "maven", COMMAND, COMMAND, "builtin", "local",
                RunStatus.BUILD_BROKEN, List.of(), 0, List.of(), Optional.empty(), Optional.empty(), List.of(),
                Optional.empty(), log, stages("the build failed before any test reported"), Optional.empty(),
                List.of(), RunOrigin.local(), STARTED, Duration.ofSeconds(3));
    }

    /** Docker went away while the second candidate was validated: the first verdict is kept. */
    static RunResult errorDuringValidation() {
        RunResult r = notFixed();
        RunResultBuilder b = RunResultBuilder.from(r);
        b.status = RunStatus.ERROR;
        b.candidates = List.of(r.candidates().get(0), new CandidateRecord(RELATIONAL_GT, Optional.empty()));
        RunError error = new RunError(RunError.Kind.ENVIRONMENT, "validate",
                "the Docker engine stopped answering; start it, or pass --sandbox local");
        b.error = Optional.of(error);
        b.stages = List.of(r.stages().get(0), r.stages().get(1),
                StageRecord.failed("validate", Duration.ofSeconds(4), Optional.empty(), error));
        return b.build();
    }

    static RunResult cancelledInBaseline() {
        RunError error = new RunError(RunError.Kind.CANCELLED, "baseline",
                "cancelled during baseline: interrupted (SIGINT or SIGTERM)");
        return new RunResult(RUN_ID, SOURCE, Optional.of(COMMIT), "maven", COMMAND, COMMAND, "builtin", "local",
                RunStatus.CANCELLED, List.of(), 0, List.of(), Optional.empty(), Optional.empty(), List.of(),
                Optional.empty(), "", List.of(new StageRecord("checkout", StageStatus.OK, Duration.ofMillis(420),
                        "12 files", Optional.empty(), Optional.empty()),
                        StageRecord.failed("baseline", Duration.ofSeconds(2), Optional.empty(), error)),
                Optional.of(error), List.of(), RunOrigin.local(), STARTED, Duration.ofSeconds(3));
    }

    /** A model answered: attempts, tokens and cost per stage; the patch stage needed two answers. */
    public static RunResult fixedByModel() {
        RunResultBuilder b = RunResultBuilder.from(fixed());
        b.model = "openai:gpt-4o";
        b.stages = List.of(
                new StageRecord("checkout", StageStatus.OK, Duration.ofMillis(420), "12 files", Optional.empty(),
                        Optional.empty()),
                new StageRecord("issue", StageStatus.OK, Duration.ofSeconds(2), "title",
                        Optional.of(new ModelUsage(1, 3, OptionalInt.of(1), 1200, 300, Optional.of(0.006),
                                List.of())), Optional.empty()),
                new StageRecord("patch", StageStatus.OK, Duration.ofSeconds(5), "1 candidate(s)",
                        Optional.of(new ModelUsage(2, 3, OptionalInt.of(2), 3000, 800, Optional.of(0.0155),
                                List.of("no JSON object in the answer"))), Optional.empty()));
        b.origin = new RunOrigin("pr", Optional.of("acme/bank"), Optional.of(7), Optional.of(COMMIT));
        return b.build();
    }

    /** The model's stage {@code stage} ended as {@code outcome} after {@code attempts}, and the run with it. */
    static RunResult modelStageFailed(String stage, AnswerOutcome outcome, int attempts, RunError.Kind kind,
            String message) {
        RunResultBuilder b = RunResultBuilder.from(fixedByModel());
        b.status = RunStatus.STAGE_FAILED;
        b.fixId = Optional.empty();
        b.candidates = List.of();
        RunError error = new RunError(kind, stage, message);
        b.error = Optional.of(error);
        b.stages = List.of(b.stages.get(0), StageRecord.failed(stage, Duration.ofSeconds(9), Optional.of(
                new ModelUsage(attempts, 3, OptionalInt.empty(), 900, 0, Optional.empty(), List.of(message), outcome)),
                error));
        return b.build();
    }

    static IssueDraft issue() {
        return new IssueDraft("`AccountTest.withdrawAll` fails: funds | overdraft",
                "2 of 9 tests fail.\n\n**Reproduce**\n\n```sh\nmvn -B test\n```\n",
                "It is raised in the code under test at `" + ACCOUNT + ":6`.", "unexpected exception (X)");
    }

    static Localization localization() {
        return new Localization(List.of(
                new Location(ACCOUNT, 6, "        throw new IllegalStateException();", 1.0,
                        "raised here in com.acme.AccountTest#withdrawAll"),
                new Location(ACCOUNT, 5, "    if (amount >= balance || `raw` | x) {", 0.85,
                        "above " + ACCOUNT + ":6, where it is raised")));
    }

    static RunResult result(RunStatus status, List<PatchCandidate> candidates, List<Validation> validations,
            Optional<PatchCandidate> fix) {
        List<CandidateRecord> records = candidates.stream().map(c -> new CandidateRecord(c,
                validations.stream().filter(v -> v.candidateId().equals(c.id())).findFirst())).toList();
        return new RunResult(RUN_ID, SOURCE, Optional.of(COMMIT), "maven", COMMAND, REPRODUCE, "builtin", "local", status,
                List.of(WITHDRAW_ALL, CLOSE_TO_ZERO), 7, List.of(), Optional.of(issue()), Optional.of(localization()),
                records, fix.map(PatchCandidate::id), "", stages(null), Optional.empty(), List.of(), RunOrigin.local(),
                STARTED, Duration.ofSeconds(75));
    }

    /** {@code r} with another issue, localization, build log and notes. */
    static RunResult copy(RunResult r, Optional<IssueDraft> issue, Optional<Localization> localization,
            String buildLog, List<String> notes) {
        RunResultBuilder b = RunResultBuilder.from(r);
        b.issue = issue;
        b.localization = localization;
        b.buildLog = buildLog;
        b.notes = notes;
        return b.build();
    }

    /** Checkout and baseline ran; the rest were skipped for {@code skipped}, or ran when it is null. */
    private static List<StageRecord> stages(String skipped) {
        List<StageRecord> out = new java.util.ArrayList<>(List.of(
                new StageRecord("checkout", StageStatus.OK, Duration.ofMillis(420), "12 files", Optional.empty(),
                        Optional.empty()),
                new StageRecord("baseline", StageStatus.OK, Duration.ofSeconds(9), "2 failing, 7 passing",
                        Optional.empty(), Optional.empty())));
        for (String name : List.of("flaky-check", "issue", "localize", "patch", "validate")) {
            out.add(skipped == null
                    ? new StageRecord(name, StageStatus.OK, Duration.ofMillis(100), name + " done", Optional.empty(),
                            Optional.empty())
                    : new StageRecord(name, StageStatus.SKIPPED, Duration.ZERO, skipped, Optional.empty(),
                            Optional.empty()));
        }
        return out;
    }
}
