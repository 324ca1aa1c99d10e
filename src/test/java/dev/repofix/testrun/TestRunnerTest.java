package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.PytestBuild;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.Command;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.SandboxImage;
import dev.repofix.workspace.FileIndex;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestRunnerTest {
    @TempDir
    Path dir;

    @Test
    void givesTheExecutorTheBuildsSandboxImageAndACleanEnvironment() {
        List<Command> seen = new ArrayList<>();
        TestRunner runner = new TestRunner(command -> {
            seen.add(command);
            return new ExecResult(new ExecResult.Outcome.Exited(0), "", Duration.ZERO);
        }, new HostEnvironment(Map.of("PATH", "/bin", "GITHUB_TOKEN", "ghs_x")), new JUnitXmlReportParser(),
                new StackFrameExtractor());
        PytestBuild build = new PytestBuild();

        runner.run(dir, build, build.testCommand(dir, null), new FileIndex(dir, List.of()), Duration.ofSeconds(5));

        assertThat(seen).singleElement().satisfies(c -> {
            assertThat(c.image()).contains(SandboxImage.PYTHON);
            assertThat(c.workdir()).isEqualTo(dir);
            assertThat(c.environment()).containsKey("PYTEST_ADDOPTS").doesNotContainKey("GITHUB_TOKEN");
        });
    }
}
