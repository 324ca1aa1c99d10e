package dev.repofix.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.exec.ExecResult;
import dev.repofix.exec.Executor;
import dev.repofix.patch.PatchApplier;
import dev.repofix.patch.PatchText;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestRun;
import dev.repofix.testrun.TestStatus;
import dev.repofix.workspace.Workspace;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Screening alone, as the other candidates at a fix's line get it: the failing tests
 * through the build's selection even where the validator does not screen first (a small
 * suite), never the whole suite. The build here selects with {@code run-only}; its one
 * test passes when the copy's calc.txt says {@code fixed}.
 */
class PatchValidatorScreenTest {
    private static final Baseline BASELINE = Baseline.of(new TestRun(List.of(
            new TestResult("calc.CalcTest#works", TestStatus.FAILED, "expected fixed", "", List.of()))));

    @TempDir
    Path dir;
    private Workspace ws;
    private final List<String> commands = new CopyOnWriteArrayList<>();

    @BeforeEach
    void workspace() throws Exception {
        ws = CalcTxtProject.open(dir);
    }

    @AfterEach
    void close() {
        ws.close();
    }

    @Test
    void aCandidateThatFailsTheFailingTestsIsDoneWithoutAFullRun() {
        Optional<Validation> v = validator().screen(CalcTxtProject.candidate("worse"), BASELINE, Duration.ofMinutes(1));

        assertThat(v).hasValueSatisfying(x -> {
            assertThat(x.verdict()).isEqualTo(Verdict.TESTS_FAIL);
            assertThat(x.stillFailing()).containsExactly("calc.CalcTest#works");
            assertThat(x.phases().screen()).isPresent();
            assertThat(x.phases().fullRun()).isEmpty();
        });
        assertThat(commands).containsExactly("run-only calc.CalcTest#works");
    }

    @Test
    void aCandidateThatPassesScreeningIsLeftToTheFullRun() {
        Optional<Validation> v = validator().screen(CalcTxtProject.candidate("fixed"), BASELINE, Duration.ofMinutes(1));

        assertThat(v).isEmpty();
        assertThat(commands).containsExactly("run-only calc.CalcTest#works");
    }

    /** A candidate that screening passed goes straight to its full run: the failing tests are not run alone again. */
    @Test
    void aCandidateThatPassedScreeningIsNotScreenedAgainInItsFullValidation() {
        PatchValidator validator = validator(true);
        PatchCandidate fixed = CalcTxtProject.candidate("fixed");

        assertThat(validator.screen(fixed, BASELINE, Duration.ofMinutes(1))).isEmpty();
        Validation v = validator.validate(fixed, BASELINE, Duration.ofMinutes(1));

        assertThat(v.verdict()).isEqualTo(Verdict.VALID);
        assertThat(commands).containsExactly("run-only calc.CalcTest#works", "run-all");
        assertThat(v.evidence()).contains("passed screening before this run (the failing tests pass with it)");
        assertThat(v.phases().screen()).as("the screening's time stays with the candidate").isPresent();
    }

    /** Its own tests take part in its verdict (tampering, a changed API): only the full validation can give it. */
    @Test
    void aCandidateThatEditsTestsIsLeftToTheFullValidation() {
        String diff = "--- a/calc.txt\n+++ b/calc.txt\n@@ -1 +1 @@\n-bug\n+worse\n"
                + "--- a/tests/calc_test.txt\n+++ b/tests/calc_test.txt\n@@ -1 +1 @@\n-expects fixed\n+expects worse\n";

        Optional<Validation> v = validator().screen(new PatchCandidate("t", "scripted", "calc.txt", 1, "both",
                PatchText.read(diff)), BASELINE, Duration.ofMinutes(1));

        assertThat(v).isEmpty();
        assertThat(commands).isEmpty();
    }

    private PatchValidator validator() {
        return validator(false);
    }

    /** @param screenFirst whether its full validations screen first (they would run the failing tests alone) */
    private PatchValidator validator(boolean screenFirst) {
        Executor executor = c -> {
            String shell = c.argv().get(c.argv().size() - 1);
            commands.add(shell);
            CalcTxtProject.report(c.workdir());
            return new ExecResult(new ExecResult.Outcome.Exited(0), "", Duration.ofMillis(3));
        };
        SuiteRunner suite = CalcTxtProject.suite(executor, ws);
        return new PatchValidator(ws, suite, new PatchApplier(), Clock.systemUTC(), screenFirst);
    }
}
