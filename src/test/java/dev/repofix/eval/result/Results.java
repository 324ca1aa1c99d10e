package dev.repofix.eval.result;

import dev.repofix.eval.cases.CaseReference;
import dev.repofix.eval.cases.LineRef;
import dev.repofix.patch.PatchText;
import dev.repofix.pipeline.CandidateRecord;
import dev.repofix.pipeline.ModelUsage;
import dev.repofix.stage.AnswerOutcome;
import dev.repofix.pipeline.RunError;
import dev.repofix.pipeline.RunOrigin;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.pipeline.StageRecord;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Verdict;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/** Benchmark results built in code: a run record of the shape the pipeline makes, and a case's reference. */
public final class Results {
    public static final String CALC = "src/main/java/acme/Calc.java";
    public static final String UTIL = "src/main/java/acme/Util.java";
    public static final String FIX = """
            diff --git a/src/main/java/acme/Calc.java b/src/main/java/acme/Calc.java
            --- a/src/main/java/acme/Calc.java
            +++ b/src/main/java/acme/Calc.java
            @@ -10,3 +10,3 @@
                 int add(int a, int b) {
            -        return a - b;
            +        return a + b;
                 }
            """;
    public static final String OTHER = """
            diff --git a/src/main/java/acme/Calc.java b/src/main/java/acme/Calc.java
            --- a/src/main/java/acme/Calc.java
            +++ b/src/main/java/acme/Calc.java
            @@ -11,1 +11,1 @@
            -        return a - b;
            +        return b - a;
            """;

    public String caseId = "calc-1";
    public Optional<String> setting = Optional.empty();
    public OptionalInt sample = OptionalInt.empty();
    public ResultStatus status = ResultStatus.SCORED;
    public OptionalInt contextTokens = OptionalInt.empty();
    public String language = "java";
    public List<String> bugTypes = List.of("logic");
    /** The bug type stage 1 names. */
    public String saidBugType = "logic";
    public List<LineRef> reference = List.of(new LineRef(CALC, 11));
    public Optional<LineRef> cause = Optional.empty();
    public Optional<LineRef> effect = Optional.empty();
    public String sourcePatch = FIX;
    public Optional<IssueScore> issueScore = Optional.empty();
    public Optional<String> error = Optional.empty();
    public long wallMs = 5000;

    public RunStatus runStatus = RunStatus.NOT_FIXED;
    public boolean localizes = true;
    public List<LineRef> predicted = List.of();
    public List<CandidateRecord> candidates = List.of();
    public Optional<String> fixId = Optional.empty();
    public boolean withRecord = true;
    /** The model stages the run did not ask the model, as an oracle setting does: their records say NOT_ASKED. */
    public List<String> notAsked = List.of();

    public static Results scored() {
        return new Results();
    }

    public Results predicting(LineRef... lines) {
        predicted = List.of(lines);
        return this;
    }

    /** A run that fixed the case with {@code diff}, after a first candidate that did not apply. */
    public Results fixedWith(String diff) {
        runStatus = RunStatus.FIXED;
        candidates = List.of(candidate("c1", OTHER, Verdict.NOT_APPLIED), candidate("c2", diff, Verdict.VALID));
        fixId = Optional.of("c2");
        return this;
    }

    public static CandidateRecord candidate(String id, String diff, Verdict verdict) {
        return new CandidateRecord(new PatchCandidate(id, "llm", CALC, 11, "a change", PatchText.read(diff)), Optional.of(
                new Validation(id, verdict, List.of(), List.of(), List.of(), "", Duration.ofMillis(700))));
    }

    public static LineRef at(String file, int line) {
        return new LineRef(file, line);
    }

    public CaseResult build() {
        return new CaseResult(caseId, setting, sample, "openai:gpt-test", status, contextTokens,
                new CaseReference(language, bugTypes, reference, cause, effect, sourcePatch, List.of("acme.CalcTest#add")),
                withRecord ? Optional.of(record()) : Optional.empty(), issueScore, error,
                new CaseTimes(wallMs, 1000, 900, 2000));
    }

    public RunResult record() {
        List<StageRecord> stages = new ArrayList<>();
        stages.add(StageRecord.ok("baseline", Duration.ofMillis(1000), "1 failing", Optional.empty()));
        stages.add(StageRecord.ok("issue", Duration.ofMillis(200), "drafted",
                Optional.of(usage("issue", 100, 20, Optional.of(0.25)))));
        Optional<RunError> runError = Optional.empty();
        RunStatus s = runStatus;
        if (localizes) {
            stages.add(StageRecord.ok("localize", Duration.ofMillis(300), "lines",
                    Optional.of(usage("localize", 150, 30, Optional.of(0.5)))));
            stages.add(StageRecord.ok("patch", Duration.ofMillis(400), "candidates",
                    Optional.of(usage("patch", 200, 50, Optional.empty()))));
            stages.add(StageRecord.ok("validate", Duration.ofMillis(2000), "validated", Optional.empty()));
        } else {
            RunError e = new RunError(RunError.Kind.MODEL, "localize", "no parseable answer in 3 attempts");
            stages.add(StageRecord.failed("localize", Duration.ofMillis(300), Optional.of(usage(150, 30,
                    Optional.of(0.5))), e));
            runError = Optional.of(e);
            s = RunStatus.STAGE_FAILED;
        }
        Optional<Localization> localization = localizes ? Optional.of(new Localization(predicted.stream()
                .map(l -> new Location(l.file(), l.line(), "code", 0.5, "suspect")).toList())) : Optional.empty();
        return new RunResult("run-" + caseId, "https://example.org/acme/calc.git@main", Optional.of("a".repeat(40)),
                "maven", "mvn -B test", "mvn test", "openai:gpt-test", "local", s, List.of(), 3, List.of(),
                Optional.of(new IssueDraft("add subtracts", "add returns a - b", "the operator is wrong", saidBugType)),
                localization, candidates, fixId, "", stages, runError, List.of(), RunOrigin.local(),
                Instant.parse("2026-01-02T03:04:05Z"), Duration.ofMillis(4000));
    }

    private static ModelUsage usage(long in, long out, Optional<Double> cost) {
        return new ModelUsage(1, 3, OptionalInt.of(1), in, out, cost, List.of());
    }

    private ModelUsage usage(String stage, long in, long out, Optional<Double> cost) {
        return notAsked.contains(stage) ? new ModelUsage(0, 0, OptionalInt.empty(), 0, 0, Optional.empty(), List.of(),
                AnswerOutcome.NOT_ASKED) : usage(in, out, cost);
    }
}
