package dev.repofix.report;

import java.net.URI;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * Where in GitLab a run reports.
 *
 * @param apiUrl          the REST API v4 root ({@code CI_API_V4_URL})
 * @param projectId       the project's id or URL-encoded path ({@code CI_PROJECT_ID})
 * @param mergeRequestIid the merge request's iid; empty outside merge-request pipelines
 * @param headSha         the commit the tests ran on
 * @param projectUrl      the project's web URL, for links to lines
 */
public record GitLabTarget(URI apiUrl, String projectId, OptionalInt mergeRequestIid, String headSha, URI projectUrl) {
    public GitLabTarget {
        Objects.requireNonNull(apiUrl, "apiUrl");
        Objects.requireNonNull(projectId, "projectId");
        Objects.requireNonNull(mergeRequestIid, "mergeRequestIid");
        Objects.requireNonNull(headSha, "headSha");
        Objects.requireNonNull(projectUrl, "projectUrl");
    }

    /** A link to {@code path:line} at the head commit, the path percent-encoded. */
    public String lineLink(String path, int line) {
        return projectUrl.toString().replaceAll("/+$", "") + "/-/blob/" + LineLinks.encoded(headSha) + "/"
                + LineLinks.encoded(path) + "#L" + line;
    }
}
