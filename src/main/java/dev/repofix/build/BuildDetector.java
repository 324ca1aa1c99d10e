package dev.repofix.build;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** Picks the build system of a repository from its files. */
public final class BuildDetector {
    /** Builds we recognise but cannot run yet, with the file that gives them away. */
    private static final Map<String, String> NOT_YET = new LinkedHashMap<>();

    static {
        NOT_YET.put("build.gradle", "Gradle");
        NOT_YET.put("build.gradle.kts", "Gradle");
        NOT_YET.put("package.json", "npm");
        NOT_YET.put("Cargo.toml", "Cargo");
        NOT_YET.put("go.mod", "Go");
    }

    /**
     * The build at {@code root}. With a test command given, an unknown build is still
     * usable (reports are searched in the usual places).
     *
     * @throws BuildException when nothing is recognised and no command is given
     */
    public BuildSystem detect(Path root, Optional<String> testCommand) {
        if (MavenBuild.detects(root)) {
            return new MavenBuild();
        }
        if (PytestBuild.detects(root)) {
            return new PytestBuild();
        }
        if (testCommand.isPresent()) {
            return new CustomBuild(testCommand.get(), CustomBuild.toolchainOf(root));
        }
        for (Map.Entry<String, String> e : NOT_YET.entrySet()) {
            if (Files.exists(root.resolve(e.getKey()))) {
                throw new BuildException(e.getValue() + " projects (" + e.getKey() + ") are not supported yet; pass "
                        + "--test-cmd with a command that runs the tests and writes JUnit XML reports");
            }
        }
        throw new BuildException("no build found: looked for pom.xml (Maven) and pytest.ini, pyproject.toml, setup.cfg, tox.ini, "
                + "conftest.py, test_*.py, *_test.py (pytest); pass "
                + "--test-cmd with a command that runs the tests and writes JUnit XML reports");
    }
}
