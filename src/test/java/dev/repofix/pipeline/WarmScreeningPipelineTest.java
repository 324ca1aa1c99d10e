package dev.repofix.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.BuildDetector;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RunConfig;
import dev.repofix.exec.Cancellation;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.patch.PatchText;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.stage.StageAttempts;
import dev.repofix.stage.Stages;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.ReportParsers;
import dev.repofix.testrun.StackFrameExtractor;
import dev.repofix.testrun.TestRunner;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Verdict;
import dev.repofix.validate.WarmJvmScreenings;
import dev.repofix.workspace.Workspaces;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A whole run on a generated Maven project, with its candidates screened in a warm test JVM. */
@Tag("slow")
class WarmScreeningPipelineTest {
    @TempDir
    Path temp;

    /**
     * One run for what a run through a warm JVM promises: candidates that fail screening (a
     * hang, a wrong fix, one that does not compile, then 35 wrong loop starts) are done there,
     * and the fix at place 39, past max-candidates (30), is found because only candidates that
     * pass screening count against it and take a full run.
     */
    @Test
    void candidatesThatFailScreeningAreDoneThereAndAFixPastMaxCandidatesGetsTheOnlyFullRun() {
        List<PatchCandidate> proposed = new java.util.ArrayList<>(List.of(
                candidate("loop", "        for (int i = 1; i < n; i += 0) {"),
                candidate("wrong", "        for (int i = 2; i <= n; i++) {"),
                candidate("broken", "        for (int i = 1; i <= n; i++ {")));
        // 35 wrong loop starts, each failing the failing test, then the fix at place 39.
        for (int start = 3; start <= 37; start++) {
            proposed.add(candidate("from" + start, "        for (int i = " + start + "; i <= n; i++) {"));
        }
        proposed.add(candidate("fix", GeneratedMavenProject.FIX));

        RunResult r = run(proposed, 30);

        assertThat(r.status()).as("%s %s", r.notes(), r.validations()).isEqualTo(RunStatus.FIXED);
        assertThat(r.fixId()).contains("fix");
        assertThat(r.suiteTime()).isPresent();
        assertThat(r.notes()).noneMatch(n -> n.contains("screening in a warm test JVM is off"));
        Map<String, Validation> byId = r.validations().stream()
                .collect(java.util.stream.Collectors.toMap(Validation::candidateId, v -> v));
        assertThat(byId.get("loop").verdict()).isEqualTo(Verdict.TIMEOUT);
        assertThat(byId.get("wrong").verdict()).isEqualTo(Verdict.TESTS_FAIL);
        assertThat(byId.get("wrong").detail()).contains("screened in the warm test JVM");
        assertThat(byId.get("broken").verdict()).isEqualTo(Verdict.BUILD_FAILED);
        for (String screenedOut : List.of("loop", "wrong", "broken")) {
            assertThat(byId.get(screenedOut).phases().fullRun()).as(screenedOut).isEmpty();
            assertThat(byId.get(screenedOut).phases().screen()).as(screenedOut).isPresent();
        }
        Validation fix = byId.get("fix");
        assertThat(fix.evidence()).anyMatch(e -> e.startsWith("passed screening"));
        assertThat(fix.phases().build()).isPresent();
        assertThat(fix.phases().fullRun()).as("the full verdict through the real build").isPresent();
        assertThat(r.validations()).hasSize(39);
        assertThat(r.validations()).filteredOn(v -> v.phases().fullRun().isPresent())
                .extracting(Validation::candidateId).containsExactly("fix");
    }

    /** A run on a generated Maven project whose engine proposes {@code proposed}; max-screened 200. */
    private RunResult run(List<PatchCandidate> proposed, int maxCandidates) {
        Path repo = GeneratedMavenProject.write(temp.resolve("repo"), 3, Duration.ofMillis(300));
        Clock clock = Clock.systemUTC();
        LocalProcessExecutor executor = new LocalProcessExecutor(clock);
        HostEnvironment host = HostEnvironment.fromSystem();
        TestRunner runner = new TestRunner(executor, host, ReportParsers.standard(), new StackFrameExtractor());
        RepairPipeline pipeline = new RepairPipeline(new Workspaces(temp.resolve("work"), Duration.ofMinutes(1)),
                new BuildDetector(), runner, new RepairPipeline.Engine(new Candidates(proposed), "scripted",
                        Optional.empty()), clock, ProgressListener.none(), new Cancellation(), () -> "run-1",
                new WarmJvmScreenings(executor, host, clock));
        return pipeline.run(new RunConfig(repo.toString(), Optional.empty(), Optional.empty(), temp.resolve("out"),
                maxCandidates, Duration.ofMinutes(15), Duration.ofMinutes(5), host, 0, 1, List.of(), 200));
    }

    private static PatchCandidate candidate(String id, String line) {
        String diff = "--- a/" + GeneratedMavenProject.CALC + "\n+++ b/" + GeneratedMavenProject.CALC + "\n"
                + "@@ -9,1 +9,1 @@\n-" + GeneratedMavenProject.BUG + "\n+" + line + "\n";
        return new PatchCandidate(id, "scripted", GeneratedMavenProject.CALC, 9, id, PatchText.read(diff));
    }

    private record Candidates(List<PatchCandidate> candidates) implements Stages {
        @Override
        public IssueDraft draftIssue(FailureReport failures) {
            return new IssueDraft("sumTo stops short", "1 test fails", "the loop bound", "off-by-one");
        }

        @Override
        public Localization localize(FailureReport failures, IssueDraft issue) {
            return new Localization(List.of(new Location(GeneratedMavenProject.CALC, 9, GeneratedMavenProject.BUG,
                    1.0, "the loop")));
        }

        @Override
        public List<PatchCandidate> propose(FailureReport failures, IssueDraft issue, Localization localization) {
            return candidates;
        }

        @Override
        public List<StageAttempts> attempts() {
            return List.of();
        }
    }
}
