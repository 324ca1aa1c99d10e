package dev.repofix.cli;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code repofix action} as GitHub runs it, on the pytest example, against a WireMock GitHub. */
class ActionEndToEndTest {
    private static final String REPO = "/repos/acme/inventory";
    private static final String HEAD = "1111111111111111111111111111111111111111";

    @TempDir
    Path temp;

    private WireMockServer gh;

    @BeforeEach
    void start() {
        gh = new WireMockServer(wireMockConfig().dynamicPort());
        gh.start();
        FakeGitHub.pullRequestSeven(gh);
    }

    @AfterEach
    void stop() {
        gh.stop();
    }

    @Test
    void postsTheStickyCommentAndWritesOutputsSummaryAndAnnotations() throws IOException {
        Path ws = FixtureRepos.example("python-inventory", temp.resolve("ws"));
        Map<String, String> env = actionEnv(ws, "acme/inventory");

        RunOutput run = RunOutput.run(temp.resolve("work"), ws.resolve("repofix-out"), env, "action");

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(run.stdout()).startsWith("::add-mask::s3cret-token\n");
        assertThat(run.stdout()).contains("::group::").contains("::endgroup::")
                .contains("::error file=inventory/stock.py,line=15,");
        assertThat(run.stdout()).doesNotContain("::warning::");
        String outputs = Files.readString(temp.resolve("output"));
        assertThat(outputs).containsPattern("verdict<<(repofix_\\w+)\nFIXED\n\\1\n")
                .contains("patch-path<<").contains("fix.patch").contains("issue-title<<");
        assertThat(Files.readString(temp.resolve("summary"))).contains("<!-- repofix:sticky-comment -->")
                .contains("```diff");
        assertThat(ws.resolve("repofix-out/report.sarif")).exists();
        gh.verify(1, postRequestedFor(urlPathEqualTo(REPO + "/issues/7/comments"))
                .withRequestBody(matchingJsonPath("$.body", containing("+    return item.quantity <= item.reorder_level")))
                .withRequestBody(matchingJsonPath("$.body", containing(
                        "https://github.example/acme/inventory/blob/" + HEAD + "/inventory/stock.py#L15"))));
    }

    @Test
    void aForkPullRequestPostsNothingAndSaysWhereTheResultIs() throws IOException {
        Path ws = FixtureRepos.example("python-inventory", temp.resolve("ws"));
        Map<String, String> env = actionEnv(ws, "someone/inventory");

        RunOutput run = RunOutput.run(temp.resolve("work"), ws.resolve("repofix-out"), env, "action");

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(run.stdout()).contains("::notice::pull request from a fork");
        assertThat(Files.readString(temp.resolve("summary"))).contains("valid patch found");
        gh.verify(0, anyRequestedFor(anyUrl()));
    }

    @Test
    void failOnFailuresFailsTheStepWhenTestsFailEvenWithAFix() throws IOException {
        Path ws = FixtureRepos.example("python-inventory", temp.resolve("ws"));
        Map<String, String> env = actionEnv(ws, "acme/inventory");
        env.put("INPUT_FAIL-ON", "failures");
        env.put("INPUT_MODE", "summary-only");

        RunOutput run = RunOutput.run(temp.resolve("work"), ws.resolve("repofix-out"), env, "action");

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.NOT_FIXED);
        gh.verify(0, anyRequestedFor(anyUrl()));
    }

    @Test
    void inGitLabCiPostsOneMergeRequestNoteAndWritesTheCodeQualityReport() throws IOException {
        Path ws = FixtureRepos.example("python-inventory", temp.resolve("ws"));
        String notes = "/api/v4/projects/42/merge_requests/3/notes";
        gh.stubFor(get(urlPathEqualTo(notes)).willReturn(okJson("[]")));
        gh.stubFor(post(urlPathEqualTo(notes)).willReturn(aResponse().withStatus(201)
                .withHeader("Content-Type", "application/json").withBody("{\"id\":9}")));
        Map<String, String> env = new HashMap<>();
        env.put("GITHUB_ACTIONS", "");
        env.put("GITLAB_CI", "true");
        env.put("CI_API_V4_URL", gh.baseUrl() + "/api/v4");
        env.put("CI_PROJECT_ID", "42");
        env.put("CI_MERGE_REQUEST_IID", "3");
        env.put("CI_COMMIT_SHA", HEAD);
        env.put("CI_PROJECT_URL", "https://gitlab.example/acme/inventory");
        env.put("CI_PROJECT_DIR", ws.toString());
        env.put("GITLAB_TOKEN", "glpat-e2e");

        RunOutput run = RunOutput.run(temp.resolve("work"), ws.resolve("repofix-out"), env, "action");

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(ws.resolve("repofix-out/gl-code-quality-report.json")).content().contains("inventory/stock.py");
        gh.verify(1, postRequestedFor(urlPathEqualTo(notes)).withRequestBody(matchingJsonPath("$.body",
                containing("https://gitlab.example/acme/inventory/-/blob/" + HEAD + "/inventory/stock.py#L15"))));
    }

    private Map<String, String> actionEnv(Path ws, String headRepo) throws IOException {
        Path event = temp.resolve("event.json");
        Files.writeString(event, """
                {"action":"synchronize","number":7,
                 "pull_request":{"number":7,"head":{"sha":"%s","repo":{"full_name":"%s"}},
                                 "base":{"sha":"2222222222222222222222222222222222222222","repo":{"full_name":"acme/inventory"}}},
                 "repository":{"full_name":"acme/inventory"}}
                """.formatted(HEAD, headRepo));
        Map<String, String> env = new HashMap<>();
        env.put("GITHUB_ACTIONS", "true");
        env.put("GITHUB_REPOSITORY", "acme/inventory");
        env.put("GITHUB_EVENT_NAME", "pull_request");
        env.put("GITHUB_EVENT_PATH", event.toString());
        env.put("GITHUB_WORKSPACE", ws.toString());
        env.put("GITHUB_SHA", "3333333333333333333333333333333333333333");
        env.put("GITHUB_API_URL", gh.baseUrl());
        env.put("GITHUB_SERVER_URL", "https://github.example");
        env.put("GITHUB_OUTPUT", temp.resolve("output").toString());
        env.put("GITHUB_STEP_SUMMARY", temp.resolve("summary").toString());
        env.put("INPUT_GITHUB-TOKEN", "s3cret-token");
        env.put("INPUT_MODE", "comment");
        env.put("INPUT_FAIL-ON", "no-fix");
        return env;
    }
}
