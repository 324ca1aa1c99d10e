package dev.repofix.eval.mine;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import dev.repofix.config.RepofixException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Issue look-ups against a WireMock GitLab answering in API v4's shapes and errors. */
class GitLabIssuesTest {
    /** {@code group/sub/shop}, URL-encoded as API v4 names a project by its path. */
    private static final String ISSUES = "/api/v4/projects/acme%2Ftools%2Fshop/issues/";
    /** An issue as {@code GET /projects/:id/issues/:iid} returns it (fields from GitLab's API documentation). */
    private static final String ISSUE_7 = """
            {"id":84,"iid":7,"project_id":3,"title":"Average of an empty cart",
             "description":"average([]) raises ZeroDivisionError","state":"closed",
             "created_at":"2026-01-05T10:00:00.000Z","updated_at":"2026-01-06T10:00:00.000Z",
             "closed_at":"2026-01-06T10:00:00.000Z","closed_by":{"id":1,"username":"dev","name":"Dev"},
             "labels":["bug","priority::high"],"milestone":null,"assignees":[],"author":{"id":2,"username":"ann"},
             "type":"ISSUE","assignee":null,"user_notes_count":1,"merge_requests_count":1,"upvotes":0,
             "downvotes":0,"due_date":null,"confidential":false,"discussion_locked":null,"issue_type":"issue",
             "web_url":"https://gitlab.example/acme/tools/shop/-/issues/7",
             "time_stats":{"time_estimate":0,"total_time_spent":0},"task_completion_status":{"count":0,"completed_count":0},
             "has_tasks":false,"_links":{"self":"https://gitlab.example/api/v4/projects/3/issues/7"},
             "references":{"short":"#7","relative":"#7","full":"acme/tools/shop#7"},"severity":"UNKNOWN",
             "moved_to_id":null,"service_desk_reply_to":null}
            """;

    private WireMockServer gl;
    private final List<Duration> waits = new ArrayList<>();

    @BeforeEach
    void start() {
        gl = new WireMockServer(wireMockConfig().dynamicPort());
        gl.start();
    }

    @AfterEach
    void stop() {
        gl.stop();
    }

    private GitLabIssues issues(Optional<String> token) {
        return new GitLabIssues(URI.create(gl.baseUrl() + "/"), "acme/tools/shop", token, waits::add);
    }

    @Test
    void readsAnIssuesTitleDescriptionAndLabelsWithTheToken() {
        gl.stubFor(get(urlEqualTo(ISSUES + "7")).willReturn(okJson(ISSUE_7)));

        Optional<IssueTracker.TrackedIssue> issue = issues(Optional.of("glpat-t0ken")).issue(7);

        assertThat(issue).contains(new IssueTracker.TrackedIssue(7, "Average of an empty cart",
                "average([]) raises ZeroDivisionError", List.of("bug", "priority::high")));
        assertThat(issue.get().isBug()).isTrue();
        gl.verify(getRequestedFor(urlEqualTo(ISSUES + "7")).withHeader("PRIVATE-TOKEN", equalTo("glpat-t0ken")));
    }

    @Test
    void anIssueWithoutDescriptionHasAnEmptyBodyAndNoTokenSendsNoHeader() {
        gl.stubFor(get(urlEqualTo(ISSUES + "8")).willReturn(okJson(ISSUE_7.replace("\"iid\":7", "\"iid\":8")
                .replace("\"description\":\"average([]) raises ZeroDivisionError\"", "\"description\":null")
                .replace("\"labels\":[\"bug\",\"priority::high\"]", "\"labels\":[]"))));

        Optional<IssueTracker.TrackedIssue> issue = issues(Optional.empty()).issue(8);

        assertThat(issue).contains(new IssueTracker.TrackedIssue(8, "Average of an empty cart", "", List.of()));
        assertThat(gl.findAll(getRequestedFor(urlEqualTo(ISSUES + "8"))).get(0).containsHeader("PRIVATE-TOKEN"))
                .isFalse();
    }

    @Test
    void anIssueGitLabDoesNotHaveIsNoIssue() {
        gl.stubFor(get(urlEqualTo(ISSUES + "99")).willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json").withBody("{\"message\":\"404 Not found\"}")));

        assertThat(issues(Optional.of("t")).issue(99)).isEmpty();
    }

    @Test
    void aRateLimitIsWaitedOutAsRetryAfterSaysThenTheIssueIsRead() {
        gl.stubFor(get(urlEqualTo(ISSUES + "7")).inScenario("limit").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withStatus(429).withHeader("Retry-After", "2")
                        .withHeader("RateLimit-Remaining", "0").withBody("Retry later"))
                .willSetStateTo("open"));
        gl.stubFor(get(urlEqualTo(ISSUES + "7")).inScenario("limit").whenScenarioStateIs("open")
                .willReturn(okJson(ISSUE_7)));

        Optional<IssueTracker.TrackedIssue> issue = issues(Optional.of("t")).issue(7);

        assertThat(issue).map(IssueTracker.TrackedIssue::title).contains("Average of an empty cart");
        assertThat(waits).containsExactly(Duration.ofSeconds(2));
    }

    @Test
    void aRateLimitLongerThanAMinuteStopsTheRunWithTheWaitItAskedFor() {
        gl.stubFor(get(urlEqualTo(ISSUES + "7")).willReturn(aResponse().withStatus(429)
                .withHeader("Retry-After", "3600").withBody("Retry later")));

        assertThatThrownBy(() -> issues(Optional.of("t")).issue(7)).isInstanceOf(RepofixException.class)
                .hasMessageContaining("rate limit is spent while reading issue #7 of acme/tools/shop")
                .hasMessageContaining("Retry-After 3600 s").hasMessageContaining("GITLAB_TOKEN");
        assertThat(waits).isEmpty();
    }

    @Test
    void aRefusedTokenSaysWhichScopeItNeeds() {
        gl.stubFor(get(urlEqualTo(ISSUES + "7")).willReturn(aResponse().withStatus(401)
                .withBody("{\"message\":\"401 Unauthorized\"}")));

        assertThatThrownBy(() -> issues(Optional.of("bad")).issue(7)).isInstanceOf(RepofixException.class)
                .hasMessageContaining("(401)").hasMessageContaining("read_api");
    }

    @Test
    void aProjectThatIsNotAPathIsRefused() {
        assertThatThrownBy(() -> new GitLabIssues(URI.create(gl.baseUrl()), "shop", Optional.empty()))
                .hasMessageContaining("--gitlab wants group/project, not 'shop'");
    }
}
