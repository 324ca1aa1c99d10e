package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.config.HostEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code --sandbox local} does not protect, as the README's security model lists it: only
 * the environment is cleaned. Shown on a real local run, so that the README cannot say less than
 * is true; and the README must say it.
 */
class LocalSandboxLimitsTest {
    @TempDir
    Path temp;

    /**
     * A process of the user's own, with a token in its environment and the user's tree as its
     * working folder, stands for repofix run from that tree. A test run as a local process gets
     * the clean environment without the token, and still reads the token from that process,
     * reads a file of the user's outside the copy, and writes into the user's tree.
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void aLocalTestReadsAndWritesWhatTheUserCanOnlyItsEnvironmentIsClean() throws IOException {
        Path tree = Files.createDirectories(temp.resolve("your-tree"));
        Path copy = Files.createDirectories(temp.resolve("copy"));
        Path hostFile = Files.writeString(temp.resolve("settings.xml"), "<password>fake-host-0002</password>\n");
        ProcessBuilder builder = new ProcessBuilder("sleep", "60").directory(tree.toFile());
        builder.environment().put("FAKE_TOKEN", "fake-local-0001");
        Process repofix = builder.start();
        try {
            Map<String, String> env = CleanEnvironment.of(new HostEnvironment(Map.of("PATH", System.getenv("PATH"),
                    "FAKE_TOKEN", "fake-local-0001")), List.of("FAKE_TOKEN"), Map.of());
            long pid = repofix.pid();
            String script = "cat '" + hostFile + "'; tr '\\0' '\\n' < /proc/" + pid + "/environ;"
                    + " echo planted > /proc/" + pid + "/cwd/planted.txt";

            ExecResult result = new LocalProcessExecutor(Clock.systemUTC())
                    .run(Command.shell(script, copy, env, Duration.ofSeconds(20)));

            assertThat(env).as("the environment is cleaned").doesNotContainKey("FAKE_TOKEN");
            assertThat(result.output()).as("and that is all").contains("fake-host-0002")
                    .contains("FAKE_TOKEN=fake-local-0001");
            assertThat(tree.resolve("planted.txt")).hasContent("planted");
        } finally {
            repofix.destroy();
        }
    }

    @Test
    void theReadmesSecurityModelSaysWhatLocalModeDoesNotProtect() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        int start = readme.indexOf("\n## Security model");
        String section = readme.substring(start, readme.indexOf("\n## ", start + 1)).replaceAll("\\s+", " ");

        assertThat(section).contains("With `--sandbox local`", "only the environment is cleaned",
                "run as your own processes", "`/proc/<pid>/environ`", "can reach the network",
                "your own tree included", "`/proc/<pid>/cwd`", "use `--sandbox docker`");
    }
}
