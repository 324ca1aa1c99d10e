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
    }
}
