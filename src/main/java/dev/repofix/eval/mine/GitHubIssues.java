package dev.repofix.eval.mine;

import dev.repofix.config.RepofixException;
import dev.repofix.config.RepofixException.ErrorKind;
import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.kohsuke.github.GHFileNotFoundException;
import org.kohsuke.github.GHIssue;
import org.kohsuke.github.GHLabel;
import org.kohsuke.github.GHRepository;
import org.kohsuke.github.GitHub;
import org.kohsuke.github.GitHubAbuseLimitHandler;
import org.kohsuke.github.GitHubBuilder;
import org.kohsuke.github.GitHubRateLimitHandler;
import org.kohsuke.github.connector.GitHubConnectorResponse;

/**
 * The issues of one GitHub repository, through GitHub's REST API (github-api). A missing
 * issue (404: deleted, transferred, or a number from another tracker) is no issue; a spent
 * rate limit fails at once with when it resets, since waiting up to an hour inside a
 * mining run helps nobody.
 */
public final class GitHubIssues implements IssueTracker {
    private final String repository;
    private final GitHub github;
    private GHRepository repo;

    /**
     * @param apiUrl     the API's base URL ({@code GITHUB_API_URL})
     * @param repository {@code owner/name}
     * @param token      a token; empty asks anonymously (60 requests an hour)
     */
    public GitHubIssues(URI apiUrl, String repository, Optional<String> token) {
        this.repository = Objects.requireNonNull(repository, "repository");
        if (!repository.matches("[\\w.-]+/[\\w.-]+")) {
            throw new RepofixException(ErrorKind.INPUT, "--github wants owner/name, not '" + repository + "'");
        }
        GitHubBuilder builder = new GitHubBuilder().withEndpoint(apiUrl.toString().replaceAll("/+$", ""))
                .withRateLimitHandler(new GitHubRateLimitHandler() {
                    @Override
                    public void onError(GitHubConnectorResponse response) throws IOException {
                        throw new RateLimited(response.header("X-RateLimit-Reset"));
                    }
                })
                .withAbuseLimitHandler(new GitHubAbuseLimitHandler() {
                    @Override
                    public void onError(GitHubConnectorResponse response) throws IOException {
                        throw new RateLimited(response.header("X-RateLimit-Reset"));
                    }
                });
        token.ifPresent(builder::withOAuthToken);
        try {
            this.github = builder.build();
        } catch (IOException e) {
            throw new RepofixException(ErrorKind.RUNTIME, "cannot set up the GitHub client for " + apiUrl + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public synchronized Optional<TrackedIssue> issue(int number) {
        try {
            GHIssue issue = repository().getIssue(number);
            return Optional.of(new TrackedIssue(number, Objects.requireNonNullElse(issue.getTitle(), ""),
                    Objects.requireNonNullElse(issue.getBody(), ""),
                    issue.getLabels().stream().map(GHLabel::getName).toList()));
        } catch (GHFileNotFoundException e) {
            return Optional.empty();
        } catch (RateLimited e) {
            throw new RepofixException(ErrorKind.RUNTIME, "GitHub's API rate limit is spent" + e.resetText()
                    + " while reading issue #" + number + " of " + repository + "; give a token (GITHUB_TOKEN), "
                    + "wait, or mine without --github", e);
        } catch (IOException e) {
            throw new RepofixException(ErrorKind.RUNTIME, "cannot read issue #" + number + " of " + repository
                    + " from GitHub: " + e.getMessage() + "; check --github and the token", e);
        }
    }

    private GHRepository repository() throws IOException {
        if (repo == null) {
            try {
                repo = github.getRepository(repository);
            } catch (GHFileNotFoundException e) {
                throw new RepofixException(ErrorKind.INPUT, "GitHub has no repository " + repository + " (404), or "
                        + "the token cannot see it; check --github and the token", e);
            }
        }
        return repo;
    }

    /**
     * GitHub said the rate limit is spent. Unchecked, so that the client passes it on as it
     * is instead of retrying the request as it does on an I/O error.
     */
    private static final class RateLimited extends RuntimeException {
        private final String reset;

        RateLimited(String reset) {
            super("rate limit");
            this.reset = reset;
        }

        String resetText() {
            try {
                return reset == null ? "" : " (it resets at " + Instant.ofEpochSecond(Long.parseLong(reset.strip()))
                        + ")";
            } catch (NumberFormatException e) {
                return "";
            }
        }
    }
}
