package dev.repofix.eval.gold;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.MavenBuild;
import dev.repofix.build.TestCommand;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.patch.PatchApplier;
import dev.repofix.stage.FailureFixture;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.ReportParsers;
import dev.repofix.testrun.StackFrameExtractor;
import dev.repofix.testrun.TestRunner;
import dev.repofix.validate.Baseline;
import dev.repofix.validate.PatchValidator;
import dev.repofix.validate.SuiteRunner;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Verdict;
import dev.repofix.workspace.TestRepo;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmptyStagesTest {
    @TempDir
    Path dir;

    @Test
    void answersAnEmptyIssueNoLocationsAndOneEmptyDiff() throws Exception {
        FailureReport report = FailureFixture.write(dir);
        EmptyStages empty = new EmptyStages();

        assertThat(empty.draftIssue(report)).isEqualTo(new dev.repofix.stage.IssueDraft("", "", "", "unknown"));
        assertThat(empty.localize(report, BugFixture.ISSUE).locations()).isEmpty();
        assertThat(empty.propose(report, BugFixture.ISSUE, BugFixture.LOCATIONS)).singleElement()
                .satisfies(c -> {
                    assertThat(c.id()).isEqualTo("empty");
                    assertThat(c.diff()).isEmpty();
                });
        assertThat(empty.engine().model()).isEqualTo("empty");
        assertThat(empty.engine().price()).isEmpty();
    }

    @Test
    void theRealValidatorFindsTheEmptyPatchNotAppliedAndSaysItIsNoPatch() throws Exception {
        try (TestRepo repo = TestRepo.init(dir.resolve("repo"))) {
            repo.write(FailureFixture.SOURCE, FailureFixture.SOURCE_TEXT);
            repo.commit("the bug");
            Clock clock = Clock.systemUTC();
            try (Workspace ws = new Workspaces(dir.resolve("work"), Duration.ofMinutes(1))
                    .open(repo.dir().toString(), Optional.empty())) {
                FailureReport report = FailureFixture.write(dir.resolve("report"));
                TestRunner runner = new TestRunner(new LocalProcessExecutor(clock), HostEnvironment.fromSystem(),
                        ReportParsers.standard(), new StackFrameExtractor());
                SuiteRunner suite = new SuiteRunner(new MavenBuild(), new TestCommand("mvn -B test", Map.of()), null,
                        runner, ws.files());
                PatchCandidate candidate = new EmptyStages().propose(report, BugFixture.ISSUE, BugFixture.LOCATIONS)
                        .get(0);

                Validation v = new PatchValidator(ws, suite, new PatchApplier(), clock, true)
                        .validate(candidate, Baseline.of(report.baseline()), Duration.ofMinutes(1));

                assertThat(v.verdict()).isEqualTo(Verdict.NOT_APPLIED);
                assertThat(v.detail()).startsWith("not a patch");
                assertThat(v.fixed()).isEmpty();
                assertThat(v.stillFailing()).isEqualTo(List.of());
            }
        }
    }
}
