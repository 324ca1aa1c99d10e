package dev.repofix.report;

import java.net.URI;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * Where on GitHub a run reports.
 *
 * @param apiUrl      the REST API root ({@code GITHUB_API_URL}: github.com, GHES, or a test server)
 * @param serverUrl   the web root ({@code GITHUB_SERVER_URL}), for links to lines
 * @param repository  {@code owner/name}
 * @param pullRequest the pull request's number; empty for push, schedule and dispatch runs
 * @param headSha     the commit the tests ran on
 */
public record GitHubTarget(URI apiUrl, URI serverUrl, String repository, OptionalInt pullRequest, String headSha) {
    public GitHubTarget {
        Objects.requireNonNull(apiUrl, "apiUrl");
        Objects.requireNonNull(serverUrl, "serverUrl");
        Objects.requireNonNull(repository, "repository");
        Objects.requireNonNull(pullRequest, "pullRequest");
        Objects.requireNonNull(headSha, "headSha");
        if (!repository.matches("[^/\\s]+/[^/\\s]+")) {
            throw new IllegalArgumentException("repository must be owner/name, got '" + repository + "'");
        }
    }

    /** A link to {@code path:line} at the head commit, the path percent-encoded. */
    public String lineLink(String path, int line) {
        String root = serverUrl.toString().replaceAll("/+$", "");
        return root + "/" + repository + "/blob/" + LineLinks.encoded(headSha) + "/" + LineLinks.encoded(path) + "#L"
                + line;
    }
}
