package dev.repofix.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A project of plain unittest.TestCase classes that its CI runs with pytest is run with pytest. */
class PytestEvidenceTest {
    @TempDir
    Path root;

    @BeforeEach
    void unittestProject() throws IOException {
        write("calc/__init__.py", "");
        write("tests/__init__.py", "");
        write("tests/test_calc.py", "import unittest\n\nclass CalcTest(unittest.TestCase):\n"
                + "    def test_one(self):\n        self.assertEqual(1, 1)\n");
    }

    @Test
    void aUnittestProjectWithNothingPointingAtPytestIsRunWithUnittest() throws IOException {
        write("pyproject.toml", """
                [project]
                name = "calc"
                description = "works with a pytest plugin or without"
                dependencies = ["attrs>=22"]

                [project.optional-dependencies]
                docs = ["sphinx"]
                """);
        write("tox.ini", "[tox]\nenvlist = py312\n\n[testenv]\n# we used to run pytest here\ncommands = python -m unittest\n");
        write(".github/workflows/ci.yml", "jobs:\n  test:\n    steps:\n      - run: pip install pytest-benchmark\n"
                + "      - run: python -m unittest discover\n");
        write("requirements.txt", "pytest\n"); // runtime requirements say nothing about how the tests run

        assertThat(detected()).isEqualTo("unittest");
        assertThat(PytestEvidence.in(root)).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            pyproject.toml                    | [project]\\nname = 'calc'\\n\\n[project.optional-dependencies]\\ntest = [\\n  "pytest>=7",\\n]\\n
            pyproject.toml                    | [project]\\nname = 'calc'\\n\\n[dependency-groups]\\ndev = ["pytest-cov", "ruff"]\\n
            pyproject.toml                    | [tool.poetry]\\nname = 'calc'\\n\\n[tool.poetry.group.test.dependencies]\\npytest = "^8.0"\\n
            setup.cfg                         | [metadata]\\nname = calc\\n\\n[options.extras_require]\\ntesting =\\n    pytest\\n
            setup.py                          | from setuptools import setup\\nsetup(name='calc', extras_require={'test': ['pytest']})\\n
            requirements-dev.txt              | ruff==0.5\\npytest==8.2.0\\n
            requirements/test.txt             | pytest\\n
            tox.ini                           | [tox]\\nenvlist = py312\\n\\n[testenv]\\ncommands = python -m pytest {posargs}\\n
            noxfile.py                        | import nox\\n\\n@nox.session\\ndef tests(session):\\n    session.run("pytest")\\n
            Makefile                          | test:\\n\\tpytest -q tests\\n
            .github/workflows/tests.yml       | jobs:\\n  test:\\n    steps:\\n      - run: pip install -e . && pytest\\n
            .gitlab-ci.yml                    | test:\\n  script:\\n    - python3 -m pytest tests\\n
            Makefile                          | doctest:\\n\\tpython -m xdist-runner --doctest-modules calc\\n
            """)
    void aUnittestProjectThatSomethingRunsWithPytestIsRunWithPytest(String file, String text) throws IOException {
        if (!file.equals("pyproject.toml")) {
            write("pyproject.toml", "[project]\nname = 'calc'\n");
        }
        write(file, text.replace("\\n", "\n").replace("\\t", "\t"));

        assertThat(PytestEvidence.in(root)).get().asString().contains(file);
        assertThat(detected()).isEqualTo("pytest");
    }

    @Test
    void aProjectPointedAtPytestRunsPytestsOwnCommand() throws IOException {
        write("setup.py", "from setuptools import setup\nsetup(name='calc')\n");
        write("requirements_test.txt", "pytest\n");

        BuildSystem build = new BuildDetector().detect(root, Optional.empty());

        assertThat(build).isInstanceOf(PytestBuild.class);
        assertThat(build.testCommand(root, null).shell()).isEqualTo("python3 -m pytest");
    }

    @Test
    void neverReadsAWorkflowThatIsALinkOutOfTheRepository() throws IOException {
        Path outside = Files.createTempFile("repofix-workflow", ".yml");
        try {
            Files.writeString(outside, "jobs:\n  t:\n    steps:\n      - run: pytest\n");
            write("setup.py", "from setuptools import setup\nsetup(name='calc')\n");
            Files.createDirectories(root.resolve(".github/workflows"));
            Files.createSymbolicLink(root.resolve(".github/workflows/ci.yml"), outside);

            assertThat(detected()).isEqualTo("unittest");
        } finally {
            Files.delete(outside);
        }
    }

    private String detected() {
        return new BuildDetector().detect(root, Optional.empty()).name();
    }

    private void write(String relative, String text) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
