package dev.repofix.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.model.Sleeper;
import dev.repofix.pipeline.RunResult;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Posts a run's result as ONE merge-request note through GitLab's REST API v4, found
 * again by {@link PullRequestComment#MARKER} and updated in place. 429s are waited out
 * within a budget (Retry-After); what GitLab still refuses is a warning.
 */
public final class GitLabReporter implements Publisher {
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
    static final Duration WAIT_BUDGET = Duration.ofMinutes(2);
    private static final int MAX_PAGES = 50;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final GitLabTarget target;
    private final String token;
    private final Clock clock;
    private final Sleeper sleeper;
    private final HttpClient http;
    private Duration waited = Duration.ZERO;

    public GitLabReporter(GitLabTarget target, String token, Clock clock, Sleeper sleeper) {
        this.target = Objects.requireNonNull(target, "target");
        this.token = Objects.requireNonNull(token, "token");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
        this.http = HttpClient.newBuilder().connectTimeout(REQUEST_TIMEOUT).build();
    }

    @Override
    public String what() {
        return "the merge-request note";
    }

    /** Creates or updates the note; never throws for what GitLab refuses. */
    @Override
    public Publication publish(RunResult result) {
        List<String> posted = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        if (target.mergeRequestIid().isEmpty()) {
            warnings.add("no merge request for this pipeline: the result is in the report artifact only");
            return Publication.of(posted, warnings);
        }
        String body = PullRequestComment.render(result, target.headSha(), target::lineLink);
        String notes = root() + "/projects/" + URLEncoder.encode(target.projectId(), StandardCharsets.UTF_8)
                + "/merge_requests/" + target.mergeRequestIid().getAsInt() + "/notes";
        try {
            Optional<Long> existing = findNote(notes);
            String payload = JSON.createObjectNode().put("body", body).toString();
            if (existing.isPresent()) {
                send(HttpRequest.newBuilder(URI.create(notes + "/" + existing.get()))
                        .PUT(HttpRequest.BodyPublishers.ofString(payload)), "update the note");
                posted.add("note updated " + existing.get());
            } else {
                HttpResponse<String> r = send(HttpRequest.newBuilder(URI.create(notes))
                        .POST(HttpRequest.BodyPublishers.ofString(payload)), "create the note");
                posted.add("note created " + JSON.readTree(r.body()).path("id").asText("?"));
            }
        } catch (GitLabRefused e) {
            warnings.add(e.getMessage());
        } catch (IOException e) {
            warnings.add("could not reach GitLab at " + target.apiUrl() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            warnings.add("interrupted while posting to GitLab");
        }
        return Publication.of(posted, warnings);
    }

    private String root() {
        return target.apiUrl().toString().replaceAll("/+$", "");
    }

    /** Pages through the notes (X-Next-Page) for our marker. */
    private Optional<Long> findNote(String notes) throws IOException, InterruptedException {
        String page = "1";
        for (int i = 0; i < MAX_PAGES && page != null && !page.isBlank(); i++) {
            HttpResponse<String> r = send(HttpRequest.newBuilder(URI.create(notes + "?per_page=100&page=" + page)).GET(),
                    "list the merge request's notes");
            JsonNode list = JSON.readTree(r.body());
            for (JsonNode note : list) {
                if (note.path("body").asText("").contains(PullRequestComment.MARKER)) {
                    return Optional.of(note.path("id").asLong());
                }
            }
            page = r.headers().firstValue("X-Next-Page").orElse(null);
        }
        return Optional.empty();
    }

    private HttpResponse<String> send(HttpRequest.Builder request, String what) throws IOException, InterruptedException {
        HttpRequest built = request.timeout(REQUEST_TIMEOUT).header("PRIVATE-TOKEN", token)
                .header("Content-Type", "application/json").build();
        while (true) {
            HttpResponse<String> r = http.send(built, HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() / 100 == 2) {
                return r;
            }
            if (r.statusCode() == 429) {
                Duration wait = RateLimitWaits.waitFor(r.headers().firstValue("Retry-After").orElse(null),
                        r.headers().firstValue("RateLimit-Reset").orElse(null), clock.instant());
                if (waited.plus(wait).compareTo(WAIT_BUDGET) <= 0) {
                    waited = waited.plus(wait);
                    sleeper.sleep(wait);
                    continue;
                }
            }
            throw new GitLabRefused("could not " + what + ": HTTP " + r.statusCode() + " " + firstLine(r.body())
                    + (r.statusCode() == 401 || r.statusCode() == 403
                            ? "; set GITLAB_TOKEN to a token with the api scope (CI_JOB_TOKEN cannot post notes)"
                            : ""));
        }
    }

    private static String firstLine(String s) {
        String line = s == null ? "" : s.lines().findFirst().orElse("");
        return Texts.oneLine(line, 300);
    }

    /** GitLab answered with an error that waiting does not cure. */
    private static final class GitLabRefused extends IOException {
        GitLabRefused(String message) {
            super(message);
        }
    }
}
