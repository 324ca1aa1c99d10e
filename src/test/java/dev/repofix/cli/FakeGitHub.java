package dev.repofix.cli;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;

import com.github.tomakehurst.wiremock.WireMockServer;

/** GitHub's REST API for acme/inventory's pull request #7, in its recorded wire shapes, on a WireMock server. */
final class FakeGitHub {
    static final String REPO = "/repos/acme/inventory";

    private FakeGitHub() {}

    /** The repository, the pull request as an issue, no comments yet, and creating one. */
    static void pullRequestSeven(WireMockServer gh) {
        gh.stubFor(get(urlPathEqualTo(REPO)).willReturn(okJson("""
                {"id":1,"name":"inventory","full_name":"acme/inventory","owner":{"login":"acme","id":1},
                 "url":"%s/repos/acme/inventory","html_url":"https://github.example/acme/inventory"}
                """.formatted(gh.baseUrl()))));
        gh.stubFor(get(urlPathEqualTo(REPO + "/issues/7")).willReturn(okJson("""
                {"id":1007,"number":7,"state":"open","title":"Restock","url":"%s/repos/acme/inventory/issues/7",
                 "user":{"login":"dev","id":2},"pull_request":{"url":"%s/repos/acme/inventory/pulls/7"}}
                """.formatted(gh.baseUrl(), gh.baseUrl()))));
        gh.stubFor(get(urlPathEqualTo(REPO + "/issues/7/comments")).willReturn(okJson("[]")));
        gh.stubFor(post(urlPathEqualTo(REPO + "/issues/7/comments")).willReturn(aResponse().withStatus(201)
                .withHeader("Content-Type", "application/json").withBody("""
                        {"id":5,"body":"x","html_url":"https://github.example/acme/inventory/pull/7#issuecomment-5",
                         "url":"%s/repos/acme/inventory/issues/comments/5","user":{"login":"bot","id":3}}
                        """.formatted(gh.baseUrl()))));
    }
}
