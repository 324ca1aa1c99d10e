package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.config.HostEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ImageBuilderTest {
    @TempDir
    Path dir;

    @Test
    void everyFamilyHasADockerfileInTheJarThatTakesItsBaseAsBuildArgument() throws IOException {
        for (SandboxImage image : SandboxImage.values()) {
            Path context = Files.createDirectories(dir.resolve(image.family()));

            Path dockerfile = ImageBuilder.writeContext(image, context);

            String text = Files.readString(dockerfile);
            assertThat(text).as(image.family()).contains("ARG BASE").contains("FROM ${BASE}");
            // Tests run as the unprivileged user the executor expects.
            assertThat(text).as(image.family()).contains("USER 10001:10001");
        }
    }

    @Test
    @Tag("docker")
    void buildsAFamilyOnALocalBaseAndTagsIt() {
        String base = System.getProperty("repofix.test.image", "repofix-base:trixie");
        List<String> lines = new ArrayList<>();
        try (ImageBuilder builder = new ImageBuilder(EngineAddress.of(new HostEnvironment(Map.of())), Duration.ofMinutes(10))) {
            builder.ping();

            builder.build(SandboxImage.PYTHON, base, lines::add);

            assertThat(builder.exists(SandboxImage.PYTHON.reference())).isTrue();
        }
        assertThat(lines).anyMatch(l -> l.contains("FROM"));
        // The instrumented baseline of a pytest project needs coverage.py where tests run without network.
        HostEnvironment host = new HostEnvironment(Map.of("HOME", dir.resolve("home").toString()));
        try (DockerExecutor docker = DockerExecutor.open(new SandboxSettings(EngineAddress.of(HostEnvironment
                .fromSystem()), new SandboxLimits(256L << 20, 1, 64), Optional.of(SandboxImage.PYTHON.reference()),
                List.of(), "test-" + Long.toHexString(System.nanoTime())), host, java.time.Clock.systemUTC())) {
            ExecResult r = docker.run(Command.shell("python3 -I -c 'import coverage; print(coverage.version_info[0])'",
                    dir, Map.of(), Duration.ofMinutes(1)));
            assertThat(r.succeeded()).as(r.output()).isTrue();
            assertThat(Integer.parseInt(r.output().strip())).as("dynamic contexts need coverage.py 5+")
                    .isGreaterThanOrEqualTo(5);
        }
    }
}
