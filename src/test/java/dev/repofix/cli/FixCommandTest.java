package dev.repofix.cli;

import dev.repofix.app.Environment;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.ConfigException;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RunConfig;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class FixCommandTest {
    private final Environment env = new Environment(new HostEnvironment(Map.of()), Clock.systemUTC(),
            Path.of("build-tmp"), false);

    @Test
    void defaultsApplyWhenNoOptionIsGiven() {
        FixCommand cmd = CommandLine.populateCommand(new FixCommand(env));
        RunConfig config = cmd.config();
        assertThat(config.repo()).isEqualTo(".");
        assertThat(config.ref()).isEmpty();
        assertThat(config.testCommand()).isEmpty();
        assertThat(config.outDir()).isEqualTo(Path.of("repofix-out"));
        assertThat(config.maxCandidates()).isEqualTo(30);
        assertThat(config.maxScreened()).isEqualTo(200);
        assertThat(config.timeout()).isEqualTo(Duration.ofMinutes(20));
    }

    @Test
    void optionsAreParsedIntoTheConfig() {
        FixCommand cmd = CommandLine.populateCommand(new FixCommand(env), "--repo", "https://example.org/x.git",
                "--ref", "v1.2", "--test-cmd", "make test", "--out", "o", "--max-candidates", "3",
                "--max-screened", "120", "--timeout", "90s", "--test-timeout", "2m", "--quiet", "--json", "--reruns", "0", "--jobs", "2");
        RunConfig config = cmd.config();
        assertThat(config.repo()).isEqualTo("https://example.org/x.git");
        assertThat(config.ref()).contains("v1.2");
        assertThat(config.testCommand()).contains("make test");
        assertThat(config.maxCandidates()).isEqualTo(3);
        assertThat(config.maxScreened()).isEqualTo(120);
        assertThat(config.reruns()).isZero();
        assertThat(config.jobs()).isEqualTo(2);
        assertThat(config.timeout()).isEqualTo(Duration.ofSeconds(90));
        // A test run cannot be given more time than the whole run.
        assertThat(config.testTimeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(cmd.options.quiet).isTrue();
        assertThat(cmd.options.json).isTrue();
    }

    @Test
    void validateNeedsAPatch() {
        StringWriter err = new StringWriter();
        int code = Cli.run(new String[] {"validate"}, new PrintWriter(new StringWriter()), new PrintWriter(err), env);
        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--patch");
    }

    @Test
    void tooManyJobsIsAConfigError() {
        FixCommand cmd = CommandLine.populateCommand(new FixCommand(env), "--jobs", "500");
        assertThatThrownBy(cmd::config).isInstanceOf(ConfigException.class).hasMessageContaining("--jobs");
    }

    @Test
    void badDurationIsAConfigError() {
        FixCommand cmd = CommandLine.populateCommand(new FixCommand(env), "--timeout", "soon");
        assertThatThrownBy(cmd::config).isInstanceOf(ConfigException.class).hasMessageContaining("15m");
    }

    @Test
    void zeroCandidatesIsAConfigError() {
        FixCommand cmd = CommandLine.populateCommand(new FixCommand(env), "--max-candidates", "0");
        assertThatThrownBy(cmd::config).isInstanceOf(ConfigException.class).hasMessageContaining("--max-candidates");
    }

    @Test
    void unknownOptionExitsWithUsageCode() {
        StringWriter err = new StringWriter();
        int code = Cli.run(new String[] {"fix", "--frobnicate"}, new PrintWriter(new StringWriter()),
                new PrintWriter(err), env);
        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--frobnicate").contains("--help");
    }

    @Test
    void badOptionValueExitsWithUsageCodeAndNoStackTrace() {
        StringWriter err = new StringWriter();
        int code = Cli.run(new String[] {"fix", "--timeout", "soon"}, new PrintWriter(new StringWriter()),
                new PrintWriter(err), env);
        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("cannot read duration 'soon'").doesNotContain("\tat ");
    }
}
