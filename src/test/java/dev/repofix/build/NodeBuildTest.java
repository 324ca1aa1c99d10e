package dev.repofix.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.exec.SandboxImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeBuildTest {
    @TempDir
    Path root;

    @Test
    void runsNpmTestWithTheReportersInNodeOptionsWhenTheScriptRunsNodesRunner() throws IOException {
        packageJson("{\"scripts\":{\"test\":\"node --test test/\"}}");

        BuildSystem build = new BuildDetector().detect(root, Optional.empty());

        TestCommand command = build.testCommand(root, null);
        assertThat(command.shell()).endsWith("npm test");
        assertThat(command.extraEnv().get("NODE_OPTIONS")).contains("--test-reporter=tap",
                "--test-reporter-destination=.repofix-reports/node-test.tap", "--test-reporter-destination=stdout");
        assertThat(build.reportFormat(root.resolve(NodeBuild.REPORT))).isEqualTo(ReportFormat.TAP);
        assertThat(build.sandboxImage()).contains(SandboxImage.NODE);
    }

    @Test
    void runsNodeTestWhenThereIsNoTestScriptOrOnlyNpmsPlaceholder() throws IOException {
        packageJson("{\"scripts\":{\"test\":\"echo \\\"Error: no test specified\\\" && exit 1\"}}");

        TestCommand command = NodeBuild.forFolder(root).testCommand(root, null);

        assertThat(command.shell()).contains("node --test --test-reporter=spec").doesNotContain("npm");
        assertThat(NodeBuild.forFolder(root).reproduceCommand(root, null, List.of("adds")))
                .isEqualTo("node --test '--test-name-pattern=^adds$'");
    }

    @Test
    void refusesATestScriptOfARunnerItCannotReadAndSaysWhatToPass() throws IOException {
        packageJson("{\"scripts\":{\"test\":\"jest --coverage\"}}");

        assertThatThrownBy(() -> new BuildDetector().detect(root, Optional.empty()))
                .isInstanceOf(BuildException.class).hasMessageContaining("runs jest").hasMessageContaining("--test-cmd")
                .hasMessageContaining("JUnit XML");
        assertThat(new BuildDetector().detect(root, Optional.of("npx jest --reporters=jest-junit")))
                .isInstanceOf(CustomBuild.class);
    }

    @Test
    void countsTheUsualTestFoldersAndSuffixesAsTests() {
        assertThat(NodeBuild.TEST_PATHS.isTestPath("test/calc.test.js")).isTrue();
        assertThat(NodeBuild.TEST_PATHS.isTestPath("src/__tests__/a.js")).isTrue();
        assertThat(NodeBuild.TEST_PATHS.isTestPath("src/calc.spec.ts")).isTrue();
        assertThat(NodeBuild.TEST_PATHS.isTestPath("src/calc.ts")).isFalse();
    }

    private void packageJson(String json) throws IOException {
        Files.writeString(root.resolve("package.json"), json);
    }
}
