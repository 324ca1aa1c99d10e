package dev.repofix.env;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.Command;
import dev.repofix.exec.DockerExecutor;
import dev.repofix.exec.EngineAddress;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.Executor;
import dev.repofix.exec.ForwardingExecutor;
import dev.repofix.exec.SandboxImage;
import dev.repofix.exec.SandboxLimits;
import dev.repofix.exec.SandboxSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The interpreters of a sandbox image, against a real engine: found in one container (a run's
 * set-up asks before every prepare, reused environment or not), {@code python3} marked as the
 * image's default, each with the image's own path and version.
 */
@Tag("docker")
class ImagePythonInterpretersTest {
    @TempDir
    Path dir;

    @Test
    void theImagesInterpretersAreAskedInOneContainer() throws Exception {
        HostEnvironment host = HostEnvironment.fromSystem();
        AtomicInteger containers = new AtomicInteger();
        try (DockerExecutor docker = DockerExecutor.open(new SandboxSettings(EngineAddress.of(host),
                new SandboxLimits(256L << 20, 1, 64), Optional.empty(), List.of(), "test-" + System.nanoTime()), host,
                Clock.systemUTC())) {
            Executor counting = new ForwardingExecutor(List.of(docker)) {
                @Override
                protected Executor delegate(Optional<SandboxImage> family) {
                    return docker;
                }

                @Override
                public ExecResult run(Command command) {
                    containers.incrementAndGet();
                    return docker.run(command);
                }
            };
            HostPythonInterpreters image = new HostPythonInterpreters(counting, host,
                    Optional.of(SandboxImage.ofFamily("python")), Files.createDirectories(dir.resolve("probe")));

            List<PythonInterpreter> found = image.installed();

            assertThat(containers).hasValue(1);
            assertThat(found).isNotEmpty().allSatisfy(i -> {
                assertThat(i.version()).matches("3\\.\\d+\\.\\d+");
                assertThat(i.executable().toString()).startsWith("/usr/");
            });
            assertThat(found).filteredOn(PythonInterpreter::pathDefault).hasSize(1);
            assertThat(image.pathDefault()).isPresent().get().isEqualTo(found.stream()
                    .filter(PythonInterpreter::pathDefault).findFirst().orElseThrow());
            assertThat(containers).hasValue(2);
        }
    }
}
