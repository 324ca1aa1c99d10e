package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.workspace.TreeSnapshot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix fix} on a repository whose tests print their whole environment (in an
 * assertion message, on stdout, and while pytest collects), run from a CI environment
 * full of credentials: no report, no other file in {@code --out} and nothing on the
 * console holds a credential's value, and the user's tree is left as it was.
 */
class SecretLeakEndToEndTest {
    private static final Map<String, String> CREDENTIALS = Map.of(
            "GITHUB_TOKEN", "ghs_e2eleak01",
            "OPENAI_API_KEY", "sk-e2eleak02",
            "AWS_SECRET_ACCESS_KEY", "aws-e2eleak03",
            "MY_PASSWORD", "hunter2-e2eleak04",
            "NPM_TOKEN", "npm_e2eleak05",
            "ACTIONS_RUNTIME_TOKEN", "runtime-e2eleak06",
            "ACTIONS_ID_TOKEN_REQUEST_URL", "https://oidc.example/e2eleak07",
            "ACTIONS_ID_TOKEN_REQUEST_TOKEN", "oidc-e2eleak08",
            "PYTHONPATH", "https://user:e2eleak09@git.example/lib.git");

    @TempDir
    Path temp;

    @Test
    void noOutputFileOrConsoleLineHoldsACredentialThatTheTestsPrinted() throws IOException {
        Path repo = FixtureRepos.gitRepo(temp.resolve("ages"), Map.of(
                "ages.py", "def is_adult(age):\n    return age > 18\n",
                "conftest.py", "import os\nimport sys\n\nprint('collecting with', dict(os.environ), file=sys.stderr)\n",
                "test_ages.py", """
                        import os

                        from ages import is_adult


                        def test_eighteen_is_adult():
                            assert is_adult(18), "environment: %r" % dict(os.environ)


                        def test_ten_is_not_adult():
                            print("environment:", dict(os.environ))
                            assert not is_adult(10)
                        """));
        List<String> before = TreeSnapshot.of(repo);
        Path out = temp.resolve("out");

        RunOutput run = RunOutput.run(temp.resolve("work"), out, CREDENTIALS,
                "fix", "--repo", repo.toString(), "--out", out.toString(), "--timeout", "5m");

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(run.report().path("issue").path("description").asText())
                .as("the tests' output reached the report, or this test proves nothing").contains("environment");
        List<Path> written = files(out);
        assertThat(written).extracting(p -> out.relativize(p).toString()).contains("report.json", "report.md");
        for (String value : CREDENTIALS.values()) {
            for (Path file : written) {
                assertThat(Files.readString(file, StandardCharsets.UTF_8)).as(file.toString()).doesNotContain(value);
            }
            assertThat(run.stdout() + run.stderr()).doesNotContain(value);
        }
        assertThat(TreeSnapshot.of(repo)).isEqualTo(before);
    }

    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).toList();
        }
    }
}
