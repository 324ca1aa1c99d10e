package dev.repofix.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.PytestBuild;
import dev.repofix.patch.ChangeKind;
import dev.repofix.patch.FilePatch;
import dev.repofix.patch.Hunk;
import dev.repofix.patch.HunkLine;
import dev.repofix.patch.Patch;
import dev.repofix.testrun.TestReach;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestRun;
import dev.repofix.testrun.TestStatus;
import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Test selection for pytest: test files as classes, and changes to code run at import forcing the whole suite. */
class PytestTestSelectionTest {
    private static final String CORE = "calc/core.py";
    /** Lines 1-2 run at import (a constant, a def), 3-4 only in tests; 6 (the other def) at import. */
    private static final String CORE_TEXT = """
            LIMIT = 5
            def sum_to(n):
                total = sum(range(n))
                return total

            def double(n):
                return n * 2
            """;

    private static final Map<String, String> SOURCES = Map.of("pyproject.toml", "[project]\nname = \"calc\"\n",
            "calc/__init__.py", "", CORE, CORE_TEXT, "calc/other.py", "def other():\n    return 1\n",
            "tests/test_calc.py", "from calc.core import sum_to\n",
            "tests/test_other.py", "from calc.other import other\n", "tests/test_slow.py", "import time\n");

    @TempDir
    Path root;
    private FileIndex files;

    @BeforeEach
    void writeTheProject() throws IOException {
        files = TestSelectorTest.written(root, SOURCES);
    }

    private static Baseline baseline() {
        TestRun run = new TestRun(List.of(
                new TestResult("tests/test_calc.py::test_sums", TestStatus.FAILED, "assert 10 == 15", "", List.of()),
                TestResult.passed("tests/test_other.py::test_other"),
                TestResult.passed("tests/test_slow.py::TestSlow::test_sleeps")));
        TestReach reach = new TestReach(Map.of("tests/test_calc.py", Set.of(CORE, "tests/test_calc.py"),
                "tests/test_other.py", Set.of("calc/other.py"), "tests/test_slow.py", Set.of("tests/test_slow.py")),
                Optional.empty(), "coverage.py", ".py",
                Optional.of(Map.of(CORE, Set.of(3, 4, 7), "calc/other.py", Set.of(2))));
        return Baseline.of(run).withReach(reach);
    }

    /** Replaces line {@code line} of calc/core.py with {@code by}. */
    private static Patch replaces(int line, String by) {
        String old = CORE_TEXT.lines().toList().get(line - 1);
        return new Patch(List.of(new FilePatch(CORE, ChangeKind.MODIFY, List.of(new Hunk(line,
                List.of(new HunkLine(HunkLine.Kind.REMOVE, old), new HunkLine(HunkLine.Kind.ADD, by)))))));
    }

    /** Inserts {@code added} after line {@code after} of calc/core.py. */
    private static Patch inserts(int after, String added) {
        List<HunkLine> lines = new ArrayList<>();
        lines.add(new HunkLine(HunkLine.Kind.CONTEXT, CORE_TEXT.lines().toList().get(after - 1)));
        lines.add(new HunkLine(HunkLine.Kind.ADD, added));
        return new Patch(List.of(new FilePatch(CORE, ChangeKind.MODIFY, List.of(new Hunk(after, lines)))));
    }

    private TestSelection select(Patch patch) {
        return TestSelector.select(patch, baseline(), new PytestBuild(), files);
    }

    @Test
    void aChangeToLinesOnlyTestsRanRunsOnlyTheTestFilesThatRanTheFile() {
        TestSelection s = select(replaces(3, "    total = sum(range(n + 1))"));

        assertThat(s).isInstanceOf(TestSelection.Selected.class);
        TestSelection.Selected selected = (TestSelection.Selected) s;
        assertThat(selected.ran()).containsExactly("tests/test_calc.py");
        assertThat(selected.testFiles()).containsExactly("tests/test_calc.py");
        assertThat(selected.skipped()).containsExactly("tests/test_other.py", "tests/test_slow.py");
        assertThat(selected.why()).contains("coverage.py");
    }

    @Test
    void aChangeToCodeRunAtImportForcesTheWholeSuite() {
        TestSelection s = select(replaces(1, "LIMIT = 6"));

        assertThat(s).isInstanceOf(TestSelection.WholeSuite.class);
        assertThat(((TestSelection.WholeSuite) s).why()).contains(CORE + " at line 1", "outside any test");
    }

    @Test
    void anInsertionBetweenTopLevelBlocksForcesTheWholeSuite() {
        // After the blank line 5: the nearest code below is "def double" (line 6), run at import.
        TestSelection s = select(inserts(5, "LIMIT = 7"));

        assertThat(s).isInstanceOf(TestSelection.WholeSuite.class);
        assertThat(((TestSelection.WholeSuite) s).why()).contains("at line 6");
    }

    @Test
    void anInsertionInsideAFunctionBodyTestsRanSelects() {
        TestSelection s = select(inserts(3, "    total += 0"));

        assertThat(s).isInstanceOf(TestSelection.Selected.class);
    }

    @Test
    void aHunkThatDoesNotMatchTheFileAtItsLineForcesTheWholeSuite() {
        Patch wrongLine = new Patch(List.of(new FilePatch(CORE, ChangeKind.MODIFY, List.of(new Hunk(4,
                List.of(new HunkLine(HunkLine.Kind.REMOVE, "    total = sum(range(n))"),
                        new HunkLine(HunkLine.Kind.ADD, "    total = sum(range(n + 1))")))))));

        TestSelection s = select(wrongLine);

        assertThat(s).isInstanceOf(TestSelection.WholeSuite.class);
        assertThat(((TestSelection.WholeSuite) s).why()).contains("does not match");
    }

    @Test
    void aConftestOrRequirementsChangeForcesTheWholeSuite() {
        for (String path : List.of("tests/conftest.py", "requirements-dev.txt", "setup.py")) {
            Patch p = new Patch(List.of(new FilePatch(path, ChangeKind.MODIFY, List.of())));
            assertThat(select(p)).as(path).isInstanceOf(TestSelection.WholeSuite.class);
        }
    }

    @Test
    void aFileNoTestRanForcesTheWholeSuite() {
        Patch p = new Patch(List.of(new FilePatch("calc/__init__.py", ChangeKind.MODIFY, List.of())));

        assertThat(select(p)).isInstanceOf(TestSelection.WholeSuite.class);
    }

    @Test
    void aPytestNodeIdsClassIsItsFile() {
        assertThat(TestReach.testClass("tests/test_calc.py::TestSum::test_one[1-2]")).isEqualTo("tests/test_calc.py");
        assertThat(TestReach.testClass("org.shop.CalcTest#adds")).isEqualTo("org.shop.CalcTest");
    }
}
