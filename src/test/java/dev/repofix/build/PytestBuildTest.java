package dev.repofix.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PytestBuildTest {
    private final PytestBuild pytest = new PytestBuild();

    @TempDir
    Path root;

    @Test
    void makesPytestWriteJUnitXmlToARelativePath() {
        TestCommand command = pytest.testCommand(root, null);

        assertThat(command.shell()).isEqualTo("python3 -m pytest");
        String addopts = command.extraEnv().get("PYTEST_ADDOPTS");
        assertThat(addopts).contains("--junitxml=.repofix-reports/pytest-junit.xml", "junit_family=xunit1")
                .doesNotContain(root.toString());
        String junitxml = addopts.split(" ")[0].substring("--junitxml=".length());
        assertThat(Path.of(junitxml).isAbsolute()).isFalse();
        assertThat(command.extraEnv()).containsEntry("PYTHONDONTWRITEBYTECODE", "1");
    }

    @Test
    void keepsTheReportOptionsWithTheUsersCommand() {
        TestCommand command = pytest.testCommand(root, "pytest -x tests/unit");

        assertThat(command.shell()).isEqualTo("pytest -x tests/unit");
        assertThat(command.extraEnv().get("PYTEST_ADDOPTS")).startsWith("--junitxml=.repofix-reports/");
    }

    @Test
    void sameCommandForEveryCopy(@TempDir Path otherCopy) {
        assertThat(pytest.testCommand(otherCopy, null)).isEqualTo(pytest.testCommand(root, null));
    }

    @Test
    void findsTheReportWhereTheCommandWritesIt() throws IOException {
        assertThat(pytest.reports(root)).isEmpty();
        Path report = root.resolve(PytestBuild.REPORT);
        Files.createDirectories(report.getParent());
        Files.writeString(report, "<testsuites/>");

        assertThat(pytest.reports(root)).containsExactly(report);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            python3 -m pytest --junitxml=reports/junit.xml         | reports/junit.xml
            python3 -m pytest -q --junitxml reports/junit.xml tests | reports/junit.xml
            pytest --junit-xml='out dir/r.xml'                     | out dir/r.xml
            """)
    void readsTheReportWhereTheUsersCommandWritesItAndAddsNoneOfItsOwn(String shell, String path) throws IOException {
        TestCommand command = pytest.testCommand(root, shell);
        Path theirs = root.resolve(path);
        Files.createDirectories(theirs.getParent());
        Files.writeString(theirs, "<testsuites/>");

        assertThat(command.shell()).isEqualTo(shell);
        assertThat(command.extraEnv().get("PYTEST_ADDOPTS")).doesNotContain("--junitxml").contains("junit_family=xunit1");
        assertThat(pytest.reports(root, command)).containsExactly(theirs);
    }

    /** A monorepo's command runs pytest in a sub-folder: its report paths are taken from there. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            cd backend && python3 -m pytest --junitxml=reports/junit.xml    | backend/reports/junit.xml
            cd backend && python3 -m pytest                                 | backend/.repofix-reports/pytest-junit.xml
            cd 'services/api' ; cd tests/.. && pytest --junitxml=out/r.xml  | services/api/out/r.xml
            cd ../elsewhere && pytest --junitxml=out/r.xml                  | out/r.xml
            """)
    void readsTheReportOfACommandThatChangesFolderFirst(String shell, String path) throws IOException {
        Files.createDirectories(root.resolve("backend/src/app"));
        Files.writeString(root.resolve("backend/src/app/core.py"), "x = 1\n");
        TestCommand command = pytest.testCommand(root, shell);
        Path report = root.resolve(path);
        Files.createDirectories(report.getParent());
        Files.writeString(report, "<testsuites/>");

        assertThat(pytest.reports(root, command)).containsExactly(report);
        if (shell.startsWith("cd backend")) {
            assertThat(command.extraEnv()).containsEntry("PYTHONPATH", "src:.");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            pytest.ini     | '[pytest]\naddopts = -ra\n    --junitxml=build/test-results/pytest.xml\ntestpaths = tests\n'
            pyproject.toml | '[tool.pytest.ini_options]\naddopts = ["-ra", "--junitxml=build/test-results/pytest.xml"]\n'
            setup.cfg      | '[tool:pytest]\naddopts = --junit-xml build/test-results/pytest.xml\n'
            """)
    void readsTheReportWhereThePytestSettingsWriteIt(String file, String content) throws IOException {
        Files.writeString(root.resolve(file), content.replace("\\n", "\n"));
        TestCommand command = pytest.testCommand(root, null);
        Path theirs = root.resolve("build/test-results/pytest.xml");
        Files.createDirectories(theirs.getParent());
        Files.writeString(theirs, "<testsuites/>");

        assertThat(command.extraEnv().get("PYTEST_ADDOPTS")).doesNotContain("--junitxml");
        assertThat(pytest.reports(root, command)).containsExactly(theirs);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            tests/test_stock.py             | true
            tests/helpers.py                | true
            test/data/input.json            | true
            pkg/tests/unit/test_model.py    | true
            pkg/test_model.py               | true
            test_top.py                     | true
            pkg/model_test.py               | true
            conftest.py                     | true
            pkg/conftest.py                 | true
            pkg/model.py                    | false
            src/stock/inventory.py          | false
            pkg/latest/model.py             | false
            pkg/attest_x.py                 | false
            pkg/contest.py                  | false
            pkg/testing.py                  | false
            setup.py                        | false
            """)
    void tellsTestPathsFromSource(String path, boolean test) {
        assertThat(pytest.isTestPath(path)).isEqualTo(test);
    }

    @Test
    void reproducesFailingTestsByNodeIdWithoutTheReportOptions() {
        assertThat(pytest.reproduceCommand(root, null, List.of("tests/test_a.py::test_b", "tests/test_a.py::TestC::test_d")))
                .isEqualTo("python3 -m pytest tests/test_a.py::test_b tests/test_a.py::TestC::test_d");
    }

    @Test
    void quotesIdsWithSpacesQuotesAndBracketsOnly() {
        assertThat(pytest.reproduceCommand(root, null, List.of("tests/test_a.py::test_b[two words]",
                "tests/test_a.py::test_c[it's]", "tests/test_a.py::test_d[1-2]", "tests/test_a.py::test_e")))
                .isEqualTo("python3 -m pytest 'tests/test_a.py::test_b[two words]' 'tests/test_a.py::test_c[it'\\''s]'"
                        + " 'tests/test_a.py::test_d[1-2]' tests/test_a.py::test_e");
    }

    @Test
    void reproducesManyFailuresByFileAndVeryManyWithTheWholeSuite() {
        List<String> elevenInTwoFiles = IntStream.range(0, 11)
                .mapToObj(i -> (i % 2 == 0 ? "tests/test_a.py::test_" : "tests/test_b.py::TestB::test_") + i).toList();
        List<String> elevenFiles = IntStream.range(0, 11).mapToObj(i -> "tests/test_" + i + ".py::test").toList();

        assertThat(pytest.reproduceCommand(root, null, elevenInTwoFiles))
                .isEqualTo("python3 -m pytest tests/test_a.py tests/test_b.py");
        assertThat(pytest.reproduceCommand(root, null, elevenFiles)).isEqualTo("python3 -m pytest");
    }

    @Test
    void reproducesWithTheUsersCommandAsGiven() {
        assertThat(pytest.reproduceCommand(root, "pytest -x tests/unit", List.of("tests/unit/test_a.py::test_b")))
                .isEqualTo("pytest -x tests/unit");
    }

    @org.junit.jupiter.api.Test
    void selectsTestsByNodeIdQuotedForTheShell(@org.junit.jupiter.api.io.TempDir java.nio.file.Path root) {
        var cmd = pytest.selectedTestCommand(root, null, java.util.List.of("tests/test_a.py::test_b[x-1]",
                "tests/test_a.py::TestC::test_d[it's]"));
        org.assertj.core.api.Assertions.assertThat(cmd).isPresent();
        org.assertj.core.api.Assertions.assertThat(cmd.get().shell()).isEqualTo(
                "python3 -m pytest 'tests/test_a.py::test_b[x-1]' 'tests/test_a.py::TestC::test_d[it'\\''s]'");
        org.assertj.core.api.Assertions.assertThat(cmd.get().extraEnv()).containsKey("PYTEST_ADDOPTS");
    }

    /** The continuation lines' group recursed once per line: 40,000 of them overflowed the stack. */
    @Test
    void readsAnAddoptsSettingOfFortyThousandContinuationLines() throws IOException {
        Files.writeString(root.resolve("pytest.ini"), "[pytest]\naddopts = -ra\n" + "    -q\n".repeat(40_000)
                + "    --junitxml=build/test-results/pytest.xml\ntestpaths = tests\n");
        TestCommand command = pytest.testCommand(root, null);
        Path theirs = root.resolve("build/test-results/pytest.xml");
        Files.createDirectories(theirs.getParent());
        Files.writeString(theirs, "<testsuites/>");

        assertThat(pytest.reports(root, command)).containsExactly(theirs);
    }
}
