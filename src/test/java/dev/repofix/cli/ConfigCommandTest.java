package dev.repofix.cli;

import dev.repofix.app.Environment;
import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.config.HostEnvironment;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
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
    void showsAKeyTheRepositorySetButMayNotAsRefusedWithTheValueThatApplies() throws Exception {
        Path yml = Files.writeString(dir.resolve(".repofix.yml"),
                "base-url: http://attacker.example/v1\nsandbox: docker\ntest-command: make check\n");
        Environment env = new Environment(new HostEnvironment(Map.of("REPOFIX_SANDBOX", "local")), Clock.systemUTC(),
                dir, false);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = Cli.run(new String[] {"config", "--repo", dir.toString()}, new PrintWriter(out),
                new PrintWriter(err), env);

        assertThat(code).isEqualTo(ExitCodes.OK);
        assertThat(out.toString().lines()).contains(
                String.format("%-18s %-40s (%s)", "base-url", "-",
                        "default; refused from " + yml + ": only the operator may set it"),
                String.format("%-18s %-40s (%s)", "sandbox", "local",
                        "REPOFIX_SANDBOX; refused from " + yml + ": only the operator may set it"),
                String.format("%-18s %-40s (%s)", "test-command", "make check", yml));
        assertThat(out.toString()).doesNotContain("attacker");
        assertThat(err.toString().lines()).containsExactly(
                "repofix: warning: " + yml + " sets base-url, which only the person running repofix may set "
                        + "(flag, INPUT_BASE-URL, REPOFIX_BASE_URL or a --config file); ignored",
                "repofix: warning: " + yml + " sets sandbox, which only the person running repofix may set "
                        + "(flag, INPUT_SANDBOX, REPOFIX_SANDBOX or a --config file); ignored");
    }

    @Test
    void showsTheTestCommandARunWouldUseAndWhatItWasDetectedFrom() throws Exception {
        Files.writeString(dir.resolve("pom.xml"), FixtureRepos.JUNIT_POM);
        Environment env = new Environment(new HostEnvironment(Map.of()), Clock.systemUTC(), dir, false);
        StringWriter out = new StringWriter();

        int code = Cli.run(new String[] {"config", "--repo", dir.toString()}, new PrintWriter(out),
                new PrintWriter(new StringWriter()), env);

        assertThat(code).isEqualTo(ExitCodes.OK);
        String line = out.toString().lines().filter(l -> l.startsWith("test-command ")).findFirst().orElseThrow();
        assertThat(line).doesNotContain(" - ").contains("mvn").endsWith("(detected: Maven, pom.xml)");
    }

    @Test
    void saysWhyNoTestCommandIsShownWhenNoBuildIsFound() {
        Environment env = new Environment(new HostEnvironment(Map.of()), Clock.systemUTC(), dir, false);
        StringWriter out = new StringWriter();

        Cli.run(new String[] {"config", "--repo", dir.toString()}, new PrintWriter(out),
                new PrintWriter(new StringWriter()), env);

        String line = out.toString().lines().filter(l -> l.startsWith("test-command ")).findFirst().orElseThrow();
        assertThat(line).contains("(default; none detected: no build found");
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

    /** One warning per unknown key of the repository's file, the first 20; the rest counted in one line. */
    @Test
    void warnsOfTheRepositorysUnknownKeysAndGoesOn() throws Exception {
        StringBuilder keys = new StringBuilder("test-command: make check\n");
        for (int i = 1; i <= 25; i++) {
            keys.append("later-key-").append(i).append(": x\n");
        }
        Path yml = Files.writeString(dir.resolve(".repofix.yml"), keys);
        Environment env = new Environment(new HostEnvironment(Map.of()), Clock.systemUTC(), dir, false);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = Cli.run(new String[] {"config", "--repo", dir.toString()}, new PrintWriter(out),
                new PrintWriter(err), env);

        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString().lines()).contains(String.format("%-18s %-40s (%s)", "test-command", "make check", yml));
        assertThat(err.toString().lines()).hasSize(21).startsWith(
                "repofix: warning: " + yml + " sets 'later-key-1', a key this version of repofix does not know; ignored")
                .endsWith("repofix: warning: " + yml + " sets 5 more keys this version of repofix does not know; ignored");
    }
}
