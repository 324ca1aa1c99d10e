package dev.repofix.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a GitHub Actions run tells a container action through its environment and
 * event file.
 *
 * @param eventName     {@code pull_request}, {@code push}, {@code schedule}, ...
 * @param repository    {@code owner/name} of the repository the workflow runs in
 * @param sha           the commit under test: the pull request's head, else {@code GITHUB_SHA}
 * @param pullRequest   the pull request's number; empty for other events
 * @param fork          whether the pull request comes from another repository (its token is read-only)
 * @param workspace     the checked-out repository ({@code GITHUB_WORKSPACE})
 * @param apiUrl        the REST API root ({@code GITHUB_API_URL})
 * @param serverUrl     the web root ({@code GITHUB_SERVER_URL})
 * @param outputFile    {@code GITHUB_OUTPUT}, when set
 * @param summaryFile   {@code GITHUB_STEP_SUMMARY}, when set
 * @param token         the token to post with: input {@code github-token}, else {@code GITHUB_TOKEN}
 */
public record GitHubContext(
        String eventName,
        String repository,
        String sha,
        OptionalInt pullRequest,
        boolean fork,
        Path workspace,
        String apiUrl,
        String serverUrl,
        Optional<Path> outputFile,
        Optional<Path> summaryFile,
        Optional<String> token) {
    public static final String DEFAULT_API_URL = "https://api.github.com";
    public static final String DEFAULT_SERVER_URL = "https://github.com";

    public GitHubContext {
        Objects.requireNonNull(eventName, "eventName");
        Objects.requireNonNull(repository, "repository");
        Objects.requireNonNull(sha, "sha");
        Objects.requireNonNull(pullRequest, "pullRequest");
        Objects.requireNonNull(workspace, "workspace");
        Objects.requireNonNull(apiUrl, "apiUrl");
        Objects.requireNonNull(serverUrl, "serverUrl");
        Objects.requireNonNull(outputFile, "outputFile");
        Objects.requireNonNull(summaryFile, "summaryFile");
        Objects.requireNonNull(token, "token");
    }

    /** Whether this process runs as a GitHub Actions step. */
    public static boolean present(HostEnvironment host) {
        return host.get("GITHUB_ACTIONS").map("true"::equalsIgnoreCase).orElse(false);
    }

    /**
     * Reads the context from the environment and the event file.
     *
     * @throws ConfigException when a required variable is missing or the event file cannot be read
     */
    public static GitHubContext from(HostEnvironment host) {
        String repository = required(host, "GITHUB_REPOSITORY");
        String eventName = host.get("GITHUB_EVENT_NAME").orElse("");
        Path workspace = Path.of(required(host, "GITHUB_WORKSPACE"));
        String sha = host.get("GITHUB_SHA").orElse("");
        OptionalInt pr = OptionalInt.empty();
        boolean fork = false;
        Optional<String> eventPath = host.get("GITHUB_EVENT_PATH").filter(p -> !p.isBlank());
        if (eventPath.isPresent()) {
            JsonNode event = readEvent(Path.of(eventPath.get()));
            JsonNode pull = event.path("pull_request");
            if (pull.isObject() && pull.path("number").canConvertToInt()) {
                pr = OptionalInt.of(pull.path("number").asInt());
                String head = pull.path("head").path("sha").asText("");
                if (!head.isBlank()) {
                    sha = head; // GITHUB_SHA is the merge commit there; lines are linked at the head
                }
                String headRepo = pull.path("head").path("repo").path("full_name").asText("");
                String baseRepo = pull.path("base").path("repo").path("full_name").asText(repository);
                fork = !headRepo.isBlank() && !headRepo.equalsIgnoreCase(baseRepo);
            }
        }
        if (sha.isBlank()) {
            throw new ConfigException("GITHUB_SHA is not set and the event names no head commit; run repofix as a "
                    + "step of a GitHub Actions job, or use 'repofix fix' outside Actions");
        }
        Optional<String> token = host.get("INPUT_GITHUB-TOKEN").or(() -> host.get("INPUT_GITHUB_TOKEN"))
                .or(() -> host.get("GITHUB_TOKEN")).filter(t -> !t.isBlank());
        return new GitHubContext(eventName, repository, sha, pr, fork, workspace,
                host.get("GITHUB_API_URL").filter(s -> !s.isBlank()).orElse(DEFAULT_API_URL),
                host.get("GITHUB_SERVER_URL").filter(s -> !s.isBlank()).orElse(DEFAULT_SERVER_URL),
                host.get("GITHUB_OUTPUT").filter(s -> !s.isBlank()).map(Path::of),
                host.get("GITHUB_STEP_SUMMARY").filter(s -> !s.isBlank()).map(Path::of), token);
    }

    /** This job's event ({@code GITHUB_EVENT_PATH}); an empty object when there is none. */
    static JsonNode event(HostEnvironment host) {
        Optional<String> path = host.get("GITHUB_EVENT_PATH").filter(p -> !p.isBlank());
        return path.isPresent() ? readEvent(Path.of(path.get())) : new ObjectMapper().createObjectNode();
    }

    private static JsonNode readEvent(Path file) {
        try {
            JsonNode node = new ObjectMapper().readTree(Files.readString(file));
            if (node == null || !node.isObject()) {
                throw new ConfigException("the event file " + file + " (GITHUB_EVENT_PATH) holds no JSON object");
            }
            return node;
        } catch (IOException e) {
            throw new ConfigException("cannot read the event file " + file + " (GITHUB_EVENT_PATH): " + e.getMessage()
                    + "; GitHub writes it for every job, so check that the step runs in Actions");
        }
    }

    private static String required(HostEnvironment host, String name) {
        return host.get(name).filter(v -> !v.isBlank()).orElseThrow(() -> new ConfigException(
                name + " is not set; 'repofix action' runs as a GitHub Actions step (use 'repofix fix' elsewhere)"));
    }
}
