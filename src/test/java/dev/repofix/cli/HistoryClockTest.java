package dev.repofix.cli;

import dev.repofix.app.Environment;
import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.config.HostEnvironment;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The history commands count ages back from the environment's clock, not the machine's. */
class HistoryClockTest {
    private static final Clock FIXED = Clock.fixed(Instant.parse("2020-01-11T00:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path temp;

    @Test
    void pruneCountsTheAgeBackFromTheEnvironmentsClock() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Environment env = new Environment(new HostEnvironment(Map.of("PATH", "/usr/bin:/bin")), FIXED, temp, false);

        int code = Cli.run(new String[] {"history", "prune", "--older-than", "10d", "--history",
                temp.resolve("h.db").toString()}, new PrintWriter(out, true), new PrintWriter(err, true), env);

        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).contains("removed 0 run(s) begun before 2020-01-01T00:00:00Z");
    }
}
