package dev.repofix.report;

import dev.repofix.config.RepofixException;
import dev.repofix.model.Sleeper;
import dev.repofix.pipeline.RunResult;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.kohsuke.github.GHRepository;
import org.kohsuke.github.GitHub;
import org.kohsuke.github.GitHubBuilder;

/**
 * Posts a run's result to GitHub through github-api against {@link GitHubTarget#apiUrl()}
 * (github.com, GHES or a test server): one sticky pull-request comment, updated in place
 * on every re-run, in {@link GitHubMode#REVIEW} a review with suggestions and in
 * {@link GitHubMode#CHECK} a check run with annotations at the fault lines, each its own
 * {@link Publisher}. Permissions (a fork's read-only token), a deleted pull request and
 * rate limits that outlast the wait budget end as warnings, never as a failed run: the
 * report is also in the job summary and the output folder.
 */
public final class GitHubReporter {
    private final GitHubTarget target;
    private final String token;
    private final Clock clock;
    private final Sleeper sleeper;

    public GitHubReporter(GitHubTarget target, String token, Clock clock, Sleeper sleeper) {
        this.target = Objects.requireNonNull(target, "target");
        this.token = Objects.requireNonNull(token, "token");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    }

    /** Posts per {@code mode}; never throws for what GitHub refuses, returns warnings instead. */
    public Publication publish(RunResult result, GitHubMode mode) {
        if (mode == GitHubMode.SUMMARY_ONLY) {
            return Publication.none();
        }
        GHRepository repo;
        try {
            repo = connect().getRepository(target.repository());
        } catch (IOException e) {
            return Publication.warning("cannot reach " + target.repository() + " at " + target.apiUrl() + ": "
                    + GitHubCalls.reason(e));
        }
        List<Publisher> publishers = new ArrayList<>(List.of(new GitHubComment(repo, target)));
        if (mode == GitHubMode.REVIEW) {
            publishers.add(new GitHubReview(repo, target));
        }
        if (mode == GitHubMode.CHECK) {
            publishers.add(new GitHubCheckRun(repo, target, clock));
        }
        return new CompositePublisher("the pull request", publishers).publish(result);
    }

    /** This reporter in {@code mode}, as one publisher. */
    public Publisher in(GitHubMode mode) {
        Objects.requireNonNull(mode, "mode");
        return new Publisher() {
            @Override
            public String what() {
                return "the pull request";
            }

            @Override
            public Publication publish(RunResult result) {
                return GitHubReporter.this.publish(result, mode);
            }
        };
    }

    /**
     * The head commit of pull request {@code number} in the target repository, asked of
     * the API: what a saved report's pull request is checked against before it is
     * published for a fork, whose {@code workflow_run} event names no pull request.
     *
     * @throws RepofixException (runtime) when GitHub cannot be asked; (input) when there is no such pull request
     */
    public String pullRequestHead(int number) {
        try {
            return connect().getRepository(target.repository()).getPullRequest(number).getHead().getSha();
        } catch (org.kohsuke.github.GHFileNotFoundException e) {
            throw new RepofixException(RepofixException.ErrorKind.INPUT, "pull request #" + number + " of "
                    + target.repository() + " does not exist; the report names another repository's pull request");
        } catch (IOException e) {
            throw new RepofixException(RepofixException.ErrorKind.RUNTIME, "cannot ask " + target.apiUrl()
                    + " for pull request #" + number + " of " + target.repository() + ": " + GitHubCalls.reason(e), e);
        }
    }

    private GitHub connect() throws IOException {
        RateLimitWaits waits = new RateLimitWaits(clock, sleeper);
        return new GitHubBuilder()
                .withEndpoint(target.apiUrl().toString().replaceAll("/+$", ""))
                .withOAuthToken(token)
                .withRateLimitHandler(waits.rateLimit())
                .withAbuseLimitHandler(waits.secondaryLimit())
                .build();
    }
}
