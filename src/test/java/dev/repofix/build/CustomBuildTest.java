package dev.repofix.build;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.exec.SandboxImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CustomBuildTest {
    private final CustomBuild build = new CustomBuild("make test");

    @TempDir
    Path root;

    @Test
    void runsItsCommandUnlessOverridden() {
        assertThat(build.testCommand(root, null)).isEqualTo(new TestCommand("make test", Map.of()));
        assertThat(build.testCommand(root, "make check").shell()).isEqualTo("make check");
    }

    @Test
    void reproducesWithItsCommandUnchangedForItCannotSelectTests() {
        List<String> failing = List.of("com.acme.AccountTest#withdraw");

        assertThat(build.reproduceCommand(root, null, failing)).isEqualTo("make test");
        assertThat(build.reproduceCommand(root, "make check", failing)).isEqualTo("make check");
    }

    @Test
    void tellsTheSandboxToolchainFromTheBuildFiles() throws IOException {
        assertThat(CustomBuild.toolchainOf(root)).isEmpty();
        touch("go.mod");
        assertThat(CustomBuild.toolchainOf(root)).contains(SandboxImage.GO);
        touch("build.gradle.kts");
        assertThat(CustomBuild.toolchainOf(root)).contains(SandboxImage.JVM);
        assertThat(new BuildDetector().detect(root, java.util.Optional.of("./gradlew test")).sandboxImage())
                .contains(SandboxImage.JVM);
        assertThat(build.sandboxImage()).isEmpty();
    }

    @Test
    void mavenAndPytestNameTheirImages() {
        assertThat(new MavenBuild().sandboxImage()).contains(SandboxImage.JVM);
        assertThat(new PytestBuild().sandboxImage()).contains(SandboxImage.PYTHON);
    }

    @Test
    void findsJUnitXmlInTheUsualPlaces() throws IOException {
        touch("build/test-results/test/TEST-com.acme.AccountTest.xml");
        touch("reports/junit.xml");
        touch("out/test-reports/results.xml");
        touch("docs/index.xml");

        assertThat(build.reports(root)).containsExactly(
                root.resolve("build/test-results/test/TEST-com.acme.AccountTest.xml"),
                root.resolve("out/test-reports/results.xml"),
                root.resolve("reports/junit.xml"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            src/test/java/AccountTest.java   | true
            tests/unit.c                     | true
            __tests__/app.js                 | true
            lib/app.spec.ts                  | true
            lib/app_test.go                  | true
            test_app.sh                      | true
            src/app.c                        | false
            lib/contest.js                   | false
            """)
    void tellsTestPathsFromSource(String path, boolean test) {
        assertThat(build.isTestPath(path)).isEqualTo(test);
    }

    private void touch(String relative) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "<testsuite/>");
    }
}
