package dev.repofix.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.TestCommand;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.Executor;
import dev.repofix.exec.SandboxKind;
import dev.repofix.patch.Patch;
import dev.repofix.patch.PatchApplier;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestRun;
import dev.repofix.testrun.TestStatus;
import dev.repofix.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The deciding run carries the coverage a check after the verdict reads: its command comes
 * from {@link DecidingRunCoverage}, which sees the run's copy before it is discarded, and a
 * run under coverage that ends without reports runs again plain. The build plays the tests:
 * the one test passes when the copy's calc.txt says {@code fixed}; under the variable
 * {@code COVERED=broken} it writes no report (a build that failed under the tool).
 */
class PatchValidatorDecidingCoverageTest {
    private static final Baseline BASELINE = Baseline.of(new TestRun(List.of(
            new TestResult("calc.CalcTest#works", TestStatus.FAILED, "expected fixed", "", List.of()))));

    @TempDir
    Path dir;
    /** Each command run, with its COVERED variable where it had one. */
    private final List<String> commands = new CopyOnWriteArrayList<>();

    /** Adds COVERED={@code value} to every deciding run and keeps what it is told after the run. */
    private static final class Covering implements DecidingRunCoverage {
        final String value;
        final List<String> ran = new CopyOnWriteArrayList<>();

        Covering(String value) {
            this.value = value;
        }

        @Override
        public TestCommand command(String candidateId, Patch source, Path copy, TestCommand plain) {
            if (value.isEmpty()) {
                return plain;
            }
            Map<String, String> env = new HashMap<>(plain.extraEnv());
            env.put("COVERED", value);
            return new TestCommand(plain.shell(), env);
        }

        @Override
        public void ran(String candidateId, Path copy, String tests, boolean completed) {
            try {
                ran.add(candidateId + " " + Files.readString(copy.resolve("calc.txt")).strip() + " " + completed
                        + " " + tests);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Test
    void theDecidingRunRunsUnderCoverageAndHandsItsCopyOnBeforeItIsDiscarded() throws Exception {
        Covering coverage = new Covering("on");

        Validation v = validFix(coverage);

        assertThat(commands).containsExactly("run-all COVERED=on");
        assertThat(coverage.ran).containsExactly("fixed fixed true the whole suite in the deciding run (test "
                + "selection is off (test-selection: off))");
        assertThat(v.evidence()).contains(PatchValidator.UNDER_COVERAGE + " (for the lines the fix stops running)");
        assertThat(v.wholeSuiteRun()).as("not a measure of the plain suite").isEmpty();
    }

    @Test
    void aRunUnderCoverageThatEndsWithoutReportsRunsAgainPlainAndItsVerdictStands() throws Exception {
        Covering coverage = new Covering("broken");

        Validation v = validFix(coverage);

        assertThat(commands).containsExactly("run-all COVERED=broken", "run-all");
        assertThat(coverage.ran).singleElement().asString().startsWith("fixed fixed false ");
        assertThat(v.evidence()).contains(PatchValidator.UNDER_COVERAGE + " ended without reports, so it ran again "
                + "without it (the verdict is the plain run's)");
    }

    @Test
    void aDecidingRunLeftPlainIsNotHandedOn() throws Exception {
        Covering coverage = new Covering("");

        Validation v = validFix(coverage);

        assertThat(commands).containsExactly("run-all");
        assertThat(coverage.ran).isEmpty();
        assertThat(v.wholeSuiteRun()).isPresent();
    }

    /** The fix's validation with {@code coverage}, checked VALID: coverage never changes the verdict. */
    private Validation validFix(DecidingRunCoverage coverage) throws Exception {
        try (Workspace ws = CalcTxtProject.open(dir)) {
            Validation v = validator(ws, coverage).validate(CalcTxtProject.candidate("fixed"), BASELINE, Duration.ofMinutes(1));
            assertThat(v.verdict()).isEqualTo(Verdict.VALID);
            return v;
        }
    }

    private PatchValidator validator(Workspace ws, DecidingRunCoverage coverage) {
        Executor executor = c -> {
            String covered = c.environment().getOrDefault("COVERED", "");
            commands.add(c.argv().get(c.argv().size() - 1) + (covered.isEmpty() ? "" : " COVERED=" + covered));
            if (covered.equals("broken")) {
                return new ExecResult(new ExecResult.Outcome.Exited(1), "agent failed", Duration.ofMillis(3));
            }
            CalcTxtProject.report(c.workdir());
            return new ExecResult(new ExecResult.Outcome.Exited(0), "", Duration.ofMillis(3));
        };
        SuiteRunner suite = CalcTxtProject.suite(executor, ws);
        return new PatchValidator(ws, suite, new PatchApplier(), Clock.systemUTC(), false, RunLimits.none(),
                Optional.empty(), SandboxKind.LOCAL, false, Optional.empty(), coverage);
    }
}
