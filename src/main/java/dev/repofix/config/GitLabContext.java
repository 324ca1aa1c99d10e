package dev.repofix.config;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a GitLab CI job tells repofix through its predefined variables.
 *
 * @param apiUrl          {@code CI_API_V4_URL}
 * @param projectId       {@code CI_PROJECT_ID}
 * @param mergeRequestIid {@code CI_MERGE_REQUEST_IID}, set in merge-request pipelines only
 * @param sha             {@code CI_COMMIT_SHA}
 * @param projectUrl      {@code CI_PROJECT_URL}
 * @param projectDir      {@code CI_PROJECT_DIR}, the checkout
 * @param token           {@code GITLAB_TOKEN}: a token with the api scope (the job token cannot post notes)
 */
public record GitLabContext(String apiUrl, String projectId, OptionalInt mergeRequestIid, String sha, String projectUrl,
        Path projectDir, Optional<String> token) {
    public GitLabContext {
        Objects.requireNonNull(apiUrl, "apiUrl");
        Objects.requireNonNull(projectId, "projectId");
        Objects.requireNonNull(mergeRequestIid, "mergeRequestIid");
        Objects.requireNonNull(sha, "sha");
        Objects.requireNonNull(projectUrl, "projectUrl");
        Objects.requireNonNull(projectDir, "projectDir");
        Objects.requireNonNull(token, "token");
    }

    /** Whether this process runs as a GitLab CI job. */
    public static boolean present(HostEnvironment host) {
        return host.get("GITLAB_CI").map("true"::equalsIgnoreCase).orElse(false);
    }

    /** @throws ConfigException when a variable GitLab always sets is missing or malformed */
    public static GitLabContext from(HostEnvironment host) {
        OptionalInt mr = OptionalInt.empty();
        Optional<String> iid = host.get("CI_MERGE_REQUEST_IID").filter(s -> !s.isBlank());
        if (iid.isPresent()) {
            try {
                mr = OptionalInt.of(Integer.parseInt(iid.get().trim()));
            } catch (NumberFormatException e) {
                throw new ConfigException("CI_MERGE_REQUEST_IID must be a number, got '" + iid.get() + "'");
            }
        }
        return new GitLabContext(required(host, "CI_API_V4_URL"), required(host, "CI_PROJECT_ID"), mr,
                required(host, "CI_COMMIT_SHA"), required(host, "CI_PROJECT_URL"),
                Path.of(required(host, "CI_PROJECT_DIR")),
                host.get("GITLAB_TOKEN").filter(t -> !t.isBlank()));
    }

    private static String required(HostEnvironment host, String name) {
        return host.get(name).filter(v -> !v.isBlank()).orElseThrow(() -> new ConfigException(
                name + " is not set; GitLab CI sets it for every job, so run 'repofix action' as a job step"));
    }
}
