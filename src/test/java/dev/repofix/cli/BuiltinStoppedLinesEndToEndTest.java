package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix fix} with no model where a candidate passes every test by moving a type test
 * onto the other parameter, so that the branch under it no longer runs for any input the tests
 * give, though its text says nothing of that (the issue's {@code hasattr(iterable, ...)} to
 * {@code hasattr(default, ...)}). The per-test coverage of the baseline shows the passing tests
 * ran that branch; the same tests under coverage with the candidate applied do not: it carries
 * the caveat and ranks after the fix that keeps the branch. Real pytest and mvn, tagged slow.
 */
@Tag("slow")
class BuiltinStoppedLinesEndToEndTest {
    private static final String PY = """
            def last(items, default):
                if hasattr(items, "__reversed__"):
                    for x in reversed(items):
                        return x
                    return None
                out = default
                for x in items:
                    out = x
                return out
            """;
    private static final String PY_TESTS = """
            from seqs.ends import last


            def test_last_of_a_list():
                assert last([1, 2, 3], 0) == 3


            def test_last_of_an_iterator():
                assert last(iter([1, 2]), 0) == 2


            def test_an_empty_list_gives_the_default():
                assert last([], 7) == 7
            """;

    private static final String JAVA = """
            package org.seqs;

            import java.util.List;

            public final class Ends {
                private Ends() {}

                @SuppressWarnings("unchecked")
                public static Integer last(Iterable<Integer> items, Object fallback) {
                    if (items instanceof List) {
                        List<Integer> list = (List<Integer>) items;
                        return list.get(list.size() - 1);
                    }
                    Integer out = (Integer) fallback;
                    for (Integer x : items) {
                        out = x;
                    }
                    return out;
                }
            }
            """;
    private static final String JAVA_TESTS = """
            package org.seqs;

            import static org.junit.jupiter.api.Assertions.assertEquals;

            import java.util.List;
            import org.junit.jupiter.api.Test;

            class EndsTest {
                @Test
                void lastOfAList() {
                    assertEquals(3, Ends.last(List.of(1, 2, 3), 0));
                }

                @Test
                void lastOfAnIterable() {
                    Iterable<Integer> items = () -> List.of(1, 2).iterator();
                    assertEquals(2, Ends.last(items, 0));
                }

                @Test
                void anEmptyListGivesTheFallback() {
                    assertEquals(7, Ends.last(List.of(), 7));
                }
            }
            """;

    /** A source file the change does not touch, and a test class that runs only it, slowly (as a suite's others). */
    private static final String JAVA_OTHER = """
            package org.seqs;

            public final class Sums {
                private Sums() {}

                public static int sum(int... xs) {
                    int out = 0;
                    for (int x : xs) {
                        out += x;
                    }
                    return out;
                }
            }
            """;
    private static final String JAVA_OTHER_TESTS = """
            package org.seqs;

            import static org.junit.jupiter.api.Assertions.assertEquals;

            import org.junit.jupiter.api.Test;

            class SumsTest {
                @Test
                void sumsAfterAWhile() throws InterruptedException {
                    Thread.sleep(3000);
                    assertEquals(6, Sums.sum(1, 2, 3));
                }
            }
            """;

    @TempDir
    Path temp;

    @Test
    void pythonRanksTheFixThatKeepsTheBranchRunningFirstAndNamesTheOneThatStopsIt() throws Exception {
        RunOutput run = fixPython("40");
        JsonNode report = run.report();

        // Validated before the fix, VALID, and ranked after it: the swap stops the reversed() branch.
        assertThat(report.path("patch").asText()).as(BuiltinFixRuns.tried(report))
                .contains("+    if hasattr(items, \"__reversed__\") and items:");
        assertThat(report.path("fixCaveats")).isEmpty();
        JsonNode swapped = BuiltinFixRuns.valid(report, "+    if hasattr(default, \"__reversed__\"):");
        assertThat(swapped.path("caveats").get(0).asText()).as(BuiltinFixRuns.tried(report))
                .contains("stops running line 3 (`for x in reversed(items):`) of `last` in seqs/ends.py");
        assertThat(Files.readString(run.outDir().resolve("report.md")))
                .contains("ranked after the fix: it stops running line 3");
        // Both VALID candidates' deciding runs carried the coverage: no run of the check's own.
        assertThat(report.path("notes").toString()).contains("lines the tests stop running: read from the deciding "
                + "run's coverage for 2 VALID candidate(s), no run of its own (")
                .doesNotContain("ran again under coverage").doesNotContain("did not carry");
    }

    @Test
    void pythonReportsTheOnlyFixThatPassesWithTheCaveat() throws Exception {
        // Three candidates, screened or not (that depends on how fast the failing tests ran alone): the swap is
        // the only VALID one among them.
        RunOutput run = fixPython("3");
        JsonNode report = run.report();

        assertThat(report.path("patch").asText()).as(BuiltinFixRuns.tried(report))
                .contains("+    if hasattr(default, \"__reversed__\"):");
        assertThat(report.path("fixCaveats").get(0).asText()).contains("stops running line 3");
        assertThat(Files.readString(run.outDir().resolve("report.md"))).contains("**Caveat.** This fix stops running "
                + "line 3 (`for x in reversed(items):`) of `last` in seqs/ends.py, which the passing tests ran before")
                .contains("review before applying");
    }

    /**
     * Java: no candidate keeps the list branch and passes; the one that passes makes its
     * condition false for every input ({@code items instanceof List && items == null}), which
     * takes types to see statically. It is the fix, with the caveat.
     */
    @Test
    void javaReportsTheFixThatStopsRunningTheListBranchWithTheCaveat() throws Exception {
        Path repo = FixtureRepos.gitRepo(temp.resolve("seqs"), Map.of(
                "pom.xml", FixtureRepos.JUNIT_POM,
                "src/main/java/org/seqs/Ends.java", JAVA,
                "src/test/java/org/seqs/EndsTest.java", JAVA_TESTS,
                "src/main/java/org/seqs/Sums.java", JAVA_OTHER,
                "src/test/java/org/seqs/SumsTest.java", JAVA_OTHER_TESTS));

        RunOutput run = BuiltinFixRuns.fix(temp, repo, List.of("--max-candidates", "40"));
        JsonNode report = BuiltinFixRuns.assertFixed(run);

        assertThat(report.path("patch").asText()).as(BuiltinFixRuns.tried(report))
                .contains("+        if (items instanceof List && items == null) {");
        assertThat(report.path("fixCaveats").get(0).asText()).as(BuiltinFixRuns.tried(report))
                .contains("stops running line 11 (`List<Integer> list = (List<Integer>) items;`) of `last` in "
                        + "src/main/java/org/seqs/Ends.java");
        assertThat(Files.readString(run.outDir().resolve("report.md"))).contains("**Caveat.** This fix stops running "
                + "line 11").contains("review before applying");
        // The deciding run (EndsTest alone: SumsTest cannot reach Ends.java) carried the coverage: no run of its own.
        assertThat(report.path("notes").toString()).contains("lines the tests stop running: read from the deciding "
                + "run's coverage for 1 VALID candidate(s), no run of its own (")
                .doesNotContain("ran again under coverage").doesNotContain("did not carry");
    }

    /** {@code fix} on the Python project with {@code maxCandidates} as both budgets, checked FIXED. */
    private RunOutput fixPython(String maxCandidates) {
        Path repo = FixtureRepos.gitRepo(temp.resolve("seqs"), Map.of(
                "seqs/__init__.py", "",
                "seqs/ends.py", PY,
                "tests/test_ends.py", PY_TESTS));
        RunOutput run = BuiltinFixRuns.fix(temp, repo, List.of("--max-candidates", maxCandidates, "--max-screened",
                maxCandidates));
        BuiltinFixRuns.assertFixed(run);
        return run;
    }
}
