package dev.repofix.repair.localize;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The per-test listener jar is compiled once per sources and JDK, then copied from repofix's tool cache. */
class TestListenerJarTest {
    @TempDir
    Path dir;

    @Test
    void aSecondRunCopiesTheKeptJarWithoutCompiling() throws IOException {
        Path cache = dir.resolve("cache");
        Path first = Files.createDirectories(dir.resolve("run1")).resolve("listener.jar");
        Path second = Files.createDirectories(dir.resolve("run2")).resolve("listener.jar");

        assertThat(TestListenerJar.put(first, Optional.of(cache), ToolProvider.getSystemJavaCompiler())).isEmpty();
        // No compiler the second time: only the kept jar can give it.
        assertThat(TestListenerJar.put(second, Optional.of(cache), null)).isEmpty();

        assertThat(Files.readAllBytes(second)).isEqualTo(Files.readAllBytes(first));
        try (JarFile jar = new JarFile(second.toFile())) {
            assertThat(jar.getManifest().getMainAttributes().getValue("Premain-Class")).isEqualTo(TestListenerJar.AGENT);
            assertThat(jar.getEntry("dev/repofix/coverage/RepofixCoverageAgent.class")).isNotNull();
        }
        try (Stream<Path> kept = Files.list(cache)) {
            assertThat(kept.map(p -> p.getFileName().toString()).toList())
                    .containsExactly(TestListenerJar.key() + ".jar");
        }
    }

    @Test
    void withoutACacheEveryRunCompiles() throws IOException {
        Path jar = dir.resolve("listener.jar");

        assertThat(TestListenerJar.put(jar, Optional.empty(), null)).get().asString().contains("no compiler");
        assertThat(TestListenerJar.put(jar, Optional.empty(), ToolProvider.getSystemJavaCompiler())).isEmpty();
        assertThat(jar).isRegularFile();
    }

    @Test
    void aJarKeptForOtherSourcesOrAnotherJdkIsNotUsed() throws IOException {
        Path cache = Files.createDirectories(dir.resolve("cache"));
        Files.writeString(cache.resolve("0123456789abcdef0123456789abcdef.jar"), "not this build's jar");

        assertThat(TestListenerJar.key()).matches("[0-9a-f]{32}").isNotEqualTo("0123456789abcdef0123456789abcdef");
        assertThat(TestListenerJar.put(dir.resolve("listener.jar"), Optional.of(cache), null)).isPresent();
    }
}
