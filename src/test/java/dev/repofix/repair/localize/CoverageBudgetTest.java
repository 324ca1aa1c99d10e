package dev.repofix.repair.localize;

import static dev.repofix.repair.FixtureRepo.failed;
import static dev.repofix.repair.FixtureRepo.frame;
import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.PytestBuild;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.Command;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.Executor;
import dev.repofix.repair.BuiltinStages;
import dev.repofix.repair.FixtureRepo;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.RunBudget;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The per-test coverage run has a share of the run's budget of its own, and when it runs
 * past it the engine ranks lines by stack frames with a note: never a failed stage.
 */
class CoverageBudgetTest {
    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
    private static final Duration TEST_TIMEOUT = Duration.ofMinutes(10);

    @TempDir
    Path temp;

    @Test
    void aCoverageRunsShareIsThreeTimesTheBaselinesTimeBoundedByHalfOfWhatIsLeft() {
        CoverageRuns.Share shortSuite = CoverageRuns.share(Optional.of(new RunBudget(Duration.ofSeconds(40),
                NOW.plus(Duration.ofMinutes(10)))), TEST_TIMEOUT, NOW);
        CoverageRuns.Share longSuite = CoverageRuns.share(Optional.of(new RunBudget(Duration.ofMinutes(4),
                NOW.plus(Duration.ofMinutes(10)))), TEST_TIMEOUT, NOW);
        CoverageRuns.Share noBudget = CoverageRuns.share(Optional.empty(), TEST_TIMEOUT, NOW);

        assertThat(shortSuite.limit()).isEqualTo(Duration.ofMinutes(2));
        assertThat(shortSuite.why()).isEqualTo("3 x the baseline's 40.0s");
        assertThat(longSuite.limit()).as("3 x 4 minutes would leave the candidates nothing")
                .isEqualTo(Duration.ofMinutes(5));
        assertThat(longSuite.why()).isEqualTo("half of the 10m00s left of --timeout");
        assertThat(noBudget.limit()).isEqualTo(TEST_TIMEOUT);
    }

    /** A fast suite's 3 x was 4 s: no coverage run, and a failing {@code x in r} had no frame to rank. */
    @Test
    void aFastSuitesCoverageRunStillGetsAMinute() {
        CoverageRuns.Share fast = CoverageRuns.share(Optional.of(new RunBudget(Duration.ofMillis(1_300),
                NOW.plus(Duration.ofMinutes(10)))), TEST_TIMEOUT, NOW);
        CoverageRuns.Share fastButLate = CoverageRuns.share(Optional.of(new RunBudget(Duration.ofMillis(1_300),
                NOW.plus(Duration.ofSeconds(50)))), TEST_TIMEOUT, NOW);

        assertThat(fast.limit()).isEqualTo(CoverageRuns.FLOOR).isEqualTo(Duration.ofSeconds(60));
        assertThat(fast.why()).startsWith("at least ").contains("the baseline took 1.3s");
        assertThat(fastButLate.limit()).as("still at most half of what is left").isEqualTo(Duration.ofSeconds(25));
    }

    @Test
    void aCoverageRunCutOffByItsShareFallsBackToTheStackFramesWithANote() {
        List<Duration> limits = new ArrayList<>();
        Executor neverFinishes = c -> {
            limits.add(c.timeout());
            return new ExecResult(new ExecResult.Outcome.TimedOut(c.timeout()), "", c.timeout());
        };
        FixtureRepo repo = new FixtureRepo(temp.resolve("repo"), new PytestBuild())
                .lines("pytest.ini", "[pytest]")
                .lines("shop/price.py", "def price(n):", "    return n * 2 + 1")
                .lines("tests/test_price.py", "from shop.price import price", "", "def test_price():",
                        "    assert price(2) == 4");
        FailureReport plain = repo.report(failed("tests/test_price.py::test_price", "assert 5 == 4", "trace",
                frame("tests/test_price.py", 4, "test_price"), frame("shop/price.py", 2, "price")));
        // The suite took 40 s: the coverage run gets 2 minutes, not the 10-minute test timeout.
        FailureReport report = new FailureReport(plain.testCommand(), plain.reproduce(), plain.baseline(),
                plain.failing(), plain.log(), plain.files(), plain.build(),
                Optional.of(new RunBudget(Duration.ofSeconds(40), Instant.now().plus(Duration.ofMinutes(30)))));
        BuiltinStages stages = new BuiltinStages(new CoverageRuns(neverFinishes, new HostEnvironment(Map.of()),
                TEST_TIMEOUT, Clock.systemUTC(), Optional.empty()), SpectrumFormula.OCHIAI);

        stages.draftIssue(report);
        Localization loc = stages.localize(report, new IssueDraft("t", "d", "e", "bug"));

        assertThat(limits).isNotEmpty().allSatisfy(d -> assertThat(d).isLessThanOrEqualTo(Duration.ofMinutes(2)));
        assertThat(loc.locations()).extracting(l -> l.file() + ":" + l.line()).contains("shop/price.py:2");
        assertThat(stages.notes()).anySatisfy(n -> assertThat(n).startsWith("localization from stack frames only, "
                + "no per-test coverage: the coverage run did not finish within its share of the run's budget (")
                .contains("3 x the baseline's 40.0s"));
    }
}
