package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.exec.SandboxImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix fix --sandbox docker} on a Maven project (the bundled maven-bank example, JUnit
 * 5 from Maven Central) on a machine whose Maven repository does not hold what the project needs:
 * the set-up resolves it, with network, into a repository repofix owns, and every test run in
 * the sandbox (offline) resolves from that repository. Without the set-up, the offline sandbox
 * cannot resolve JUnit or Surefire's plugins and the baseline is BUILD_BROKEN.
 */
@Tag("docker")
@Timeout(value = 20, unit = TimeUnit.MINUTES)
class MavenSandboxSetupEndToEndTest {
    /** One cache folder for the class: the second test reuses the repository the first prepared. */
    @TempDir
    static Path cache;

    @TempDir
    Path temp;

    @BeforeAll
    static void theJvmSandboxImageIsPresent() {
        HostAssumptions.sandboxImages(SandboxImage.JVM);
    }

    /**
     * A home whose Maven repository exists but is empty: the sandbox mounts it as its read-only
     * cache and runs Maven offline, as on a runner whose cache lacks this project's dependencies.
     */
    @Test
    void fixesWithTheDependenciesTheSetupResolvedWhenTheMachinesMavenRepositoryLacksThem() throws IOException {
        Path home = Files.createDirectories(temp.resolve("home/.m2/repository")).getParent().getParent();

        RunOutput run = fix(home);

        assertFixedFromThePreparedRepository(run);
    }

    /** A home with no Maven repository at all, as a container action's on a fresh runner. */
    @Test
    void fixesWithTheDependenciesTheSetupResolvedWhenTheMachineHasNoMavenRepository() throws IOException {
        Path home = Files.createDirectories(temp.resolve("home"));

        RunOutput run = fix(home);

        assertFixedFromThePreparedRepository(run);
    }

    private static void assertFixedFromThePreparedRepository(RunOutput run) {
        JsonNode report = run.report();
        assertThat(run.exitCode()).as(run.stderr() + run.stdout()).isEqualTo(ExitCodes.OK);
        assertThat(report.path("status").asText()).isEqualTo("FIXED");
        assertThat(report.path("sandbox").asText()).isEqualTo("docker " + SandboxImage.JVM.reference());
        assertThat(setupSummary(report)).startsWith("environment: maven dependencies and plugins resolved");
        assertThat(preparedRepository().resolve("org/junit/jupiter/junit-jupiter-api/5.11.4")).isDirectory();
    }

    private RunOutput fix(Path home) {
        Path repo = FixtureRepos.example("maven-bank", temp.resolve("repo"));
        Path out = temp.resolve("out");
        return RunOutput.run(temp.resolve("work"), out, Map.of("HOME", home.toString(), "REPOFIX_CACHE_DIR",
                cache.toString()), "fix", "--repo", repo.toString(), "--out", out.toString(), "--timeout", "10m",
                "--sandbox", "docker");
    }

    private static String setupSummary(JsonNode report) {
        for (JsonNode stage : report.path("stages")) {
            if (stage.path("stage").asText().equals("setup")) {
                return stage.path("summary").asText();
            }
        }
        throw new AssertionError("no setup stage in " + report.path("stages"));
    }

    /** The one Maven repository the set-up prepared in the cache folder. */
    private static Path preparedRepository() {
        try (Stream<Path> envs = Files.list(cache.resolve("envs"))) {
            return envs.map(e -> e.resolve("repository")).filter(Files::isDirectory).findFirst()
                    .orElseThrow(() -> new AssertionError("no prepared Maven repository under " + cache));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
