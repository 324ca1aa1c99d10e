package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.app.Environment;
import dev.repofix.config.HostEnvironment;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code repofix env list|prune} over a cache folder of fixture environments. */
class EnvCommandTest {
    private static final Instant NOW = Instant.parse("2026-11-28T00:00:00Z");

    @TempDir
    Path temp;

    private void environment(String key, String kind, Instant lastUsed, int bytes) throws Exception {
        Path dir = Files.createDirectories(temp.resolve("cache/envs").resolve(key));
        Files.write(dir.resolve("blob"), new byte[bytes]);
        Files.writeString(dir.resolve(".environment.json"), "{\"kind\":\"" + kind + "\",\"description\":\"" + kind
                + " things\",\"variables\":{},\"pathFolders\":[],\"folders\":[],\"sourceRoots\":[]}");
        Files.writeString(dir.resolve(".ready"), "");
        Files.writeString(dir.resolve(".last-used"), "");
        Files.setLastModifiedTime(dir.resolve(".last-used"), FileTime.from(lastUsed));
    }

    private String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Environment env = new Environment(new HostEnvironment(Map.of("PATH", "/usr/bin:/bin", "HOME",
                temp.resolve("home").toString())), Clock.fixed(NOW, ZoneOffset.UTC), temp, false);
        int code = Cli.run(args, new PrintWriter(out, true), new PrintWriter(err, true), env);
        assertThat(code).as(err.toString()).isZero();
        return new String[] {out.toString(), err.toString()};
    }

    @Test
    void listShowsEachEnvironmentWithKindSizeAndLastUse() throws Exception {
        environment("k1", "python", NOW.minus(Duration.ofDays(3)), 2048);
        environment("k2", "maven", NOW.minus(Duration.ofDays(60)), 10);

        String out = run("env", "list", "--cache-dir", temp.resolve("cache").toString())[0];

        assertThat(out).containsPattern("k1\\s+python\\s+2\\.\\d KiB\\s+2026-11-25T00:00:00Z\\s+python things");
        assertThat(out).containsPattern("k2\\s+maven\\s+");
        assertThat(out).contains("2 environment(s)");
    }

    @Test
    void pruneDeletesThoseUnusedForTheAgeAndSaysWhatItFreed() throws Exception {
        environment("k1", "python", NOW.minus(Duration.ofDays(3)), 2048);
        environment("k2", "maven", NOW.minus(Duration.ofDays(60)), 3 * 1024 * 1024);

        String out = run("env", "prune", "--older-than", "30d", "--cache-dir", temp.resolve("cache").toString())[0];

        assertThat(out).contains("k2").doesNotContain("k1 ").contains("freed 3.0 MiB (1 environment(s) unused for 30d");
        assertThat(temp.resolve("cache/envs/k2")).doesNotExist();
        assertThat(temp.resolve("cache/envs/k1")).isDirectory();
    }

    @Test
    void pruneAllEmptiesTheDefaultCacheFolderUnderHome() throws Exception {
        Path home = temp.resolve("home/.cache/repofix/envs/k3");
        Files.createDirectories(home);

        String out = run("env", "prune", "--all")[0];

        assertThat(out).contains("k3").contains("1 environment(s) deleted");
        assertThat(home).doesNotExist();
    }
}
