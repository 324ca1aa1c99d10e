package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.BuildDetector;
import dev.repofix.build.BuildSystem;
import dev.repofix.build.UnittestBuild;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A plain unittest project run with the real {@code python3}: no pytest configuration, TestCase classes. */
class UnittestRunTest {
    @TempDir
    Path root;

    @Test
    void runsUnittestThroughRepofixsRunnerAndMapsEachFailureToItsFileAndLine() throws IOException {
        write("setup.py", "from setuptools import setup\nsetup(name='calc')\n");
        write("calc/__init__.py", "");
        write("calc/ops.py", """
                def half(x):
                    return x // 3


                def parse(text):
                    try:
                        return int(text)
                    except ValueError as e:
                        raise LookupError(text) from e
                """);
        write("tests/__init__.py", "");
        write("tests/test_ops.py", """
                import unittest

                from calc.ops import half, parse


                class OpsTest(unittest.TestCase):
                    def test_half(self):
                        self.assertEqual(half(4), 2)

                    def test_half_of_zero(self):
                        self.assertEqual(half(0), 0)

                    def test_parse(self):
                        self.assertEqual(parse("x"), 0)

                    @unittest.skip("later")
                    def test_later(self):
                        pass
                """);

        BuildSystem build = new BuildDetector().detect(root, Optional.empty());
        TestOutcome outcome = new TestRunner(new LocalProcessExecutor(Clock.systemUTC()),
                new HostEnvironment(Map.of("PATH", System.getenv("PATH"))), ReportParsers.standard(),
                new StackFrameExtractor())
                .run(root, build, build.testCommand(root, null), new FileIndex(root, files()), Duration.ofMinutes(2));

        assertThat(build).isInstanceOf(UnittestBuild.class);
        assertThat(outcome).isInstanceOf(TestOutcome.Completed.class);
        TestRun run = ((TestOutcome.Completed) outcome).run();
        assertThat(run.results()).extracting(r -> r.id() + " " + r.status()).containsExactlyInAnyOrder(
                "tests.test_ops.OpsTest#test_half FAILED", "tests.test_ops.OpsTest#test_half_of_zero PASSED",
                "tests.test_ops.OpsTest#test_parse ERRORED", "tests.test_ops.OpsTest#test_later SKIPPED");
        assertThat(run.find("tests.test_ops.OpsTest#test_half").orElseThrow().frames())
                .containsExactly(new StackFrame("tests/test_ops.py", 8, "test_half"));
        assertThat(run.find("tests.test_ops.OpsTest#test_parse").orElseThrow().frames()).containsExactly(
                new StackFrame("calc/ops.py", 7, "parse", 1),
                new StackFrame("calc/ops.py", 9, "parse", 0),
                new StackFrame("tests/test_ops.py", 14, "test_parse", 0));
        assertThat(root.resolve(".repofix-reports/unittest-junit.xml")).exists();
        assertThat(files()).noneMatch(f -> f.endsWith(".py") && f.contains("unittest_junit"));
        assertThat(build.reproduceCommand(root, null, List.of("tests.test_ops.OpsTest#test_half")))
                .isEqualTo("python3 -m unittest tests.test_ops.OpsTest.test_half");
    }

    @Test
    void leavesAProjectWithPytestConfigurationOrPytestImportsToPytest() throws IOException {
        write("tests/__init__.py", "");
        write("tests/test_a.py", "import unittest\n\nclass A(unittest.TestCase):\n    def test_a(self):\n        pass\n");
        write("pyproject.toml", "[project]\nname = 'a'\n");

        assertThat(new BuildDetector().detect(root, Optional.empty()).name()).isEqualTo("unittest");

        write("pyproject.toml", "[project]\nname = 'a'\n\n[tool.pytest.ini_options]\ntestpaths = ['tests']\n");
        assertThat(new BuildDetector().detect(root, Optional.empty()).name()).isEqualTo("pytest");

        write("pyproject.toml", "[project]\nname = 'a'\n");
        write("tests/test_b.py", "import pytest\n\ndef test_b():\n    pass\n");
        assertThat(new BuildDetector().detect(root, Optional.empty()).name()).isEqualTo("pytest");
    }

    private List<String> files() throws IOException {
        return ProjectFiles.list(root);
    }

    private void write(String relative, String text) throws IOException {
        ProjectFiles.write(root, relative, text);
    }
}
