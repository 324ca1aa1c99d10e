package dev.repofix.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.RepofixException.ErrorKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

        assertThat(detector.detect(root, Optional.of("./gradlew test"))).isInstanceOf(CustomBuild.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"build.gradle", "build.gradle.kts"})
    void namesGradleWhenAGradleBuildHasNoCommand(String file) throws IOException {
        write(file, "");

        assertThatThrownBy(() -> detector.detect(root, Optional.empty()))
                .isInstanceOf(BuildException.class)
                .hasMessageStartingWith("Gradle projects (" + file + ") are not supported yet")
                .hasMessageContaining("--test-cmd")
                .satisfies(e -> assertThat(((BuildException) e).kind()).isEqualTo(ErrorKind.INPUT));
    }

    @Test
    void namesTheOtherKnownBuildsWithoutACommand() throws IOException {
        write("build.gradle", "");

        assertThatThrownBy(() -> detector.detect(root, Optional.empty()))
                .hasMessageStartingWith("Gradle projects (build.gradle) are not supported yet");
    }

    @Test
    void saysWhatItLookedForWhenNothingIsDetected() throws IOException {
        write("README.md", "# nothing to build\n");

        assertThatThrownBy(() -> detector.detect(root, Optional.empty()))
                .isInstanceOf(BuildException.class)
                .hasMessageStartingWith("no build found: looked for pom.xml (Maven); pytest.ini")
                .hasMessageContaining("pytest.ini")
                .hasMessageContaining("pass --test-cmd");
    }

    private void write(String relative, String content) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }
}
