package dev.repofix.report;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The merge-request note against a WireMock GitLab speaking API v4. */
class GitLabReporterTest {
    private static final String NOTES = "/api/v4/projects/acme%2Fbank/merge_requests/4/notes";
    private WireMockServer gl;
    private final List<Duration> slept = new ArrayList<>();

    @BeforeEach
    void start() {
        gl = new WireMockServer(wireMockConfig().dynamicPort());
        gl.start();
    }

    @AfterEach
    void stop() {
        gl.stop();
    }

    private GitLabReporter reporter(OptionalInt mr) {
        GitLabTarget t = new GitLabTarget(URI.create(gl.baseUrl() + "/api/v4"), "acme/bank", mr, "abc123",
                URI.create("https://gitlab.example/acme/bank"));
        return new GitLabReporter(t, "glpat-x", Clock.fixed(Instant.EPOCH, ZoneOffset.UTC), slept::add);
    }

    @Test
    void createsOneNoteThenUpdatesItInPlace() {
        gl.stubFor(get(urlPathEqualTo(NOTES)).inScenario("n").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(okJson("[{\"id\":1,\"body\":\"nice\",\"system\":false}]")));
        gl.stubFor(post(urlPathEqualTo(NOTES)).inScenario("n").willSetStateTo("posted")
                .willReturn(aResponse().withStatus(201).withHeader("Content-Type", "application/json")
                        .withBody("{\"id\":77,\"body\":\"x\"}")));
        gl.stubFor(get(urlPathEqualTo(NOTES)).inScenario("n").whenScenarioStateIs("posted")
                .willReturn(okJson("[{\"id\":1,\"body\":\"nice\"},{\"id\":77,\"body\":\""
                        + "<!-- repofix:sticky-comment -->\"}]")));
        gl.stubFor(put(urlPathEqualTo(NOTES + "/77")).willReturn(okJson("{\"id\":77,\"body\":\"y\"}")));

        Publication first = reporter(OptionalInt.of(4)).publish(RunResults.fixed());
        Publication second = reporter(OptionalInt.of(4)).publish(RunResults.fixed());

        assertThat(first.posted()).containsExactly("note created 77");
        assertThat(second.posted()).containsExactly("note updated 77");
        gl.verify(1, postRequestedFor(urlPathEqualTo(NOTES)).withHeader("PRIVATE-TOKEN", equalTo("glpat-x"))
                .withRequestBody(matchingJsonPath("$.body", containing("https://gitlab.example/acme/bank/-/blob/abc123/"))));
        gl.verify(1, putRequestedFor(urlPathEqualTo(NOTES + "/77")));
    }

    @Test
    void waitsOutA429ThenPosts() {
        gl.stubFor(get(urlPathEqualTo(NOTES)).inScenario("r").whenScenarioStateIs(Scenario.STARTED)
                .willSetStateTo("calm").willReturn(aResponse().withStatus(429).withHeader("Retry-After", "3")
                        .withBody("Retry later")));
        gl.stubFor(get(urlPathEqualTo(NOTES)).inScenario("r").whenScenarioStateIs("calm").willReturn(okJson("[]")));
        gl.stubFor(post(urlPathEqualTo(NOTES)).willReturn(aResponse().withStatus(201)
                .withHeader("Content-Type", "application/json").withBody("{\"id\":5}")));

        Publication p = reporter(OptionalInt.of(4)).publish(RunResults.fixed());

        assertThat(p.warnings()).isEmpty();
        assertThat(slept).containsExactly(Duration.ofSeconds(3));
    }

    @Test
    void aTokenWithoutRightsIsAWarningThatSaysWhichTokenToUse() {
        gl.stubFor(get(urlPathEqualTo(NOTES)).willReturn(okJson("[]")));
        gl.stubFor(post(urlPathEqualTo(NOTES)).willReturn(aResponse().withStatus(403)
                .withHeader("Content-Type", "application/json").withBody("{\"message\":\"403 Forbidden\"}")));

        Publication p = reporter(OptionalInt.of(4)).publish(RunResults.fixed());

        assertThat(p.posted()).isEmpty();
        assertThat(p.warnings()).singleElement().asString().contains("HTTP 403").contains("GITLAB_TOKEN");
    }

    @Test
    void withoutAMergeRequestNothingIsPosted() {
        Publication p = reporter(OptionalInt.empty()).publish(RunResults.fixed());

        assertThat(p.posted()).isEmpty();
        assertThat(p.warnings()).singleElement().asString().contains("no merge request");
    }
}
