package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.exec.SandboxImage;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole {@code repofix fix} runs on a src-layout pytest project built with hatchling and hatch-vcs,
 * whose package imports the {@code _version.py} that hatch-vcs writes at install time (the file is
 * not in the repository: it is ignored, as such projects do). The install runs in the set-up's own
 * copy; the tests run in fresh copies of the repository's files, which lacked that file, so the
 * package did not load and the run ended BUILD_BROKEN ("No module named 'calc._version'").
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class GeneratedVersionFileEndToEndTest {
    private static final String PYPROJECT = """
            [build-system]
            requires = ["hatchling", "hatch-vcs"]
            build-backend = "hatchling.build"

            [project]
            name = "calc"
            dynamic = ["version"]
            requires-python = ">=3.9"

            [project.optional-dependencies]
            tests = ["pytest"]

            [tool.hatch.version]
            source = "vcs"

            [tool.hatch.build.hooks.vcs]
            version-file = "src/calc/_version.py"
            """;
    private static final String INIT = """
            from ._version import __version__

            __all__ = ["__version__"]
            """;
    /** One bug: the upper bound is left out ({@code <} for {@code <=}). */
    private static final String CLAMP = """
            def clamp(n, low, high):
                if n < low:
                    return low
                if n >= high:
                    return high - 1
                return n
            """;
    private static final String TESTS = """
            from calc import __version__
            from calc.clamp import clamp


            def test_has_a_version():
                assert __version__


            def test_inside():
                assert clamp(5, 0, 10) == 5


            def test_below():
                assert clamp(-3, 0, 10) == 0


            def test_above():
                assert clamp(42, 0, 10) == 10
            """;

    @TempDir
    Path temp;

    @Test
    @Tag("slow")
    void fixesAPackageThatImportsTheVersionFileItsInstallGenerates() {
        fixes("local");
    }

    @Test
    @Tag("docker")
    void fixesAPackageThatImportsTheVersionFileItsInstallGeneratesInTheDockerSandbox() {
        HostAssumptions.sandboxImages(SandboxImage.PYTHON);
        fixes("docker");
    }

    private void fixes(String sandbox) {
        Path repo = FixtureRepos.gitRepo(temp.resolve("repo"), Map.of("pyproject.toml", PYPROJECT,
                ".gitignore", "src/calc/_version.py\n", "src/calc/__init__.py", INIT, "src/calc/clamp.py", CLAMP,
                "tests/test_clamp.py", TESTS));
        Path out = temp.resolve("out");

        RunOutput run = RunOutput.run(temp.resolve("work"), out, Map.of("REPOFIX_CACHE_DIR",
                temp.resolve("cache").toString()), "fix", "--repo", repo.toString(), "--out", out.toString(),
                "--timeout", "8m", "--sandbox", sandbox, "--max-candidates", "10");

        JsonNode report = run.report();
        assertThat(report.path("status").asText()).as(run.stdout()).isEqualTo("FIXED");
        assertThat(report.path("failing")).extracting(t -> t.path("id").asText())
                .containsExactly("tests/test_clamp.py::test_above");
        assertThat(report.path("patch").asText()).contains("+        return high");
    }
}
