package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code repofix bench fix}: a generated project's whole fix, each step's seconds and share of
 * T_suite in one table; the figures are printed, never asserted.
 */
class BenchFixTest {
    /** Every row of the table, in order: issue 31's steps. */
    private static final String[] ROWS = {"| baseline |", "| flaky check (reruns of the failing tests) |",
            "| coverage run (the localize stage) |", "| screening, per candidate (median) |",
            "| first VALID candidate's full run |", "| alternatives' full runs (same line, after the fix) |",
            "| other stages (checkout, setup, issue, patch) |", "| time to the VALID verdict |",
            "| total wall (the run record's) |"};

    @TempDir
    Path temp;

    @Tag("slow")
    @ParameterizedTest
    @ValueSource(strings = {"maven-junit4", "pytest"})
    void printsEveryStepOfTheFixAgainstTSuiteAndReachesValid(String kind) {
        RunOutput run = RunOutput.run(temp.resolve("work"), temp.resolve("unused"), "bench", "fix", "--kind", kind,
                "--suite-seconds", "1", "--sandbox", "local", "--out", temp.resolve("bench").toString());

        assertEveryStepAndValid(run, kind);
    }

    /** What every bench fix prints: T_suite, the verdict, every row in order, the VALID candidate. */
    private static void assertEveryStepAndValid(RunOutput run, String kind) {
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).as(run.stderr()).contains("repofix bench fix: " + kind + ", sandbox local")
                .containsPattern("T_suite: [\\d.]+ s, one bare run of '")
                .containsPattern("verdict: FIXED \\(fix c\\d+\\)")
                .containsSubsequence(ROWS)
                .containsPattern("\\| first VALID candidate's full run \\| [\\d.]+ \\| [\\d.]+ \\| c\\d+ \\|")
                .containsPattern("\\| time to the VALID verdict \\| [\\d.]+ \\| [\\d.]+ \\| FIXED \\|");
    }

    /**
     * A bug with more than one fix the tests cannot tell apart: the alternatives' row has a
     * full run of another VALID patch, and it comes after the verdict, so the time to VALID
     * and the alternatives' runs together fit in the run's wall time. It is maven-junit5's run of
     * {@link #printsEveryStepOfTheFixAgainstTSuiteAndReachesValid} too: the same generated
     * project with one more fix, so one bench run of that kind checks both.
     */
    @Tag("slow")
    @Test
    void twoFixesGiveTheAlternativesRowAFullRunAfterTheVerdict() {
        RunOutput run = RunOutput.run(temp.resolve("work"), temp.resolve("unused"), "bench", "fix", "--kind",
                "maven-junit5", "--two-fixes", "--suite-seconds", "1", "--sandbox", "local", "--out",
                temp.resolve("bench").toString());

        assertEveryStepAndValid(run, "maven-junit5");
        Matcher alternatives = Pattern.compile("\\| alternatives' full runs \\(same line, after the fix\\) \\| ([\\d.]+) "
                + "\\| [\\d.]+ \\| \\d+ validated after the fix, ([1-9]\\d*) full run\\(s\\), ([1-9]\\d*) other VALID \\|")
                .matcher(run.stdout());
        assertThat(alternatives.find()).as(run.stdout()).isTrue();
        double toValid = seconds(run.stdout(), "time to the VALID verdict");
        double total = seconds(run.stdout(), "total wall \\(the run record's\\)");
        assertThat(toValid + Double.parseDouble(alternatives.group(1))).as(run.stdout()).isLessThanOrEqualTo(total);
    }

    @Test
    void refusesTwoFixesForPytest() {
        RunOutput run = RunOutput.run(temp.resolve("work"), temp.resolve("unused"), "bench", "fix", "--kind", "pytest",
                "--two-fixes", "--out", temp.resolve("bench").toString());

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.stderr()).contains("--two-fixes and --reached are there for the Maven kinds only");
    }

    private static double seconds(String table, String row) {
        Matcher m = Pattern.compile("\\| " + row + " \\| ([\\d.]+) \\|").matcher(table);
        assertThat(m.find()).as(table).isTrue();
        return Double.parseDouble(m.group(1));
    }

    @Test
    void refusesAKindItCannotGenerate() {
        RunOutput run = RunOutput.run(temp.resolve("work"), temp.resolve("unused"), "bench", "fix", "--kind", "gradle",
                "--out", temp.resolve("bench").toString());

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.stderr()).contains("unknown --kind 'gradle'").contains("maven-junit5, maven-junit4, pytest");
    }
}
