package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.exec.SandboxImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code repofix fix --sandbox docker} on the bundled examples gives what local
 * processes give. Needs the sandbox images ({@code repofix images build}); the local run
 * goes first, so the host's Maven repository holds what the offline sandbox reads.
 */
@Tag("docker")
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class SandboxEndToEndTest {
    @TempDir
    Path temp;

    @BeforeAll
    static void sandboxImagesArePresent() {
        HostAssumptions.sandboxImages(SandboxImage.JVM, SandboxImage.PYTHON);
    }

    @ParameterizedTest
    @ValueSource(strings = {"maven-bank", "python-inventory"})
    void dockerGivesTheSameStatusAndVerdictsAsLocalProcesses(String example) throws Exception {
        Path repo = FixtureRepos.example(example, temp.resolve("repo"));

        RunOutput local = fix(repo, "local");
        RunOutput docker = fix(repo, "docker");

        assertThat(docker.exitCode()).as(docker.stderr()).isEqualTo(local.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(docker.report().path("status").asText()).isEqualTo(local.report().path("status").asText())
                .isEqualTo("FIXED");
        assertThat(failing(docker.report())).isEqualTo(failing(local.report())).isNotEmpty();
        assertThat(verdicts(docker.report())).isEqualTo(verdicts(local.report()))
                .anySatisfy(v -> assertThat(v).endsWith(" VALID"));
        assertThat(docker.report().path("patch").asText()).isEqualTo(local.report().path("patch").asText());
        assertThat(local.report().path("sandbox").asText()).isEqualTo("local");
        assertThat(docker.report().path("sandbox").asText()).startsWith("docker repofix/sandbox-");
        assertThat(containersOfThisProcess()).isEmpty();
        if (example.startsWith("maven")) {
            assertThat(docker.report().path("notes").toString()).as("screening in the warm JVM runs in the sandbox")
                    .doesNotContain("screening in a warm test JVM is off");
        }
    }

    @Test
    void autoChoosesDockerWhenTheEngineHasTheImageAndSaysSo() {
        Path repo = FixtureRepos.example("python-inventory", temp.resolve("repo"));

        RunOutput auto = fix(repo, "auto");

        assertThat(auto.exitCode()).as(auto.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(auto.stderr()).contains("repofix: sandbox: Docker, image repofix/sandbox-python:1, no network, "
                + "2 GiB memory, 2 CPUs, 512 processes");
    }

    /**
     * Auto once forgot to start the warm test JVM in the executor it chose: every candidate
     * of a Maven project got a full build. Now it is screened in the warm JVM, in the sandbox.
     */
    @Test
    void autoScreensAMavenProjectsCandidatesInTheWarmJvmInTheSandbox() {
        Path repo = FixtureRepos.example("maven-bank", temp.resolve("repo"));
        RunOutput local = fix(repo, "local");
        assertThat(local.exitCode()).as(local.stderr()).isEqualTo(ExitCodes.OK);

        RunOutput auto = fix(repo, "auto");

        assertThat(auto.exitCode()).as(auto.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(auto.stderr()).contains("repofix: sandbox: Docker, image " + SandboxImage.JVM.reference());
        assertThat(auto.report().path("sandbox").asText()).isEqualTo("docker " + SandboxImage.JVM.reference());
        assertThat(auto.report().path("notes").toString()).doesNotContain("screening in a warm test JVM is off");
        assertThat(auto.report().path("candidates").toString()).as("candidates screened in the warm JVM")
                .contains("screened in the warm test JVM");
        assertThat(auto.report().path("status").asText()).isEqualTo("FIXED");
        assertThat(auto.report().path("patch").asText()).isEqualTo(local.report().path("patch").asText());
    }

    private RunOutput fix(Path repo, String sandbox) {
        Path out = temp.resolve("out-" + sandbox);
        return RunOutput.run(temp.resolve("work-" + sandbox), out, "fix", "--repo", repo.toString(), "--out",
                out.toString(), "--timeout", "5m", "--sandbox", sandbox);
    }

    private static List<String> failing(JsonNode report) {
        List<String> out = new ArrayList<>();
        report.path("failing").forEach(f -> out.add(f.path("id").asText(f.asText())));
        return out;
    }

    /** Each validated candidate's id and verdict, in order. */
    private static List<String> verdicts(JsonNode report) {
        List<String> out = new ArrayList<>();
        for (JsonNode c : report.path("candidates")) {
            if (c.has("validation")) {
                out.add(c.path("id").asText() + " " + c.path("validation").path("verdict").asText());
            }
        }
        return out;
    }

    /** What the brief's check shows: {@code docker ps -a} of the containers this JVM created. */
    private static String containersOfThisProcess() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("docker", "ps", "-aq", "--filter",
                "label=repofix.pid=" + ProcessHandle.current().pid()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }
}
