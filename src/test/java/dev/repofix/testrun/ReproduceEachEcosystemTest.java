package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.BuildDetector;
import dev.repofix.build.BuildSystem;
import dev.repofix.build.CargoBuild;
import dev.repofix.build.GoBuild;
import dev.repofix.build.ReportFormat;
import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each failing target's reproduce command, typed into a real shell with the real tool, runs
 * exactly that test, failing: what ran is read from the command's own output (through
 * report options the command leaves alone: PYTEST_ADDOPTS, GOFLAGS). Maven's is checked in
 * build.ReproduceCommandTest.
 */
@Tag("slow")
class ReproduceEachEcosystemTest {
    private static final String MOD = """
            def half(x):
                \"""
                >>> half(4)
                2
                \"""
                return x // 3


            def double(x):
                \"""
                >>> double(2)
                4
                \"""
                return x * 2
            """;

    @TempDir
    Path root;

    @Test
    void unittestsReproduceCommandRunsExactlyTheFailingTestOrDoctest() throws Exception {
        FileIndex files = RealToolRuns.write(root, Map.of(
                "setup.py", "from setuptools import setup\nsetup(name='calc')\n",
                "calc/__init__.py", "",
                "calc/mod.py", MOD,
                "tests/__init__.py", "",
                "tests/test_mod.py", """
                        import doctest
                        import unittest

                        import calc.mod
                        from calc.mod import half


                        def load_tests(loader, tests, ignore):
                            tests.addTests(doctest.DocTestSuite(calc.mod))
                            return tests


                        class HalfTest(unittest.TestCase):
                            def test_four(self):
                                self.assertEqual(half(4), 2)

                            def test_zero(self):
                                self.assertEqual(half(0), 0)
                        """));
        BuildSystem build = new BuildDetector().detect(root, Optional.empty());
        assertThat(build.name()).isEqualTo("unittest");

        List<String> failing = failing(build, files);

        assertThat(failing).containsExactlyInAnyOrder("tests.test_mod.HalfTest#test_four", "calc.mod.half");
        for (String id : failing) {
            String output = run(build.reproduceCommand(root, null, List.of(id)), Map.of());
            assertThat(output).as(id).contains("Ran 1 test").contains("FAILED (failures=1)");
        }
        assertThat(run(build.reproduceCommand(root, null, failing), Map.of())).contains("Ran 2 tests")
                .contains("FAILED (failures=2)");
        // Repofix's own selection runs the doctest too, alone.
        TestRun selected = RealToolRuns.run(root, build,
                build.selectedTestCommand(root, null, List.of("calc.mod.half")).orElseThrow(), files).run();
        assertThat(selected.results()).extracting(r -> r.id() + " " + r.status()).containsExactly("calc.mod.half FAILED");
    }

    @Test
    void pytestsReproduceCommandSelectsADoctestByTheIdReadFromItsReport() throws Exception {
        FileIndex files = RealToolRuns.write(root, Map.of(
                "pytest.ini", "[pytest]\naddopts = --doctest-modules\n",
                "calc/__init__.py", "",
                "calc/mod.py", MOD,
                "tests/test_mod.py", "from calc.mod import half\n\n\ndef test_four():\n    assert half(4) == 2\n\n\n"
                        + "def test_zero():\n    assert half(0) == 0\n"));
        BuildSystem build = new BuildDetector().detect(root, Optional.empty());
        Map<String, String> reportOnly = build.testCommand(root, null).extraEnv();

        List<String> failing = failing(build, files);

        assertThat(failing).containsExactlyInAnyOrder("tests/test_mod.py::test_four", "calc/mod.py::calc.mod.half");
        for (String id : failing) {
            deleteReports(build);
            run(build.reproduceCommand(root, null, List.of(id)), reportOnly);
            assertThat(results(build, ReportFormat.JUNIT_XML)).as(id).extracting(r -> r.id() + " " + r.status())
                    .containsExactly(id + " FAILED");
        }
    }

    @Test
    void goTestsReproduceCommandRunsExactlyTheFailingTest() throws Exception {
        FileIndex files = RealToolRuns.write(root, GoTestRunTest.MODULE);
        BuildSystem build = new GoBuild();

        List<String> failing = failing(build, files);

        assertThat(failing).contains("example.com/m/calc#TestAdd", "example.com/m/calc#TestTable/one_more");
        for (String id : failing) {
            String output = run(build.reproduceCommand(root, null, List.of(id)), Map.of("GOFLAGS", "-json"));
            assertRanOnlyWithin(id, "/", parse(output, ReportFormat.GO_TEST_JSON));
        }
    }

    /**
     * {@code id} ran and failed, and nothing ran but it, its parents (a subtest runs inside
     * its parent, which fails with it) and its subtests ({@code separator} joins the levels).
     */
    private static void assertRanOnlyWithin(String id, String separator, List<TestResult> results) {
        List<TestResult> ran = results.stream().filter(r -> r.status() != TestStatus.SKIPPED).toList();
        assertThat(ran).as(id).extracting(TestResult::id).contains(id).allMatch(ranId -> ranId.equals(id)
                || id.startsWith(ranId + separator) || ranId.startsWith(id + separator));
        assertThat(ran).as(id).filteredOn(r -> r.id().equals(id)).singleElement()
                .satisfies(r -> assertThat(r.status()).isIn(TestStatus.FAILED, TestStatus.ERRORED));
    }

    @Test
    void nodesReproduceCommandRunsExactlyTheFailingTest() throws Exception {
        FileIndex files = RealToolRuns.write(root, Map.of("package.json", "{\"name\":\"calc\"}",
                "src/calc.js", NodeTestRunTest.CALC, "test/calc.test.js", NodeTestRunTest.TEST
                        + "\ntest('adds (again)', () => {\n  assert.strictEqual(add(2, 2), 4);\n});\n"));
        BuildSystem build = new BuildDetector().detect(root, Optional.empty());

        List<String> failing = failing(build, files);

        assertThat(failing).contains("adds", "group > throws");
        for (String id : failing) {
            String output = run(build.reproduceCommand(root, null, List.of(id)), Map.of());
            // Node runs a matching test's subtests whatever their names: a subtest's siblings
            // run too, so a subtest is checked to run within its top-level test only.
            String topLevel = id.split(" > ")[0];
            assertRanOnlyWithin(id.contains(" > ") ? topLevel : id, " > ", parse(output, ReportFormat.TAP));
            assertThat(parse(output, ReportFormat.TAP)).as(id).filteredOn(r -> r.id().equals(id)).singleElement()
                    .satisfies(r -> assertThat(r.status()).isEqualTo(TestStatus.FAILED));
        }
    }

    @Test
    void cargoTestsReproduceCommandRunsExactlyTheFailingTest() throws Exception {
        FileIndex files = RealToolRuns.write(root, Map.of(
                "Cargo.toml", "[package]\nname = \"calc\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
                "src/lib.rs", CargoTestRunTest.LIB,
                "tests/api.rs", "#[test]\nfn divides_by_zero() {\n    calc::div(1, 0);\n}\n\n"
                        + "#[test]\nfn divides() {\n    assert_eq!(calc::div(4, 2), 2);\n}\n"));
        BuildSystem build = new CargoBuild();

        List<String> failing = failing(build, files);

        assertThat(failing).containsExactlyInAnyOrder("calc::tests::adds", "api::divides_by_zero");
        for (String id : failing) {
            String output = run(build.reproduceCommand(root, null, List.of(id)), Map.of("CARGO_TERM_COLOR", "never"));
            assertThat(parse(output, ReportFormat.CARGO_LIBTEST)).as(id).extracting(r -> r.id() + " " + r.status())
                    .containsExactly(id + " FAILED");
        }
    }

    private List<String> failing(BuildSystem build, FileIndex files) {
        return RealToolRuns.run(root, build, files).run().failing().stream().map(TestResult::id).toList();
    }

    private void deleteReports(BuildSystem build) throws IOException {
        for (Path report : build.reports(root)) {
            Files.delete(report);
        }
    }

    private List<TestResult> results(BuildSystem build, ReportFormat format) {
        return build.reports(root).stream().flatMap(r -> ReportParsers.standard().forFormat(format).parse(r).stream())
                .toList();
    }

    private List<TestResult> parse(String output, ReportFormat format) throws IOException {
        Path report = Files.createTempFile("repofix-reproduced", ".out");
        try {
            Files.writeString(report, output);
            return ReportParsers.standard().forFormat(format).parse(report);
        } finally {
            Files.delete(report);
        }
    }

    /** What {@code command} printed, stdout and stderr together, run by {@code sh} at the root. */
    private String run(String command, Map<String, String> env) throws Exception {
        Path log = Files.createTempFile("repofix-reproduce", ".log");
        try {
            ProcessBuilder pb = new ProcessBuilder("sh", "-c", command).directory(root.toFile())
                    .redirectErrorStream(true).redirectOutput(log.toFile());
            pb.environment().putAll(env);
            Process p = pb.start();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError("'" + command + "' did not finish in 5 minutes");
            }
            return Files.readString(log, StandardCharsets.UTF_8);
        } finally {
            Files.delete(log);
        }
    }
}
