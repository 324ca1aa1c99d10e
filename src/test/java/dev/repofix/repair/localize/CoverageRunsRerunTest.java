package dev.repofix.repair.localize;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.MavenBuild;
import dev.repofix.build.PytestBuild;
import dev.repofix.build.TestCommand;
import dev.repofix.testrun.TestReach;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which tests a candidate's run under coverage runs: those whose per-test coverage reached the edited files. */
class CoverageRunsRerunTest {
    private static final String ENDS = "src/main/java/org/seqs/Ends.java";
    private static final String SUMS = "src/main/java/org/seqs/Sums.java";
    private static final TestReach JAVA = new TestReach(Map.of(
            "org.seqs.EndsTest", Set.of(ENDS),
            "org.seqs.EndsTest$Empty", Set.of(ENDS, SUMS),
            "org.seqs.SumsTest", Set.of(SUMS),
            "org.seqs.TotalsTest", Set.of(SUMS)), Optional.empty(), "JaCoCo", ".java");
    private static final TestReach PYTHON = new TestReach(Map.of(
            "tests/test_ends.py", Set.of("seqs/ends.py"),
            "tests/test_sums.py", Set.of("seqs/sums.py")), Optional.empty(), "coverage.py", ".py");

    @TempDir
    Path copy;

    @Test
    void mavenRunsOnlyTheTestClassesThatReachedTheEditedFile() {
        MavenBuild build = new MavenBuild();
        TestCommand suite = build.testCommand(copy, null);

        CoverageRuns.Chosen chosen = CoverageRuns.chosen(build, copy, suite, Optional.of(JAVA), Set.of(ENDS));

        // The nested class runs with its outer one; the two classes that ran only Sums.java do not run.
        assertThat(chosen.command().shell()).contains("-Dtest='org.seqs.EndsTest'")
                .doesNotContain("SumsTest").doesNotContain("TotalsTest").doesNotContain("$");
        assertThat(chosen.tests()).isEqualTo("1 of 3 test class(es) (those whose coverage reaches " + ENDS + ")");
        // A class whose nested class reached the file runs whole; here that makes every class.
        assertThat(CoverageRuns.chosen(build, copy, suite, Optional.of(JAVA), Set.of(SUMS))).isEqualTo(
                new CoverageRuns.Chosen(suite, "the whole suite (every test class reaches " + SUMS + ")"));
    }

    @Test
    void pytestRunsOnlyTheTestFilesThatReachedTheEditedFile() {
        PytestBuild build = new PytestBuild();
        TestCommand suite = build.testCommand(copy, null);

        CoverageRuns.Chosen chosen = CoverageRuns.chosen(build, copy, suite, Optional.of(PYTHON),
                Set.of("seqs/ends.py"));

        assertThat(chosen.command().shell()).contains("tests/test_ends.py").doesNotContain("test_sums");
        assertThat(chosen.command().extraEnv()).isEqualTo(suite.extraEnv());
        assertThat(chosen.tests()).isEqualTo("1 of 2 test file(s) (those whose coverage reaches seqs/ends.py)");
    }

    @Test
    void theWholeSuiteRunsWhereTheReachIsMissingIncompleteOrEveryTestReachesTheFile() {
        PytestBuild build = new PytestBuild();
        TestCommand suite = build.testCommand(copy, null);
        Set<String> ends = Set.of("seqs/ends.py");

        assertThat(CoverageRuns.chosen(build, copy, suite, Optional.empty(), ends))
                .isEqualTo(new CoverageRuns.Chosen(suite, "the whole suite (no per-test reach of the baseline)"));
        assertThat(CoverageRuns.chosen(build, copy, suite, Optional.of(PYTHON.incompleteBecause("the run was cut")),
                ends).tests()).isEqualTo("the whole suite (the per-test coverage is incomplete: the run was cut)");
        assertThat(CoverageRuns.chosen(build, copy, suite, Optional.of(PYTHON),
                Set.of("seqs/ends.py", "seqs/sums.py"))).isEqualTo(new CoverageRuns.Chosen(suite,
                        "the whole suite (every test file reaches seqs/ends.py, seqs/sums.py)"));
        // Lines ran there, yet no test's coverage names the file: the data disagree, so nothing is left out.
        assertThat(CoverageRuns.chosen(build, copy, suite, Optional.of(PYTHON), Set.of("seqs/other.py")).command())
                .isEqualTo(suite);
    }
}
