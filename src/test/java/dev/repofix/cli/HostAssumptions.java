package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.DockerExecutor;
import dev.repofix.exec.EngineAddress;
import dev.repofix.exec.SandboxImage;
import dev.repofix.exec.SandboxLimits;
import dev.repofix.exec.SandboxSettings;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** What end-to-end tests need of this machine, checked before they run: else they are skipped, saying why. */
final class HostAssumptions {
    private HostAssumptions() {}

    /** The Docker engine has every one of {@code images}. */
    static void sandboxImages(SandboxImage... images) {
        HostEnvironment host = HostEnvironment.fromSystem();
        SandboxSettings settings = new SandboxSettings(EngineAddress.of(host), new SandboxLimits(1L << 30, 1, 64),
                Optional.empty(), List.of(), "probe-" + ProcessHandle.current().pid());
        try (DockerExecutor docker = DockerExecutor.open(settings, host, Clock.systemUTC())) {
            for (SandboxImage image : images) {
                assumeTrue(docker.hasImage(image.reference()), "image " + image.reference()
                        + " is missing; build the sandbox images with `repofix images build` to run this test");
            }
        }
    }

    /** This machine's {@code python3} cannot import {@code module}: a fixture needs it missing. */
    static void pythonModuleMissing(String module) {
        try {
            Process p = new ProcessBuilder("python3", "-c", "import " + module).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assumeFalse(p.exitValue() == 0, module + " is installed on this machine: the fixture needs it missing");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
