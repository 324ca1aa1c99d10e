package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.ConfigException;
import dev.repofix.config.HostEnvironment;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SandboxSettingsTest {
    private static final SandboxLimits LIMITS = new SandboxLimits(1L << 30, 1, 128);

    @Test
    void aFamilyNameMeansItsImageAndAnythingElseIsAReference() {
        assertThat(SandboxSettings.image("")).isEmpty();
        assertThat(SandboxSettings.image(" JVM ")).contains("repofix/sandbox-jvm:1");
        assertThat(SandboxSettings.image("ghcr.io/acme/build:2.1")).contains("ghcr.io/acme/build:2.1");
        assertThatThrownBy(() -> SandboxSettings.image("not an image")).isInstanceOf(ConfigException.class)
                .hasMessageContaining("jvm, python");
    }

    @Test
    void theConfiguredImageWinsOverTheBuildsFamily() {
        SandboxSettings configured = settings(Optional.of("acme/ci:1"));
        SandboxSettings byBuild = settings(Optional.empty());

        assertThat(configured.imageFor(Optional.of(SandboxImage.PYTHON))).contains("acme/ci:1");
        assertThat(byBuild.imageFor(Optional.of(SandboxImage.PYTHON))).contains("repofix/sandbox-python:1");
        assertThat(byBuild.imageFor(Optional.empty())).isEmpty();
    }

    @Test
    void theEngineAddressComesFromTheGivenEnvironment() {
        assertThat(EngineAddress.of(new HostEnvironment(Map.of())).dockerHost())
                .isEqualTo("unix:///var/run/docker.sock");
        EngineAddress tls = EngineAddress.of(new HostEnvironment(Map.of("DOCKER_HOST", "tcp://10.0.0.5:2376",
                "DOCKER_TLS_VERIFY", "1", "HOME", "/home/ci")));
        assertThat(tls).isEqualTo(new EngineAddress("tcp://10.0.0.5:2376", true, Optional.of("/home/ci/.docker")));
    }

    @Test
    void anUnreachableEngineIsNamedWithWhatToDo() {
        EngineAddress nowhere = new EngineAddress("unix:///nonexistent/docker.sock", false, Optional.empty());

        assertThatThrownBy(() -> DockerExecutor.open(new SandboxSettings(nowhere, LIMITS, Optional.empty(), List.of(),
                "run-1"), new HostEnvironment(Map.of()), Clock.systemUTC()))
                .isInstanceOf(ExecException.class)
                .hasMessageContaining("unix:///nonexistent/docker.sock")
                .hasMessageContaining("start the engine").hasMessageContaining("--sandbox local");
        assertThat(DockerExecutor.probe(nowhere, Duration.ofSeconds(2))).get().asString()
                .contains("unix:///nonexistent/docker.sock");
    }

    @Test
    void aCpuLimitAboveTheEnginesCpusBecomesAllOfThem() {
        SandboxLimits two = new SandboxLimits(1L << 30, 2, 64);

        assertThat(two.withCpusAtMost(1)).isEqualTo(new SandboxLimits(1L << 30, 1, 64));
        assertThat(two.withCpusAtMost(8)).isSameAs(two);
    }

    @Test
    void limitsReadForPeople() {
        assertThat(new SandboxLimits(2L << 30, 2, 512).describe()).isEqualTo("2 GiB memory, 2 CPUs, 512 processes");
        assertThat(new SandboxLimits(512L << 20, 0.5, 64).describe()).isEqualTo("512 MiB memory, 0.50 CPUs, 64 processes");
    }

    private static SandboxSettings settings(Optional<String> image) {
        return new SandboxSettings(new EngineAddress("unix:///x.sock", false, Optional.empty()), LIMITS,
                image, List.of(), "run-1");
    }
}
