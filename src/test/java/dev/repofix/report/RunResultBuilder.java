package dev.repofix.report;

import dev.repofix.pipeline.CandidateRecord;
import dev.repofix.pipeline.RunError;
import dev.repofix.pipeline.RunOrigin;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.pipeline.StageRecord;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.testrun.EnvironmentFailure;
import dev.repofix.testrun.TestResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** A run record to change one field of, for the renderers' tests. */
public final class RunResultBuilder {
    public String runId;
    public String source;
    public Optional<String> commit;
    public String build;
    public String testCommand;
    public String reproduce;
    public String model;
    public String sandbox;
    public RunStatus status;
    public List<TestResult> failing;
    public int passingCount;
    public List<String> flaky;
    public Optional<IssueDraft> issue;
    public Optional<Localization> localization;
    public List<CandidateRecord> candidates;
    public Optional<String> fixId;
    public String buildLog;
    public List<StageRecord> stages;
    public Optional<RunError> error;
    public List<String> notes;
    public RunOrigin origin;
    public Instant startedAt;
    public Duration total;
    public Optional<Duration> suiteTime;
    public List<EnvironmentFailure> environment = List.of();

    public static RunResultBuilder from(RunResult r) {
        RunResultBuilder b = new RunResultBuilder();
        b.runId = r.runId();
        b.source = r.source();
        b.commit = r.commit();
        b.build = r.build();
        b.testCommand = r.testCommand();
        b.reproduce = r.reproduce();
        b.model = r.model();
        b.sandbox = r.sandbox();
        b.status = r.status();
        b.failing = r.failing();
        b.passingCount = r.passingCount();
        b.flaky = r.flaky();
        b.issue = r.issue();
        b.localization = r.localization();
        b.candidates = r.candidates();
        b.fixId = r.fixId();
        b.buildLog = r.buildLog();
        b.stages = r.stages();
        b.error = r.error();
        b.notes = r.notes();
        b.origin = r.origin();
        b.startedAt = r.startedAt();
        b.total = r.total();
        b.suiteTime = r.suiteTime();
        b.environment = r.environment();
        return b;
    }

    public RunResult build() {
        return new RunResult(runId, source, commit, build, testCommand, reproduce, model, sandbox, status, failing, passingCount,
                flaky, issue, localization, candidates, fixId, buildLog, stages, error, notes, origin, startedAt, total,
                suiteTime, environment);
    }
}
