package dev.repofix.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.patch.PatchText;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.TestResult;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Verdict;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SummaryReportTest {
    private final SummaryReport summary = new SummaryReport();

    @Test
    void listsTheOtherPatchesThatPassEveryTestToo() {
        String summary = new SummaryReport().render(RunResults.fixedAmongAlternatives(), List.of());

        assertThat(summary).contains("  also:     " + RunResults.ACCOUNT
                + ":5 negate-condition negated the condition -> VALID too: the tests do not tell these apart");
    }

    @Test
    void saysWhereAnAlternativeComparisonDiffersFromTheFix() {
        String text = summary.render(RunResults.fixedAmongComparisons(), List.of());

        assertThat(text).contains("  also:     " + RunResults.ACCOUNT + ":5 relational-op `>=` -> `<` -> VALID too: "
                + "the tests do not tell these apart (they differ only where amount != balance)\n");
    }

    @Test
    void summarisesAFixWithItsDiffIndented() {
        String text = summary.render(RunResults.fixed(), List.of("out/report.md", "out/report.json"));

        assertThat(text).startsWith("repofix: FIXED - valid patch found for 2 failing test(s)\n"
                + "  repo:     " + RunResults.SOURCE + " (maven)\n"
                + "  tests:    mvn -B test\n"
                + "  failing:  com.acme.AccountTest#withdrawAll, com.acme.AccountTest#closeToZero\n"
                + "  reproduce: " + RunResults.REPRODUCE + "\n"
                + "  issue:    `AccountTest.withdrawAll` fails: funds | overdraft\n"
                + "  suspects: " + RunResults.ACCOUNT + ":6, " + RunResults.ACCOUNT + ":5\n"
                + "  patch:    " + RunResults.ACCOUNT + ":5 relational-op `>=` -> `>` -> VALID\n"
                + "    diff --git a/");
        assertThat(text).contains("\n    -    if (amount >= balance) {\n    +    if (amount > balance) {\n")
                .endsWith("  report:   out/report.md, out/report.json\n")
                .doesNotContain("none of");
    }

    @Test
    void namesTheErrorAndWhereItHappened() {
        String text = summary.render(RunResults.cancelledInBaseline(), List.of());

        assertThat(text).startsWith("repofix: CANCELLED - cancelled during baseline; what was reached before is kept\n")
                .contains("  error:    Cancelled in baseline: cancelled during baseline: interrupted (SIGINT or "
                        + "SIGTERM)\n");
    }

    @Test
    void cutsALongDiffAfterTwentyLines() {
        String diff = IntStream.rangeClosed(1, 25).mapToObj(i -> "+line " + i).collect(Collectors.joining("\n"));
        PatchCandidate big = new PatchCandidate("c1", "off-by-one", "a.py", 1, "n -> n + 1", PatchText.read(diff));
        RunResult r = RunResults.result(RunStatus.FIXED, List.of(big), List.of(new Validation("c1", Verdict.VALID,
                List.of(), List.of(), List.of(), "", Duration.ZERO)), Optional.of(big));

        String text = summary.render(r, List.of());

        assertThat(text).contains("    +line 20\n    ... (5 more lines in the report)\n").doesNotContain("+line 21")
                .doesNotContain("report:");
    }

    @Test
    void saysHowManyCandidatesFailed() {
        String text = summary.render(RunResults.notFixed(), List.of());

        assertThat(text).startsWith("repofix: NOT_FIXED - no valid patch for 2 failing test(s) (2 candidate(s) "
                + "tried)\n").contains("  patch:    none of 2 candidate(s) passed the tests\n");
    }

    @Test
    void namesThreeFailingTestsAndCountsTheRest() {
        RunResult r = RunResults.notFixed();
        RunResultBuilder b = RunResultBuilder.from(r);
        b.failing = IntStream.rangeClosed(1, 5).mapToObj(i -> TestResult.passed("t" + i)).toList();
        b.passingCount = 0;
        b.candidates = List.of();
        RunResult many = b.build();

        assertThat(summary.render(many, List.of())).contains("  failing:  t1, t2, t3 and 2 more\n");
    }

    @Test
    void shortensALongIssueTitleToOneLine() {
        IssueDraft issue = new IssueDraft("x".repeat(150) + "\nsecond", "", "", "wrong result");
        RunResult r = RunResults.copy(RunResults.notFixed(), Optional.of(issue), Optional.empty(), "", List.of());

        assertThat(summary.render(r, List.of())).contains("  issue:    " + "x".repeat(107) + "...\n");
    }

    @Test
    void showsTheTailOfABrokenBuildLogAndTheNotes() {
        String log = IntStream.rangeClosed(1, 12).mapToObj(i -> "[ERROR] line " + i).collect(Collectors.joining("\n"));
        RunResult r = RunResults.copy(RunResults.buildBroken(log), Optional.empty(), Optional.empty(), log,
                List.of("the baseline build failed"));

        String text = summary.render(r, List.of("out/report.md"));

        assertThat(text).startsWith("repofix: BUILD_BROKEN - the build fails before any test runs\n")
                .contains("  build:\n    [ERROR] line 5\n").contains("    [ERROR] line 12\n")
                .doesNotContain("line 4\n").contains("  note:     the baseline build failed\n")
                .doesNotContain("failing:", "patch:");
    }

    @Test
    void summarisesPassingTestsInFourLines() {
        assertThat(summary.render(RunResults.testsPass(), List.of())).isEqualTo(
                "repofix: TESTS_PASS - all 7 tests pass, nothing to fix\n"
                        + "  repo:     " + RunResults.SOURCE + " (maven)\n"
                        + "  tests:    mvn -B test\n"
                        + "  time:     12.0s | checkout 420ms | baseline 9.0s\n");
    }
}
