package dev.repofix.cli;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fork pull-request pattern end to end: {@code repofix action} runs a fork's pull
 * request with a read-only token (so it posts nothing and saves report.json), then
 * {@code repofix publish} in a {@code workflow_run} job posts that saved record, against
 * a WireMock GitHub, after checking that it is about this repository, this pull request
 * and the commit that was tested.
 */
class PublishCommandTest {
    private static final String REPO = "/repos/acme/inventory";
    private static final String HEAD = "1111111111111111111111111111111111111111";

    @TempDir
    static Path shared;

    @TempDir
    Path temp;

    private static Path savedReport;
    private WireMockServer gh;

    /** The unprivileged half, once: the fork's pull request tested, nothing posted, the record saved. */
    @BeforeAll
    static void runTheForksPullRequest() throws IOException {
        Path ws = FixtureRepos.example("python-inventory", shared.resolve("ws"));
        Path event = Files.writeString(shared.resolve("pr-event.json"), """
                {"action":"synchronize","number":7,
                 "pull_request":{"number":7,"head":{"sha":"%s","repo":{"full_name":"someone/inventory"}},
                                 "base":{"repo":{"full_name":"acme/inventory"}}},
                 "repository":{"full_name":"acme/inventory"}}
                """.formatted(HEAD));
        Map<String, String> env = new HashMap<>(Map.of("GITHUB_ACTIONS", "true", "GITHUB_REPOSITORY", "acme/inventory",
                "GITHUB_EVENT_NAME", "pull_request", "GITHUB_EVENT_PATH", event.toString(), "GITHUB_WORKSPACE",
                ws.toString(), "GITHUB_SHA", "3333333333333333333333333333333333333333", "GITHUB_API_URL",
                "http://127.0.0.1:1", "INPUT_GITHUB-TOKEN", "read-only-token"));
        RunOutput run = RunOutput.run(shared.resolve("work"), ws.resolve("repofix-out"), env, "action");
        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(run.stdout()).contains("pull request from a fork");
        savedReport = ws.resolve("repofix-out/report.json");
        assertThat(run.report().path("origin").path("pullRequest").asInt()).isEqualTo(7);
        assertThat(run.report().path("origin").path("headSha").asText()).isEqualTo(HEAD);
    }

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
    void publishesAForksSavedReportOnceTheApiSaysThePullRequestsHeadIsTheTestedCommit() throws IOException {
        pullRequestHead(HEAD);

        RunOutput run = publish(savedReport, workflowRun(HEAD, "[]"));

        assertThat(run.exitCode()).as(run.stderr() + run.stdout()).isEqualTo(ExitCodes.OK);
        assertThat(run.stdout()).startsWith("::add-mask::write-token\n").contains("published run");
        gh.verify(1, postRequestedFor(urlPathEqualTo(REPO + "/issues/7/comments")));
        assertThat(gh.getAllServeEvents()).anySatisfy(e -> assertThat(e.getRequest().getBodyAsString())
                .contains("repofix:sticky-comment").contains("inventory/stock.py"));
    }

    @Test
    void publishesWhenGitHubTiesThePullRequestToTheWorkflowRun() throws IOException {
        RunOutput run = publish(savedReport, workflowRun(HEAD, "[{\"number\":7}]"));

        assertThat(run.exitCode()).as(run.stderr() + run.stdout()).isEqualTo(ExitCodes.OK);
        gh.verify(1, postRequestedFor(urlPathEqualTo(REPO + "/issues/7/comments")));
    }

    @Test
    void refusesAReportForAnotherPullRequestThanTheWorkflowRuns() throws IOException {
        Path forged = edit(savedReport, r -> ((ObjectNode) r.get("origin")).put("pullRequest", 8));

        RunOutput run = publish(forged, workflowRun(HEAD, "[{\"number\":7}]"));

        assertRefused(run, "pull request #8");
    }

    @Test
    void refusesAForksReportNamingAPullRequestThatDoesNotExist() throws IOException {
        Path forged = edit(savedReport, r -> ((ObjectNode) r.get("origin")).put("pullRequest", 8));

        RunOutput run = publish(forged, workflowRun(HEAD, "[]"));

        assertRefused(run, "pull request #8 of acme/inventory does not exist");
    }

    @Test
    void refusesWhenThePullRequestsHeadIsNotTheTestedCommit() throws IOException {
        pullRequestHead("9999999999999999999999999999999999999999");

        RunOutput run = publish(savedReport, workflowRun(HEAD, "[]"));

        assertRefused(run, "whose head is 9999999");
    }

    @Test
    void refusesAReportAboutAnotherCommitThanTheWorkflowRunTested() throws IOException {
        RunOutput run = publish(savedReport, workflowRun("4444444444444444444444444444444444444444", "[{\"number\":7}]"));

        assertRefused(run, "tested 4444444");
    }

    @Test
    void refusesAReportForAnotherRepository() throws IOException {
        Path forged = edit(savedReport, r -> ((ObjectNode) r.get("origin")).put("repository", "victim/other"));

        RunOutput run = publish(forged, workflowRun(HEAD, "[{\"number\":7}]"));

        assertRefused(run, "victim/other");
    }

    @Test
    void refusesAReportThatDoesNotMatchTheSchema() throws IOException {
        Path forged = edit(savedReport, r -> r.put("status", "FIXED").putNull("fix"));

        RunOutput run = publish(forged, workflowRun(HEAD, "[{\"number\":7}]"));

        assertRefused(run, "does not match docs/report.schema.json");
    }

    private void assertRefused(RunOutput run, String why) {
        assertThat(run.exitCode()).as(run.stdout()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.stderr()).contains("repofix: error: ").contains(why).doesNotContain("\tat ");
        gh.verify(0, postRequestedFor(urlPathEqualTo(REPO + "/issues/7/comments")));
    }

    private void pullRequestHead(String sha) {
        gh.stubFor(get(urlPathEqualTo(REPO + "/pulls/7")).willReturn(okJson("""
                {"id":9007,"number":7,"state":"open","url":"%s/repos/acme/inventory/pulls/7","user":{"login":"dev","id":2},
                 "head":{"ref":"fix","sha":"%s","repo":{"full_name":"someone/inventory"}},
                 "base":{"ref":"main","repo":{"full_name":"acme/inventory"}}}
                """.formatted(gh.baseUrl(), sha))));
    }

    private Path workflowRun(String headSha, String pullRequests) throws IOException {
        return Files.writeString(temp.resolve("workflow-run.json"), """
                {"action":"completed","workflow_run":{"id":42,"event":"pull_request","conclusion":"success",
                  "head_sha":"%s","head_repository":{"full_name":"someone/inventory"},"pull_requests":%s},
                 "repository":{"full_name":"acme/inventory"}}
                """.formatted(headSha, pullRequests));
    }

    private RunOutput publish(Path report, Path event) {
        Map<String, String> env = new HashMap<>(Map.of("GITHUB_ACTIONS", "true", "GITHUB_REPOSITORY", "acme/inventory",
                "GITHUB_EVENT_NAME", "workflow_run", "GITHUB_EVENT_PATH", event.toString(), "GITHUB_WORKSPACE",
                temp.toString(), "GITHUB_SHA", "5555555555555555555555555555555555555555", "GITHUB_API_URL",
                gh.baseUrl(), "GITHUB_SERVER_URL", "https://github.example", "GITHUB_TOKEN", "write-token"));
        return RunOutput.run(temp.resolve("work"), temp.resolve("no-out"), env, "publish", "--report",
                report.toString());
    }

    private Path edit(Path report, java.util.function.Consumer<ObjectNode> change) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = (ObjectNode) mapper.readTree(Files.readString(report));
        change.accept(root);
        return Files.writeString(temp.resolve("forged.json"), mapper.writeValueAsString(root));
    }
}
