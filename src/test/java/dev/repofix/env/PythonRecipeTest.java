package dev.repofix.env;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.BuildDetector;
import dev.repofix.config.HostEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which install steps a Python project's files call for (no command runs here). */
class PythonRecipeTest {
    @TempDir
    Path dir;

    private final PythonInterpreters one = () -> List.of(new PythonInterpreter(Path.of("/usr/bin/python3.12"),
            "3.12.1", true));
    private final Recipes recipes = new Recipes(one, new HostEnvironment(Map.of("PATH", "")), Optional.empty());

    private List<String> install(String pyproject) throws Exception {
        Files.writeString(dir.resolve("pyproject.toml"), pyproject);
        Files.createDirectories(dir.resolve("tests"));
        Files.writeString(dir.resolve("tests/test_a.py"), "def test_a():\n    pass\n");
        Recipes.Detected found = recipes.detect(dir, new BuildDetector().detect(dir, Optional.empty()), false);
        assertThat(found.recipes()).hasSize(1);
        return found.recipes().get(0).plan().apply(dir.resolve("env")).install();
    }

    @Test
    void theTestExtraIsInstalledWithTheProject() throws Exception {
        assertThat(install("""
                [project]
                name = "p"
                [project.optional-dependencies]
                docs = ["sphinx"]
                test = ["hypothesis"]
                """)).first().isEqualTo("python -m pip install -q -e '.[test]'");
    }

    @Test
    void aTestDependencyGroupIsInstalledWithAPipThatReadsGroups() throws Exception {
        List<String> steps = install("""
                [project]
                name = "p"
                [dependency-groups]
                dev = ["pre-commit"]
                testing = ["pytest", "pytest-benchmark"]
                """);
        assertThat(steps).containsSubsequence("python -m pip install -q -e '.'",
                "python -m pip install -q 'pip>=25.1'", "python -m pip install -q --group 'testing'");
    }

    @Test
    void onlyADevGroupIsTakenForTheTests() throws Exception {
        assertThat(install("""
                [project]
                name = "p"
                [dependency-groups]
                dev = ["pytest"]
                lint = ["ruff"]
                """)).contains("python -m pip install -q --group 'dev'")
                .noneMatch(s -> s.contains("lint"));
    }

    @Test
    void groupsAloneWithoutAnInstallableProjectStillMakeAnEnvironment() throws Exception {
        assertThat(install("""
                [dependency-groups]
                test = ["pytest", "inflection"]
                """)).contains("python -m pip install -q --group 'test'")
                .noneMatch(s -> s.contains("-e"));
    }
}
