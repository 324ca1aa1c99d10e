package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.workspace.LoopbackGitServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code repofix fix --repo <URL with a credential>}, recorded in the history, whether the clone
 * fails (nothing listens on the port) or works (a loopback server that asks for the credential):
 * the credential is in no report ({@code report.json}'s source, {@code report.md},
 * {@code report.sarif}), no console line, not in the history's file, and not in what
 * {@code history list}, {@code history show} and the dashboard print. The URL is still
 * recognisable, with its user info as {@code ***}.
 */
class CredentialUrlEndToEndTest {
    private static final Pattern RUN_ID = Pattern.compile("recorded run (\\S+) in the history");

    @TempDir
    Path temp;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            http://x-access-token:fake-url-secret-1@127.0.0.1:9/o/r.git | fake-url-secret-1
            http://user:fake-url-secret-2@127.0.0.1:9/o/r.git           | fake-url-secret-2
            http://fake-url-secret-3@127.0.0.1:9/o/r.git                | fake-url-secret-3
            """)
    void aCredentialInTheRepositoryUrlIsInNoOutput(String url, String secret) throws IOException {
        Path out = temp.resolve("out");
        Path db = temp.resolve("history.db");

        RunOutput fix = RunOutput.run(temp.resolve("work"), out, "fix", "--repo", url, "--out", out.toString(),
                "--history", db.toString());

        assertThat(fix.exitCode()).as(fix.stderr()).isEqualTo(ExitCodes.USAGE);
        assertThat(fix.report().path("source").asText()).isEqualTo("http://***@127.0.0.1:9/o/r.git");
        List<Path> written = files(out);
        assertThat(written).extracting(p -> out.relativize(p).toString())
                .contains("report.json", "report.md", "report.sarif");
        for (Path file : written) {
            assertThat(Files.readString(file, StandardCharsets.UTF_8)).as(file.toString()).doesNotContain(secret);
        }
        assertThat(fix.stdout() + fix.stderr()).contains("***@127.0.0.1:9").doesNotContain(secret);

        String id = recorded(fix);
        RunOutput list = repofix("history", "list", "--history", db.toString());
        RunOutput show = repofix("history", "show", id, "--history", db.toString());
        RunOutput site = repofix("history", "dashboard", "--history", db.toString(), "--out",
                temp.resolve("site").toString());
        // history list prints a Markdown table, whose cells are escaped text (report.Markdown.cell).
        assertThat(list.stdout()).contains(id).contains("\\*\\*\\*@\u200D127.0.0.1:9");
        assertThat(show.stdout()).contains("***@127.0.0.1:9");
        for (RunOutput history : List.of(list, show, site)) {
            assertThat(history.exitCode()).as(history.stderr()).isZero();
            assertThat(history.stdout() + history.stderr()).doesNotContain(secret);
        }
        for (Path file : files(temp.resolve("site"))) {
            assertThat(Files.readString(file, StandardCharsets.UTF_8)).as(file.toString()).doesNotContain(secret);
        }
        assertThat(new String(Files.readAllBytes(db), StandardCharsets.ISO_8859_1)).doesNotContain(secret);
    }

    /** The same through a clone that works: a loopback server that asks for the credential. */
    @Test
    void aCredentialOfAUrlThatClonesIsInNoOutput() throws IOException {
        Path repo = FixtureRepos.gitRepo(temp.resolve("ages"), Map.of(
                "ages.py", "def is_adult(age):\n    return age > 18\n",
                "test_ages.py", "from ages import is_adult\n\n\ndef test_eighteen_is_adult():\n"
                        + "    assert is_adult(18)\n"));
        Path out = temp.resolve("out");
        Path db = temp.resolve("history.db");
        String secret = "fake-url-secret-4";

        try (LoopbackGitServer server = LoopbackGitServer.serve(repo, Optional.of("x-access-token:" + secret))) {
            RunOutput fix = RunOutput.run(temp.resolve("work"), out, "fix", "--repo",
                    server.url("x-access-token:" + secret), "--out", out.toString(), "--history", db.toString());

            assertThat(fix.exitCode()).as(fix.stderr()).isEqualTo(ExitCodes.OK);
            assertThat(fix.report().path("status").asText()).isEqualTo("FIXED");
            assertThat(fix.report().path("source").asText()).isEqualTo(server.url("***") + " @ HEAD");
            for (Path file : files(out)) {
                assertThat(Files.readString(file, StandardCharsets.UTF_8)).as(file.toString()).doesNotContain(secret);
            }
            assertThat(fix.stdout() + fix.stderr()).doesNotContain(secret);
            RunOutput list = repofix("history", "list", "--history", db.toString());
            assertThat(list.stdout()).contains(recorded(fix)).doesNotContain(secret);
            assertThat(new String(Files.readAllBytes(db), StandardCharsets.ISO_8859_1)).doesNotContain(secret);
        }
    }

    private RunOutput repofix(String... args) {
        return RunOutput.run(temp.resolve("work"), temp.resolve("unused"), args);
    }

    private static String recorded(RunOutput run) {
        Matcher m = RUN_ID.matcher(run.stderr());
        assertThat(m.find()).as(run.stderr()).isTrue();
        return m.group(1);
    }

    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).toList();
        }
    }
}
