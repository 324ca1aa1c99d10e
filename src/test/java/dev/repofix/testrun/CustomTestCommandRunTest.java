package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.BuildDetector;
import dev.repofix.build.BuildSystem;
import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's {@code --test-cmd} that runs a test tool repofix knows is read with that tool's
 * report, whatever build the repository's files gave away: run for real.
 */
class CustomTestCommandRunTest {
    @TempDir
    Path root;

    @Test
    void aPytestCommandOnAProjectDetectedAsUnittestReadsPytestsReport() throws IOException {
        FileIndex files = RealToolRuns.write(root, Map.of(
                "setup.py", "from setuptools import setup\nsetup(name='calc')\n",
                "calc/__init__.py", "def half(x):\n    return x // 3\n",
                "tests/__init__.py", "",
                "tests/test_calc.py", """
                        import unittest

                        from calc import half


                        class HalfTest(unittest.TestCase):
                            def test_four(self):
                                self.assertEqual(half(4), 2)

                            def test_zero(self):
                                self.assertEqual(half(0), 0)

                            def test_one(self):
                                self.assertEqual(half(1), 0)
                        """));
        assertThat(new BuildDetector().detect(root, Optional.empty()).name()).isEqualTo("unittest");

        TestRun run = runWith("python3 -m pytest", files);

        assertThat(run.failing()).extracting(TestResult::id).containsExactly("tests/test_calc.py::HalfTest::test_four");
        assertThat(run.results()).filteredOn(r -> r.status() == TestStatus.PASSED).hasSize(2);
    }

    @Test
    void aGoTestCommandReadsGosEvents() throws IOException {
        FileIndex files = RealToolRuns.write(root, GoTestRunTest.MODULE);

        TestRun run = runWith("go test ./calc", files);

        assertThat(run.failing()).extracting(TestResult::id).contains("example.com/m/calc#TestAdd", "example.com/m/calc#TestDivByZero");
        assertThat(run.find("example.com/m/calc#TestNothing")).hasValueSatisfying(
                r -> assertThat(r.status()).isEqualTo(TestStatus.PASSED));
    }

    @Test
    void aNodeTestCommandReadsNodesTapReport() throws IOException {
        FileIndex files = RealToolRuns.write(root, Map.of("package.json", "{\"name\":\"calc\"}",
                "src/calc.js", NodeTestRunTest.CALC, "test/calc.test.js", NodeTestRunTest.TEST));

        TestRun run = runWith("node --test test/", files);

        assertThat(run.failing()).extracting(TestResult::id).contains("adds", "group > throws");
        assertThat(run.find("group > inner ok")).hasValueSatisfying(
                r -> assertThat(r.status()).isEqualTo(TestStatus.PASSED));
    }

    private TestRun runWith(String command, FileIndex files) {
        BuildSystem build = new BuildDetector().detect(root, Optional.of(command));
        return RealToolRuns.run(root, build, command, files).run();
    }
}
