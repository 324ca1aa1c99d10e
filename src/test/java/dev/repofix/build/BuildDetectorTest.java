package dev.repofix.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.RepofixException.ErrorKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BuildDetectorTest {
    private final BuildDetector detector = new BuildDetector();

    @TempDir
    Path root;

    @Test
    void picksMavenForAPom() throws IOException {
        write("pom.xml", "<project/>");

        assertThat(detector.detect(root, Optional.empty())).isInstanceOf(MavenBuild.class);
    }

    @Test
    void prefersMavenOverPytestAndAGivenCommand() throws IOException {
        write("pom.xml", "<project/>");
        write("pytest.ini", "[pytest]\n");

        assertThat(detector.detect(root, Optional.of("make test"))).isInstanceOf(MavenBuild.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"pytest.ini", "pyproject.toml", "setup.cfg", "tox.ini", "conftest.py",
        "tests/test_x.py", "pkg/sub/deep/test_model.py", "pkg/model_test.py"})
    void picksPytestForAnyOfItsMarkers(String marker) throws IOException {
        write(marker, "");

        assertThat(detector.detect(root, Optional.empty())).isInstanceOf(PytestBuild.class);
    }

    @Test
    void ignoresTestFilesInsideAVirtualEnvironment() throws IOException {
        write(".venv/lib/python3.12/site-packages/pkg/test_vendored.py", "");
        write("node_modules/pkg/test_x.py", "");

        assertThatThrownBy(() -> detector.detect(root, Optional.empty())).isInstanceOf(BuildException.class);
    }

    @Test
    void usesTheGivenCommandWhenNothingIsDetected() throws IOException {
        write("Makefile", "test:\n\t./run-tests\n");

        BuildSystem build = detector.detect(root, Optional.of("make test"));

        assertThat(build).isInstanceOf(CustomBuild.class);
        assertThat(build.testCommand(root, null).shell()).isEqualTo("make test");
    }

    @Test
    void usesTheGivenCommandForAGradleProject() throws IOException {
        write("build.gradle", "plugins { id 'java' }\n");

        BuildSystem build = detector.detect(root, Optional.of("./gradlew check"));

        assertThat(build).isInstanceOf(GradleBuild.class);
        assertThat(build.testCommand(root, "./gradlew check").shell()).isEqualTo("./gradlew check");
    }

    @ParameterizedTest
    @ValueSource(strings = {"build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts"})
    void picksGradleForAnyOfItsBuildFiles(String file) throws IOException {
        write(file, "");

        assertThat(detector.detect(root, Optional.empty())).isInstanceOf(GradleBuild.class);
    }

    @Test
    void namesABuildRecognisedButNotRunYetWithoutACommand() throws IOException {
        write("build.sbt", "");
        List<Ecosystem> rows = new java.util.ArrayList<>(Ecosystems.standard().rows());
        rows.add(Ecosystem.notYet("sbt", "scala", TestPathRules.ofGlobs(List.of("**/src/test/**")), List.of("build.sbt")));

        assertThatThrownBy(() -> new BuildDetector(new Ecosystems(rows)).detect(root, Optional.empty()))
                .hasMessageStartingWith("sbt projects (build.sbt) are not supported yet")
                .hasMessageContaining("--test-cmd");
    }

    @Test
    void saysWhatItLookedForWhenNothingIsDetected() throws IOException {
        write("README.md", "# nothing to build\n");

        assertThatThrownBy(() -> detector.detect(root, Optional.empty()))
                .isInstanceOf(BuildException.class)
                .hasMessageStartingWith("no build found: looked for pom.xml (Maven)")
                .hasMessageContaining("pytest.ini")
                .hasMessageContaining("pass --test-cmd");
    }

    @Test
    void runsAProjectInEachFirstLevelFolderWithTheirIdsAndPathsPrefixed() throws IOException {
        write("backend/pom.xml", "<project/>");
        write("tools/pyproject.toml", "[project]\n");
        write("docs/pyproject.toml", "[project]\n");

        BuildSystem build = detector.detect(root, Optional.empty());

        assertThat(build).isInstanceOfSatisfying(MultiBuild.class, multi -> assertThat(multi.parts())
                .extracting(MultiBuild.Part::folder).containsExactlyInAnyOrder("backend", "tools"));
        assertThat(build.isTestPath("backend/src/test/java/a/ATest.java")).isTrue();
        assertThat(build.isTestPath("backend/src/main/java/a/A.java")).isFalse();
        assertThat(build.isTestPath("tools/tests/test_a.py")).isTrue();
        assertThat(build.sandboxImage()).isEmpty();
        assertThat(build.selectedTestCommand(root, null, java.util.List.of("tools/tests/test_a.py::t")).orElseThrow().shell())
                .contains("(cd tools && ").contains("python3 -m pytest tests/test_a.py::t").doesNotContain("mvn");
    }

    @Test
    void runsTwoBuildsAtTheRootWhenTheSecondHasTestsOfItsOwn() throws IOException {
        write("pom.xml", "<project/>");
        write("src/test/java/a/ATest.java", "");
        write("pyproject.toml", "[tool.black]\n");

        assertThat(detector.detect(root, Optional.empty())).isInstanceOf(MavenBuild.class);

        write("scripts/test_release.py", "def test_x(): pass\n");

        assertThat(detector.detect(root, Optional.empty())).isInstanceOfSatisfying(MultiBuild.class,
                multi -> assertThat(multi.name()).isEqualTo("maven+pytest"));
    }

    @Test
    void takesTheModulesOfARootPomForModulesNotProjects() throws IOException {
        write("pom.xml", "<project><modules><module>core</module></modules></project>");
        write("core/pom.xml", "<project/>");

        assertThat(detector.detect(root, Optional.empty())).isInstanceOf(MavenBuild.class);
    }

    private void write(String relative, String content) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }
}
