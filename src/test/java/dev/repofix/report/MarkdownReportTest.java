package dev.repofix.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.pipeline.RunError;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.stage.AnswerOutcome;
import dev.repofix.stage.Localization;
import dev.repofix.stage.Location;
import dev.repofix.validate.BehaviourComparison;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Verdict;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class MarkdownReportTest {
    private final MarkdownReport markdown = new MarkdownReport();

    @Test
    void rendersAFixWithItsDiffAndTheTestCounts() {
        String md = markdown.render(RunResults.fixed());

        assertThat(md).startsWith("# repofix: valid patch found for 2 failing test(s)\n\n"
                + "- **Repository:** `" + RunResults.SOURCE + "` at `0123456789ab`\n"
                + "- **Build:** maven, tests run with `mvn -B test` (local)\n"
                + "- **Reproduce:** `" + RunResults.REPRODUCE + "`\n"
                + "- **Engine:** builtin · run `" + RunResults.RUN_ID + "`\n"
                + "- **Baseline:** 2 failing, 7 passing\n\n");
        // The description is the run's text: shown as it is, its backticks escaped.
        assertThat(md).contains("## Patch (VALID)\n\n`>=` -> `>` at `" + RunResults.ACCOUNT
                        + ":5` (relational-op)\n\n")
                .contains("\nFAIL_TO_PASS: 2 of 2 now pass. PASS_TO_PASS: all 7 still pass.\n");
    }

    /** A plausible patch is not a correct one: when another passes every test too, the report says so. */
    @Test
    void saysWhenTheTestsCannotTellTheFixFromAnotherPatch() {
        String md = markdown.render(RunResults.fixedAmongAlternatives());

        assertThat(md).contains("**Another patch also passes every test; the tests do not pin this down.**")
                .contains("- negated the condition at `" + RunResults.ACCOUNT + ":5` (negate-condition, candidate c3)");
        assertThat(markdown.render(RunResults.fixed())).doesNotContain("do not pin this down");
    }

    /** Two comparisons that pass the same tests: the report names the inputs where they differ, a test to add. */
    @Test
    void namesWhereAnAlternativeComparisonDiffersFromTheFix() {
        String md = markdown.render(RunResults.fixedAmongComparisons());

        assertThat(md).contains("- `>=` -> `<` at `" + RunResults.ACCOUNT + ":5` (relational-op, candidate c1): "
                + "differs from the proposed fix only where `amount != balance`\n");
        assertThat(markdown.render(RunResults.fixedAmongAlternatives())).doesNotContain("differs from the proposed fix");
    }

    /** The probe of an alternative found an input where it and the fix differ: the report names it and both results. */
    @Test
    void namesTheInputWhereAProbedAlternativeBehavesDifferently() {
        String md = markdown.render(RunResults.fixedAmongAlternativesProbed(new BehaviourComparison.Differs(
                "Account.withdraw(0)", "returns 0", "throws java.lang.IllegalStateException", 3)));

        assertThat(md).contains("- negated the condition at `" + RunResults.ACCOUNT + ":5` (negate-condition, "
                + "candidate c3). The tests do not pin this down: on `Account.withdraw(0)` the fix returns `0`, the "
                + "alternative throws `java.lang.IllegalStateException`\n");
    }

    /** Values come from the project's code: a backtick or a newline in one cannot leave its code span. */
    @Test
    void escapesTheValuesAProbePrinted() {
        String md = markdown.render(RunResults.fixedAmongAlternativesProbed(new BehaviourComparison.Differs(
                "f()", "returns a` **b**\n# c", "returns 1", 1)));

        assertThat(md).doesNotContain("\n# c").contains("the fix returns " + Markdown.code("a` **b**\n# c", 500));
    }

    @Test
    void saysWhenNoInputWasFoundWhereTheyDifferOrWhyTheyWereNotCompared() {
        assertThat(markdown.render(RunResults.fixedAmongAlternativesProbed(new BehaviourComparison.NoDifference(40))))
                .contains("(negate-condition, candidate c3). No input found where they differ (40 tried)\n");
        assertThat(markdown.render(RunResults.fixedAmongAlternativesProbed(new BehaviourComparison.NotCompared(
                "the fix changes inner, which is not a module-level function"))))
                .contains("candidate c3). Not compared on other inputs: the fix changes inner, which is not a "
                        + "module-level function\n");
    }

    /** What was tried, summed per template and verdict, with the time of each validation phase. */
    @Test
    void sumsWhatWasTriedPerTemplateAndVerdict() {
        String md = markdown.render(RunResults.fixedAmongAlternatives());

        assertThat(md).contains("Tried: relational-op 2 (TESTS_FAIL 1, VALID 1); negate-condition 1 (VALID 1). "
                + "Validation time: apply ");
    }

    /** The cost model in the report: T_suite as the unit, and the build for screening beside the other phases. */
    @Test
    void givesTSuiteAndTheTimeOfEachValidationPhase() {
        String md = markdown.render(RunResults.fixedWithCosts());

        assertThat(md).contains("Validation time (T_suite, the baseline's bare run: 9.0s): apply ")
                .contains("build for screening 230ms").contains("screening 650ms").contains("full runs 9.4s");
    }

    @Test
    void fencesADiffThatContainsABacktickFenceWithTildes() {
        String md = markdown.render(RunResults.fixed());

        assertThat(md).contains("~~~diff\n" + RunResults.FIX_DIFF + "~~~\n");
        assertThat(fencedBlocksAreClosed(md)).isTrue();
    }

    @Test
    void fencesAPlainDiffWithThreeTicks() {
        RunResult r = RunResults.result(RunStatus.FIXED, List.of(RunResults.RELATIONAL_LT),
                List.of(new Validation("c1", Verdict.VALID,
                        List.of(RunResults.WITHDRAW_ALL.id()), List.of(), List.of(), "", Duration.ZERO)),
                Optional.of(RunResults.RELATIONAL_LT));

        String md = markdown.render(r);

        assertThat(md).contains("```diff\n" + RunResults.OTHER_DIFF.stripTrailing() + "\n```\n")
                .contains("FAIL_TO_PASS: 1 of 2 now pass.");
    }

    @Test
    void listsTheValidatedCandidatesWithVerdicts() {
        String md = markdown.render(RunResults.notFixed());

        assertThat(md).startsWith("# repofix: no valid patch for 2 failing test(s) (2 candidate(s) tried)\n")
                .doesNotContain("## Patch")
                .contains("## Candidates tried\n\n| # | Location | Template | Change | Verdict | Time | Evidence |\n"
                        + "|---|---|---|---|---|---|---|\n"
                        + "| 1 | `" + RunResults.ACCOUNT + ":5` | relational-op | `>=` -> `<` | TESTS_FAIL | "
                        + "900ms | 1 target test(s) still fail: \\`withdrawAll\\` \\| again |\n"
                        + "| 2 | `" + RunResults.ACCOUNT + ":5` | relational-op | `>=` -> `>` | BUILD_FAILED | "
                        + "1m05s | Account.java:\\[5,9\\] cannot find symbol |\n\n");
    }

    @Test
    void escapesPipesAndBackticksInTableCells() {
        String md = markdown.render(RunResults.notFixed());

        assertThat(md).contains("| 2 | `" + RunResults.ACCOUNT + ":5` | "
                + "``if (amount >= balance \\|\\| `raw` \\| x) {`` | above " + RunResults.ACCOUNT + ":6, where it is raised |\n");
        assertThat(tableRows(md, "## Suspected lines")).hasSize(4)
                .allSatisfy(row -> assertThat(unescapedPipes(row)).as(row).isEqualTo(5));
        assertThat(tableRows(md, "## Candidates tried")).hasSize(4)
                .allSatisfy(row -> assertThat(unescapedPipes(row)).as(row).isEqualTo(8));
    }

    @Test
    void rendersTheIssueAndSuspectedLines() {
        String md = markdown.render(RunResults.notFixed());

        assertThat(md).contains("## Issue (drafted)\n\n### \\`AccountTest.withdrawAll\\` fails: funds \\| overdraft\n\n"
                + "2 of 9 tests fail.\n\n\\*\\*Reproduce\\*\\*\n\n\\`\\`\\`sh\\\nmvn -B test\\\n\\`\\`\\`\n\n")
                .contains("**Why it fails.** It is raised in the code under test")
                .contains("**Bug type:** unexpected exception (X)\n")
                .contains("## Suspected lines\n\n| Rank | Location | Line | Why |\n|---|---|---|---|\n"
                        + "| 1 | `" + RunResults.ACCOUNT + ":6` | `throw new IllegalStateException();` | "
                        + "raised here in com.acme.AccountTest#withdrawAll |\n");
    }

    @Test
    void showsTenSuspectedLinesAndCountsTheRest() {
        List<Location> many = IntStream.rangeClosed(1, 13)
                .mapToObj(i -> new Location("a.py", i, "x = " + i, 1.0 / i, "r")).toList();
        RunResult r = RunResults.copy(RunResults.notFixed(), Optional.of(RunResults.issue()),
                Optional.of(new Localization(many)), "", List.of());

        String md = markdown.render(r);

        assertThat(md).contains("| 10 | `a.py:10` |").doesNotContain("`a.py:11`").contains("\n3 more in report.json.\n");
    }

    @Test
    void saysWhenNoLineCouldBeTiedToTheFailures() {
        RunResult r = RunResults.copy(RunResults.notFixed(), Optional.of(RunResults.issue()),
                Optional.of(new Localization(List.of())), "", List.of());

        assertThat(markdown.render(r)).contains("## Suspected lines\n\nNo line of the repository could be tied to the "
                + "failures.\n\n");
    }

    @Test
    void saysCandidatesWereMadeButNotValidatedWhenTheBudgetRanOut() {
        String md = markdown.render(RunResults.notFixedUnvalidated());

        assertThat(md).contains("> **Note:** time budget (--timeout 1m00s) ran out after 0 of 2 candidates\n")
                .doesNotContain("No fix candidate could be made")
                .contains("## Candidates\n\n2 candidate(s) were made; none was validated.\n");
    }

    @Test
    void saysNoCandidateWasMadeWhenTheTemplatesFoundNothing() {
        RunResult r = RunResults.result(RunStatus.NOT_FIXED, List.of(), List.of(),
                Optional.empty());

        assertThat(markdown.render(r)).contains("## Candidates\n\nNo fix candidate could be made at the suspected "
                + "lines.\n\n");
    }

    @Test
    void rendersPassingTestsWithoutIssueOrCandidates() {
        String md = markdown.render(RunResults.testsPass());

        assertThat(md).startsWith("# repofix: all 7 tests pass, nothing to fix\n")
                .contains("- **Baseline:** 0 failing, 7 passing\n")
                .doesNotContain("## Issue", "## Suspected", "## Candidates", "## Patch", "## Build failed")
                .doesNotContain("Reproduce")
                .endsWith("## Stages\n\n| Stage | Status | Time | Model | Summary |\n|---|---|---|---|---|\n"
                        + "| checkout | ok | 420ms |  | 12 files |\n| baseline | ok | 9.0s |  | 2 failing, 7 passing |\n"
                        + "| flaky-check | skipped |  |  | no test failed |\n"
                        + "| issue | skipped |  |  | no test failed |\n"
                        + "| localize | skipped |  |  | no test failed |\n"
                        + "| patch | skipped |  |  | no test failed |\n"
                        + "| validate | skipped |  |  | no test failed |\n"
                        + "| **total** | | 12.0s |  | |\n");
    }

    @Test
    void rendersAnErrorWhereItHappenedAndKeepsTheVerdictsReached() {
        String md = markdown.render(RunResults.errorDuringValidation());

        assertThat(md).startsWith("# repofix: repofix stopped in validate: the Docker engine stopped answering")
                .contains("## repofix's environment failed (validate)\n\nthe Docker engine stopped answering; start "
                        + "it, or pass --sandbox local\n")
                .contains("| 1 | `" + RunResults.ACCOUNT + ":5` | relational-op | `>=` -> `<` | TESTS_FAIL |")
                .contains("| validate | failed | 4.0s |");
    }

    @Test
    void rendersTheModelsAttemptsTokensAndCostPerStage() {
        String md = markdown.render(RunResults.fixedByModel());

        assertThat(md).contains("- **Engine:** openai:gpt-4o")
                .contains("| patch | ok | 5.0s | usable on attempt 2 of 3, 3000 in / 800 out, ~$0.0155 |")
                .contains("| **total** | | 1m15s | 4200 tokens in, 1100 out, ~$0.0215 at list price | |");
    }

    /** Each way a model's stage can end is named as what happened, in the error's heading and the stage's row. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
        "NO_ANSWER  | 1 | MODEL   | The model gave no answer in time         | no answer in time on attempt 1 of 3",
        "NO_ANSWER  | 0 | MODEL   | The model gave no answer in time         | no answer within the time budget",
        "REFUSED    | 1 | SERVICE | The model's server refused the request   | refused by the server on attempt 1 of 3",
        "NOT_PARSED | 3 | MODEL   | The model's answers did not parse        | no answer parsed in 3 of 3",
        "UNUSABLE   | 3 | MODEL   | The model's answers were not usable      | answers not usable in 3 of 3"})
    void namesWhatHappenedInAModelsStage(AnswerOutcome outcome, int attempts, RunError.Kind kind, String heading,
            String row) {
        String md = markdown.render(RunResults.modelStageFailed("localize", outcome, attempts, kind,
                "HTTP 400: the request exceeds the available context size"));

        assertThat(md).contains("## " + heading + " (localize)\n\nHTTP 400: the request exceeds the available context size")
                .contains("| localize | failed | 9.0s | " + row + ", 900 in / 0 out |")
                .doesNotContain("could not answer usably").doesNotContain("at the suspected lines");
    }

    @Test
    void rendersTheBuildLogOfABrokenBuildFenced() {
        String log = "[ERROR] Account.java:[5,9] cannot find symbol\n[ERROR]   symbol: `balanse` | ```";

        String md = markdown.render(RunResults.buildBroken(log));

        assertThat(md).startsWith("# repofix: the build fails before any test runs\n")
                .contains("- **Repository:** `" + RunResults.SOURCE + "`\n")
                .contains("## Build failed before any test reported\n\n~~~\n" + log + "\n~~~\n");
        assertThat(fencedBlocksAreClosed(md)).isTrue();
    }

    /** The table lines of the section under {@code heading}. */
    private static List<String> tableRows(String md, String heading) {
        String section = md.substring(md.indexOf(heading));
        int next = section.indexOf("\n## ");
        return section.substring(0, next < 0 ? section.length() : next).lines().filter(l -> l.startsWith("|")).toList();
    }

    private static int unescapedPipes(String row) {
        int n = 0;
        for (int i = 0; i < row.length(); i++) {
            if (row.charAt(i) == '|' && (i == 0 || row.charAt(i - 1) != '\\')) {
                n++;
            }
        }
        return n;
    }

    /** Every opening fence line is closed by a line of the same backticks or tildes, as CommonMark reads them. */
    static boolean fencedBlocksAreClosed(String md) {
        String open = null;
        for (String line : md.lines().toList()) {
            if (open == null && (line.startsWith("```") || line.startsWith("~~~"))) {
                open = line.substring(0, line.length() - line.replaceFirst("^(`+|~+)", "").length());
            } else if (open != null && line.strip().matches(open.charAt(0) + "{" + open.length() + ",}")) {
                open = null;
            }
        }
        return open == null;
    }
}
