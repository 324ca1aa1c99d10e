package dev.repofix.eval.mine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.config.RepofixException;
import dev.repofix.config.RepofixException.ErrorKind;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The issues of one GitLab project, through GitLab's REST API v4
 * ({@code GET /projects/:id/issues/:iid}, the project named by its URL-encoded path). A
 * missing issue (404) is no issue; a rate limit (429) is waited out as its
 * {@code Retry-After} says when that is short, else it fails with the wait it asked for.
 */
public final class GitLabIssues implements IssueTracker {
    /** The longest a {@code Retry-After} is waited inside a mining run, and how often. */
    static final Duration LONGEST_WAIT = Duration.ofSeconds(60);
    static final int RETRIES = 3;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Waits between attempts; a test passes one that records instead of sleeping. */
    public interface Sleeper {
        void sleep(Duration d) throws InterruptedException;
    }

    private final URI api;
    private final String project;
    private final Optional<String> token;
    private final HttpClient http;
    private final Sleeper sleeper;

    /**
     * @param serverUrl the GitLab server ({@code https://gitlab.example}); the API is its {@code /api/v4}
     * @param project   {@code group/project} (subgroups allowed: {@code group/sub/project})
     * @param token     a token with read_api scope, sent as {@code PRIVATE-TOKEN}; empty asks anonymously
     */
    public GitLabIssues(URI serverUrl, String project, Optional<String> token, Sleeper sleeper) {
        this.project = Objects.requireNonNull(project, "project");
        if (!project.matches("[\\w.-]+(/[\\w.-]+)+")) {
            throw new RepofixException(ErrorKind.INPUT, "--gitlab wants group/project, not '" + project + "'");
        }
        this.api = URI.create(serverUrl.toString().replaceAll("/+$", "") + "/api/v4/");
        this.token = Objects.requireNonNull(token, "token");
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
        this.http = HttpClient.newBuilder().connectTimeout(TIMEOUT).followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    public GitLabIssues(URI serverUrl, String project, Optional<String> token) {
        this(serverUrl, project, token, d -> Thread.sleep(d.toMillis()));
    }

    @Override
    public Optional<TrackedIssue> issue(int number) {
        URI uri = api.resolve("projects/" + URLEncoder.encode(project, StandardCharsets.UTF_8) + "/issues/" + number);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(TIMEOUT).header("Accept", "application/json")
                .GET();
        token.ifPresent(t -> request.header("PRIVATE-TOKEN", t));
        for (int attempt = 0; ; attempt++) {
            HttpResponse<String> response = send(request.build(), number);
            switch (response.statusCode()) {
                case 200 -> {
                    return Optional.of(parse(number, response.body()));
                }
                case 404 -> {
                    return Optional.empty();
                }
                case 429 -> {
                    Optional<Duration> wait = retryAfter(response);
                    if (attempt >= RETRIES || wait.isEmpty() || wait.get().compareTo(LONGEST_WAIT) > 0) {
                        throw new RepofixException(ErrorKind.RUNTIME, "GitLab's API rate limit is spent while reading"
                                + " issue #" + number + " of " + project + " (429" + wait.map(w -> ", Retry-After "
                                + w.toSeconds() + " s").orElse("") + ", " + attempt + " retries); give a token "
                                + "(GITLAB_TOKEN), wait, or mine without --gitlab");
                    }
                    pause(wait.get(), number);
                }
                case 401, 403 -> throw new RepofixException(ErrorKind.INPUT, "GitLab refused to show issue #" + number
                        + " of " + project + " (" + response.statusCode() + "); give a token that can read it "
                        + "(GITLAB_TOKEN, scope read_api)");
                default -> throw new RepofixException(ErrorKind.RUNTIME, "cannot read issue #" + number + " of "
                        + project + " from GitLab: HTTP " + response.statusCode() + " from " + uri
                        + "; check --gitlab, --gitlab-url and the token");
            }
        }
    }

    private HttpResponse<String> send(HttpRequest request, int number) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new RepofixException(ErrorKind.RUNTIME, "cannot read issue #" + number + " of " + project
                    + " from GitLab at " + request.uri() + ": " + e + "; check --gitlab-url and the network", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RepofixException(ErrorKind.RUNTIME, "interrupted while reading issue #" + number
                    + " from GitLab", e);
        }
    }

    private void pause(Duration wait, int number) {
        try {
            sleeper.sleep(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RepofixException(ErrorKind.RUNTIME, "interrupted while waiting out GitLab's rate limit for "
                    + "issue #" + number, e);
        }
    }

    /** {@code Retry-After} in seconds (GitLab sends seconds); empty when absent or not a number. */
    private static Optional<Duration> retryAfter(HttpResponse<?> response) {
        return response.headers().firstValue("Retry-After").flatMap(v -> {
            try {
                return Optional.of(Duration.ofSeconds(Math.max(0, Long.parseLong(v.strip()))));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        });
    }

    /** An issue as API v4 returns it: {@code title}, {@code description} (null when empty), {@code labels} (names). */
    private TrackedIssue parse(int number, String body) {
        try {
            JsonNode issue = JSON.readTree(body);
            List<String> labels = new ArrayList<>();
            // Names by default; objects with a name when asked with with_labels_details=true.
            issue.path("labels").forEach(l -> labels.add(l.isTextual() ? l.asText() : l.path("name").asText()));
            return new TrackedIssue(number, text(issue, "title"), text(issue, "description"), labels);
        } catch (IOException e) {
            throw new RepofixException(ErrorKind.RUNTIME, "GitLab's answer for issue #" + number + " of " + project
                    + " is not JSON: " + e.getMessage(), e);
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.path(field);
        return v.isTextual() ? v.asText() : "";
    }
}
