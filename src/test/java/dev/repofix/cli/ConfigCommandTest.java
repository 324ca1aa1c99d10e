package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.config.HostEnvironment;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigCommandTest {
    @TempDir
    Path dir;

    @Test
    void printsSettingsWithSourcesAndNeverTheKey() {
        Environment env = new Environment(new HostEnvironment(Map.of("MY_KEY", "sk-very-secret-123",
                "INPUT_BASE-URL", "https://user:pw@models.example/v1")), Clock.systemUTC(), dir, false);
        StringWriter out = new StringWriter();
        int code = Cli.run(new String[] {"config", "--repo", dir.toString(), "--model", "openai:m",
                "--api-key-env", "MY_KEY"}, new PrintWriter(out), new PrintWriter(new StringWriter()), env);

        assertThat(code).isEqualTo(ExitCodes.OK);
        assertThat(out.toString())
                .contains("model").contains("openai:m").contains("(--model)")
                .contains("https://***@models.example/v1").contains("(INPUT_BASE-URL)")
                .contains("MY_KEY is set (value hidden)")
                .doesNotContain("sk-very-secret-123").doesNotContain("user:pw");
    }

    @Test
    void badSettingIsAUsageError() {
        Environment env = new Environment(new HostEnvironment(Map.of("REPOFIX_JOBS", "0")), Clock.systemUTC(), dir,
                false);
        StringWriter err = new StringWriter();
        int code = Cli.run(new String[] {"config", "--repo", dir.toString()}, new PrintWriter(new StringWriter()),
                new PrintWriter(err), env);
        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("jobs = '0' (from REPOFIX_JOBS)");
    }
}
