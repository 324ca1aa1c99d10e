package dev.repofix.report;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.patch;
import static com.github.tomakehurst.wiremock.client.WireMock.patchRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.repofix.pipeline.RunResult;
import dev.repofix.stage.Localization;
import dev.repofix.stage.Location;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The reporter against a WireMock GitHub speaking the REST API's shapes. */
class GitHubReporterTest {
    private static final String REPO = "/repos/acme/bank";
    private static final String SHA = "0123456789abcdef0123456789abcdef01234567";
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-23T12:00:00Z"), ZoneOffset.UTC);
    private static final ObjectMapper JSON = new ObjectMapper();

    private WireMockServer gh;
    private final List<Duration> slept = new ArrayList<>();

    @BeforeEach
    void start() {
        gh = new WireMockServer(wireMockConfig().dynamicPort());
        gh.start();
        gh.stubFor(get(urlPathEqualTo(REPO)).willReturn(okJson(repository())));
        gh.stubFor(get(urlPathEqualTo(REPO + "/issues/7")).willReturn(okJson(issue(7))));
    }

    @AfterEach
    void stop() {
        gh.stop();
    }

    private GitHubReporter reporter(OptionalInt pr) {
        GitHubTarget target = new GitHubTarget(URI.create(gh.baseUrl()), URI.create("https://github.example"),
                "acme/bank", pr, SHA);
        return new GitHubReporter(target, "t0ken", CLOCK, slept::add);
    }

    @Test
    void createsOneStickyCommentThenUpdatesItInPlaceOnTheNextRun() {
        gh.stubFor(get(urlPathEqualTo(REPO + "/issues/7/comments")).inScenario("sticky")
                .whenScenarioStateIs(Scenario.STARTED).willReturn(okJson("[" + comment(11, "looks good to me") + "]")));
        gh.stubFor(post(urlPathEqualTo(REPO + "/issues/7/comments")).inScenario("sticky")
                .willSetStateTo("posted")
                .willReturn(aResponse().withStatus(201).withHeader("Content-Type", "application/json")
                        .withBody(comment(12, PullRequestComment.MARKER + " first"))));
        gh.stubFor(get(urlPathEqualTo(REPO + "/issues/7/comments")).inScenario("sticky")
                .whenScenarioStateIs("posted").willReturn(okJson("[" + comment(11, "looks good to me") + ","
                        + comment(12, PullRequestComment.MARKER + " first") + "]")));
        gh.stubFor(patch(urlPathEqualTo(REPO + "/issues/comments/12"))
                .willReturn(okJson(comment(12, PullRequestComment.MARKER + " second"))));

        Publication first = reporter(OptionalInt.of(7)).publish(RunResults.fixed(), GitHubMode.COMMENT);
        Publication second = reporter(OptionalInt.of(7)).publish(RunResults.fixed(), GitHubMode.COMMENT);

        assertThat(first.warnings()).isEmpty();
        assertThat(first.posted()).singleElement().asString().startsWith("comment created");
        assertThat(second.posted()).singleElement().asString().startsWith("comment updated");
        gh.verify(1, postRequestedFor(urlPathEqualTo(REPO + "/issues/7/comments")));
        gh.verify(1, patchRequestedFor(urlPathEqualTo(REPO + "/issues/comments/12"))
                .withRequestBody(matchingJsonPath("$.body", com.github.tomakehurst.wiremock.client.WireMock
                        .containing(PullRequestComment.MARKER)))
                .withHeader("Authorization", equalTo("token t0ken")));
    }

    @Test
    void findsTheMarkerOnALaterPageOfComments() {
        String page2 = gh.baseUrl() + REPO + "/issues/7/comments?per_page=100&page=2";
        gh.stubFor(get(urlPathEqualTo(REPO + "/issues/7/comments")).withQueryParam("page", equalTo("2"))
                .willReturn(okJson("[" + comment(40, PullRequestComment.MARKER + " old") + "]")));
        gh.stubFor(get(urlPathEqualTo(REPO + "/issues/7/comments")).withQueryParam("per_page", equalTo("100"))
                .withQueryParam("page", com.github.tomakehurst.wiremock.client.WireMock.absent()).atPriority(1)
                .willReturn(okJson("[" + comment(39, "lgtm") + "]")
                        .withHeader("Link", "<" + page2 + ">; rel=\"next\", <" + page2 + ">; rel=\"last\"")));
        gh.stubFor(patch(urlPathEqualTo(REPO + "/issues/comments/40")).willReturn(okJson(comment(40, "x"))));

        Publication p = reporter(OptionalInt.of(7)).publish(RunResults.fixed(), GitHubMode.COMMENT);

        assertThat(p.warnings()).isEmpty();
        gh.verify(1, patchRequestedFor(urlPathEqualTo(REPO + "/issues/comments/40")));
        gh.verify(0, postRequestedFor(urlPathEqualTo(REPO + "/issues/7/comments")));
    }

    @Test
    void waitsOutASecondaryRateLimitThenPosts() {
        gh.stubFor(get(urlPathEqualTo(REPO + "/issues/7/comments")).willReturn(okJson("[]")));
        gh.stubFor(post(urlPathEqualTo(REPO + "/issues/7/comments")).inScenario("limit")
                .whenScenarioStateIs(Scenario.STARTED).willSetStateTo("calm")
                .willReturn(aResponse().withStatus(403).withHeader("Content-Type", "application/json")
                        .withHeader("Retry-After", "7")
                        .withBody("{\"message\":\"You have exceeded a secondary rate limit. Please wait a few minutes"
                                + " before you try again.\",\"documentation_url\":\"https://docs.github.com/rest\"}")));
        gh.stubFor(post(urlPathEqualTo(REPO + "/issues/7/comments")).inScenario("limit")
                .whenScenarioStateIs("calm").willReturn(aResponse().withStatus(201)
                        .withHeader("Content-Type", "application/json").withBody(comment(50, "x"))));

        Publication p = reporter(OptionalInt.of(7)).publish(RunResults.fixed(), GitHubMode.COMMENT);

        assertThat(p.warnings()).isEmpty();
        assertThat(p.posted()).hasSize(1);
        assertThat(slept).containsExactly(Duration.ofSeconds(7));
        gh.verify(2, postRequestedFor(urlPathEqualTo(REPO + "/issues/7/comments")));
    }

    @Test
    void aReadOnlyTokenIsAWarningThatNamesTheWayOut() {
        gh.stubFor(get(urlPathEqualTo(REPO + "/issues/7/comments")).willReturn(okJson("[]")));
        gh.stubFor(post(urlPathEqualTo(REPO + "/issues/7/comments")).willReturn(aResponse().withStatus(403)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"message\":\"Resource not accessible by integration\",\"documentation_url\":"
                        + "\"https://docs.github.com/rest/issues/comments#create-an-issue-comment\",\"status\":\"403\"}")));

        Publication p = reporter(OptionalInt.of(7)).publish(RunResults.fixed(), GitHubMode.COMMENT);

        assertThat(p.posted()).isEmpty();
        assertThat(p.warnings()).singleElement().asString().contains("read-only").contains("two-workflow");
    }

    @Test
    void aDeletedPullRequestIsAWarning() {
        gh.stubFor(get(urlPathEqualTo(REPO + "/issues/8")).willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"message\":\"Not Found\",\"documentation_url\":\"https://docs.github.com/rest\"}")));

        Publication p = reporter(OptionalInt.of(8)).publish(RunResults.fixed(), GitHubMode.COMMENT);

        assertThat(p.posted()).isEmpty();
        assertThat(p.warnings()).singleElement().asString().contains("404");
    }

    @Test
    void aCheckRunCarriesAnnotationsInBatchesOfFifty() throws Exception {
        gh.stubFor(post(urlPathEqualTo(REPO + "/check-runs")).willReturn(aResponse().withStatus(201)
                .withHeader("Content-Type", "application/json").withBody(checkRun(99))));
        gh.stubFor(patch(urlPathEqualTo(REPO + "/check-runs/99")).willReturn(okJson(checkRun(99))));
        List<Location> many = IntStream.rangeClosed(1, 120)
                .mapToObj(i -> new Location("src/main/java/com/acme/Account.java", i, "line " + i, 0.5, "suspect " + i))
                .toList();
        RunResult r = RunResults.copy(RunResults.fixed(), RunResults.fixed().issue(), Optional.of(new Localization(many)),
                "", List.of());

        Publication p = reporter(OptionalInt.empty()).publish(r, GitHubMode.CHECK);

        assertThat(p.posted()).singleElement().asString().startsWith("check run");
        List<Integer> batches = new ArrayList<>();
        for (LoggedRequest req : gh.findAll(postRequestedFor(urlPathEqualTo(REPO + "/check-runs")))) {
            JsonNode body = JSON.readTree(req.getBodyAsString());
            assertThat(body.path("head_sha").asText()).isEqualTo(SHA);
            assertThat(body.path("conclusion").asText()).isEqualTo("success");
            batches.add(body.path("output").path("annotations").size());
        }
        for (LoggedRequest req : gh.findAll(patchRequestedFor(urlPathEqualTo(REPO + "/check-runs/99")))) {
            batches.add(JSON.readTree(req.getBodyAsString()).path("output").path("annotations").size());
        }
        // The 120 suspects plus the failing tests' frames, 50 at most per request.
        assertThat(batches).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(50));
        assertThat(batches.stream().mapToInt(Integer::intValue).sum())
                .isEqualTo(GitHubCheckRun.annotations(r).size()).isGreaterThanOrEqualTo(120);
        assertThat(p.warnings()).contains("no pull request for this event: the result is in the job summary only");
    }

    @Test
    void aReviewCarriesASuggestionForTheHunkOnThePullRequestsDiff() throws Exception {
        stubCommentsAndPullRequest();
        gh.stubFor(post(urlPathEqualTo(REPO + "/pulls/7/reviews")).willReturn(okJson(
                "{\"id\":80,\"state\":\"COMMENTED\",\"html_url\":\"https://github.example/acme/bank/pull/7#pullrequestreview-80\"}")));

        Publication p = reporter(OptionalInt.of(7)).publish(RunResults.fixed(), GitHubMode.REVIEW);

        assertThat(p.warnings()).isEmpty();
        assertThat(p.posted()).anySatisfy(s -> assertThat(s).startsWith("review ").contains("1 suggestion"));
        LoggedRequest req = gh.findAll(postRequestedFor(urlPathEqualTo(REPO + "/pulls/7/reviews"))).get(0);
        JsonNode body = JSON.readTree(req.getBodyAsString());
        assertThat(body.path("event").asText()).isEqualTo("COMMENT");
        assertThat(body.path("commit_id").asText()).isEqualTo(SHA);
        JsonNode comment = body.path("comments").get(0);
        assertThat(comment.path("path").asText()).isEqualTo(RunResults.ACCOUNT);
        assertThat(comment.path("line").asInt()).isEqualTo(5);
        assertThat(comment.path("body").asText()).contains("```suggestion\n    if (amount > balance) {\n```");
    }

    @Test
    void aSuggestionGitHubRefusesWith422IsAWarningAndTheCommentStays() {
        stubCommentsAndPullRequest();
        gh.stubFor(post(urlPathEqualTo(REPO + "/pulls/7/reviews")).willReturn(aResponse().withStatus(422)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"message\":\"Unprocessable Entity\",\"errors\":[\"Line could not be resolved\"],"
                        + "\"documentation_url\":\"https://docs.github.com/rest/pulls/reviews\",\"status\":\"422\"}")));

        Publication p = reporter(OptionalInt.of(7)).publish(RunResults.fixed(), GitHubMode.REVIEW);

        assertThat(p.posted()).singleElement().asString().startsWith("comment created");
        assertThat(p.warnings()).singleElement().asString().contains("422");
    }

    @Test
    void noReviewWhenTheTestsRanOnAnotherCommitThanThePullRequestsHead() {
        stubCommentsAndPullRequest();
        RunResult fixed = RunResults.fixed();
        RunResultBuilder b = RunResultBuilder.from(fixed);
        b.commit = java.util.Optional.of("feedface");
        RunResult onMerge = b.build();

        Publication p = reporter(OptionalInt.of(7)).publish(onMerge, GitHubMode.REVIEW);

        assertThat(p.warnings()).singleElement().asString().contains("head.sha");
        gh.verify(0, postRequestedFor(urlPathEqualTo(REPO + "/pulls/7/reviews")));
    }

    private void stubCommentsAndPullRequest() {
        gh.stubFor(get(urlPathEqualTo(REPO + "/issues/7/comments")).willReturn(okJson("[]")));
        gh.stubFor(post(urlPathEqualTo(REPO + "/issues/7/comments")).willReturn(aResponse().withStatus(201)
                .withHeader("Content-Type", "application/json").withBody(comment(12, "x"))));
        gh.stubFor(get(urlPathEqualTo(REPO + "/pulls/7")).willReturn(okJson("""
                {"id":9007,"number":7,"state":"open","title":"Fix withdraw","url":"%s/repos/acme/bank/pulls/7",
                 "html_url":"https://github.example/acme/bank/pull/7","user":{"login":"dev","id":2},
                 "head":{"sha":"%s","ref":"fix","repo":{"full_name":"acme/bank"}},
                 "base":{"sha":"%s","ref":"main","repo":{"full_name":"acme/bank"}}}
                """.formatted(gh.baseUrl(), SHA, SHA))));
        String patch = String.join("\n", "@@ -2,5 +2,6 @@ class Account {", "     int balance;",
                "+    String fence = \"```\";", "-    if (amount > balance) {", "+    if (amount >= balance) {",
                "         throw new IllegalStateException();", "     }");
        gh.stubFor(get(urlPathEqualTo(REPO + "/pulls/7/files")).willReturn(okJson("[{\"sha\":\"abc\",\"filename\":\""
                + RunResults.ACCOUNT + "\",\"status\":\"modified\",\"additions\":2,\"deletions\":1,\"changes\":3,"
                + "\"patch\":" + JSON.valueToTree(patch) + "}]")));
    }

    @Test
    void summaryOnlyPostsNothing() {
        Publication p = reporter(OptionalInt.of(7)).publish(RunResults.fixed(), GitHubMode.SUMMARY_ONLY);

        assertThat(p.posted()).isEmpty();
        assertThat(p.warnings()).isEmpty();
        gh.verify(0, getRequestedFor(anyUrl()));
    }

    private String repository() {
        return """
                {"id":1296269,"node_id":"MDEwOlJlcG9zaXRvcnkxMjk2MjY5","name":"bank","full_name":"acme/bank",
                 "owner":{"login":"acme","id":1,"type":"Organization"},"private":false,
                 "html_url":"https://github.example/acme/bank","url":"%s/repos/acme/bank","default_branch":"main"}
                """.formatted(gh.baseUrl());
    }

    private String issue(int n) {
        return """
                {"id":%d,"number":%d,"state":"open","title":"Fix withdraw","body":"",
                 "url":"%s/repos/acme/bank/issues/%d","html_url":"https://github.example/acme/bank/pull/%d",
                 "comments":1,"user":{"login":"dev","id":2},
                 "pull_request":{"url":"%s/repos/acme/bank/pulls/%d"}}
                """.formatted(1000 + n, n, gh.baseUrl(), n, n, gh.baseUrl(), n);
    }

    private String comment(long id, String body) {
        return """
                {"id":%d,"node_id":"IC_%d","url":"%s/repos/acme/bank/issues/comments/%d",
                 "html_url":"https://github.example/acme/bank/pull/7#issuecomment-%d","body":%s,
                 "user":{"login":"github-actions[bot]","id":41898282},
                 "created_at":"2026-11-23T11:00:00Z","updated_at":"2026-11-23T11:00:00Z"}
                """.formatted(id, id, gh.baseUrl(), id, id, JSON.valueToTree(body).toString());
    }

    private String checkRun(long id) {
        return """
                {"id":%d,"head_sha":"%s","name":"repofix","status":"completed","conclusion":"success",
                 "url":"%s/repos/acme/bank/check-runs/%d","html_url":"https://github.example/acme/bank/runs/%d",
                 "output":{"title":"t","summary":"s","annotations_count":0}}
                """.formatted(id, SHA, gh.baseUrl(), id, id);
    }
}
