package dev.repofix.eval.mine;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.repofix.config.RepofixException;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Issue look-ups against a WireMock GitHub answering in the REST API's shapes and errors. */
class GitHubIssuesTest {
    private static final String REPO = "/repos/acme/shop";

    private WireMockServer gh;

    @BeforeEach
    void start() {
        gh = new WireMockServer(wireMockConfig().dynamicPort());
        gh.start();
        gh.stubFor(get(urlPathEqualTo(REPO)).willReturn(okJson("""
                {"id":1296269,"node_id":"MDEwOlJlcG9zaXRvcnkxMjk2MjY5","name":"shop","full_name":"acme/shop",
                 "owner":{"login":"acme","id":1,"type":"Organization"},"private":false,
                 "html_url":"https://github.example/acme/shop","url":"%s/repos/acme/shop","default_branch":"main"}
                """.formatted(gh.baseUrl()))));
    }

    @AfterEach
    void stop() {
        gh.stop();
    }

    private GitHubIssues issues() {
        return new GitHubIssues(URI.create(gh.baseUrl()), "acme/shop", Optional.of("t0ken"));
    }

    @Test
    void readsAnIssuesTitleBodyAndLabelsWithTheToken() {
        gh.stubFor(get(urlPathEqualTo(REPO + "/issues/7")).willReturn(okJson("""
                {"id":1007,"number":7,"state":"closed","title":"Average of an empty cart",
                 "body":"average([]) raises ZeroDivisionError","url":"%s/repos/acme/shop/issues/7",
                 "html_url":"https://github.example/acme/shop/issues/7","comments":0,"user":{"login":"dev","id":2},
                 "labels":[{"id":208045946,"node_id":"MDU6TGFiZWwyMDgwNDU5NDY=","url":"%s/repos/acme/shop/labels/bug",
                            "name":"bug","description":"Something isn't working","color":"d73a4a","default":true}]}
                """.formatted(gh.baseUrl(), gh.baseUrl()))));

        Optional<IssueTracker.TrackedIssue> issue = issues().issue(7);

        assertThat(issue).contains(new IssueTracker.TrackedIssue(7, "Average of an empty cart",
                "average([]) raises ZeroDivisionError", List.of("bug")));
        assertThat(issue.get().isBug()).isTrue();
        gh.verify(getRequestedFor(urlPathEqualTo(REPO + "/issues/7")).withHeader("Authorization",
                equalTo("token t0ken")));
    }

    @Test
    void aMissingIssueIsNoIssue() {
        gh.stubFor(get(urlPathEqualTo(REPO + "/issues/8")).willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"message\":\"Not Found\",\"documentation_url\":"
                        + "\"https://docs.github.com/rest/issues/issues#get-an-issue\",\"status\":\"404\"}")));

        assertThat(issues().issue(8)).isEmpty();
    }

    @Test
    void aSpentRateLimitFailsAtOnceSayingWhenItResetsAndWhatToDo() {
        gh.stubFor(get(urlPathEqualTo(REPO + "/issues/9")).willReturn(aResponse().withStatus(403)
                .withHeader("Content-Type", "application/json")
                .withHeader("X-RateLimit-Limit", "60").withHeader("X-RateLimit-Remaining", "0")
                .withHeader("X-RateLimit-Used", "60").withHeader("X-RateLimit-Reset", "1795000000")
                .withHeader("X-RateLimit-Resource", "core")
                .withBody("{\"message\":\"API rate limit exceeded for 203.0.113.5. (But here's the good news: "
                        + "Authenticated requests get a higher rate limit. Check out the documentation for more "
                        + "details.)\",\"documentation_url\":\"https://docs.github.com/rest/overview/"
                        + "resources-in-the-rest-api#rate-limiting\"}")));

        assertThatThrownBy(() -> issues().issue(9)).isInstanceOf(RepofixException.class)
                .hasMessageContaining("rate limit is spent (it resets at 2026-11-18T")
                .hasMessageContaining("issue #9 of acme/shop").hasMessageContaining("give a token");
        gh.verify(1, getRequestedFor(urlPathEqualTo(REPO + "/issues/9")));
    }

    @Test
    void aRepositoryGitHubDoesNotHaveIsAnInputError() {
        gh.stubFor(get(urlPathEqualTo("/repos/acme/gone")).willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"message\":\"Not Found\",\"documentation_url\":\"https://docs.github.com/rest\"}")));

        assertThatThrownBy(() -> new GitHubIssues(URI.create(gh.baseUrl()), "acme/gone", Optional.empty()).issue(1))
                .isInstanceOf(RepofixException.class).hasMessageContaining("GitHub has no repository acme/gone (404)");
    }
}
