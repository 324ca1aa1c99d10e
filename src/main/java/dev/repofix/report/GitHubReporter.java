package dev.repofix.report;

import dev.repofix.config.RepofixException;
import dev.repofix.model.Sleeper;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.stage.Location;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestResult;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.kohsuke.github.GHCheckRun;
import org.kohsuke.github.GHCheckRunBuilder;
import org.kohsuke.github.GHException;
import org.kohsuke.github.GHIssue;
import org.kohsuke.github.GHIssueComment;
import org.kohsuke.github.GHPullRequest;
import org.kohsuke.github.GHPullRequestFileDetail;
import org.kohsuke.github.GHPullRequestReview;
import org.kohsuke.github.GHPullRequestReviewBuilder;
import org.kohsuke.github.GHPullRequestReviewEvent;
import org.kohsuke.github.GHRepository;
import org.kohsuke.github.GitHub;
import org.kohsuke.github.GitHubBuilder;
import org.kohsuke.github.HttpException;

/**
 * Posts a run's result to GitHub through github-api against {@link GitHubTarget#apiUrl()}
 * (github.com, GHES or a test server): one sticky pull-request comment, updated in place
 * on every re-run, and in {@link GitHubMode#CHECK} a check run with annotations at the
 * fault lines. Permissions (a fork's read-only token), a deleted pull request and
 * rate limits that outlast the wait budget end as warnings, never as a failed run:
 * the report is also in the job summary and the output folder.
 */
public final class GitHubReporter {
    /** GitHub takes at most 50 annotations per request; github-api sends the rest in updates. */
    static final int ANNOTATIONS_PER_REQUEST = 50;
    static final String CHECK_NAME = "repofix";
    /** How much of the fix's diff the check run's text shows; the report artifact has it whole. */
    private static final int DIFF = 20_000;

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
        List<String> posted = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        if (mode == GitHubMode.SUMMARY_ONLY) {
            return Publication.of(posted, warnings);
        }
        GHRepository repo;
        try {
            repo = connect().getRepository(target.repository());
        } catch (IOException e) {
            warnings.add("cannot reach " + target.repository() + " at " + target.apiUrl() + ": " + reason(e));
            return Publication.of(posted, warnings);
        }
        if (target.pullRequest().isPresent()) {
            attempt(() -> posted.add("comment " + stickyComment(repo, result)), "the pull-request comment", warnings);
        } else {
            warnings.add("no pull request for this event: the result is in the job summary only");
        }
        if (mode == GitHubMode.REVIEW) {
            if (target.pullRequest().isEmpty() || result.fix().isEmpty()) {
                warnings.add("no review: " + (result.fix().isEmpty() ? "no fix was proven" : "no pull request"));
            } else if (result.commit().isPresent() && !result.commit().get().equalsIgnoreCase(target.headSha())) {
                // actions/checkout takes the merge commit of a pull request by default; the
                // fix's line numbers are then not the head's, and suggestions would land wrong.
                warnings.add("no review: the tests ran on " + abbreviated(result.commit().get()) + ", not on the pull"
                        + " request's head " + abbreviated(target.headSha()) + "; check out the head (actions/checkout"
                        + " with ref: ${{ github.event.pull_request.head.sha }}) for suggestions");
            } else {
                attempt(() -> review(repo, result, posted, warnings), "the review", warnings);
            }
        }
        if (mode == GitHubMode.CHECK) {
            attempt(() -> posted.add("check run " + checkRun(repo, result)), "the check run", warnings);
        }
        return Publication.of(posted, warnings);
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
                    + " for pull request #" + number + " of " + target.repository() + ": " + reason(e), e);
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

    /** Finds our comment by its marker among the pull request's comments; updates it, or creates one. */
    private String stickyComment(GHRepository repo, RunResult result) throws IOException {
        String body = PullRequestComment.render(result, target);
        GHIssue issue = repo.getIssue(target.pullRequest().getAsInt());
        for (GHIssueComment c : issue.queryComments().list().withPageSize(100)) {
            if (c.getBody() != null && c.getBody().contains(PullRequestComment.MARKER)) {
                c.update(body);
                return "updated " + c.getHtmlUrl();
            }
        }
        return "created " + issue.comment(body).getHtmlUrl();
    }

    /**
     * One review (event COMMENT) whose comments carry suggestions for the fix's hunks
     * on lines of the pull request's diff; the rest stay in the sticky comment.
     */
    private void review(GHRepository repo, RunResult result, List<String> posted, List<String> warnings)
            throws IOException {
        GHPullRequest pr = repo.getPullRequest(target.pullRequest().getAsInt());
        Map<String, String> patches = new HashMap<>();
        for (GHPullRequestFileDetail f : pr.listFiles().withPageSize(100)) {
            if (f.getPatch() != null) {
                patches.put(f.getFilename(), f.getPatch());
            }
        }
        ReviewSuggestions.Result r = ReviewSuggestions.of(result.fix().get().diff(), patches);
        if (r.suggestions().isEmpty()) {
            warnings.add("no review: no hunk of the fix lies on lines this pull request changes; the patch is in the"
                    + " comment");
            return;
        }
        GHPullRequestReviewBuilder review = pr.createReview().commitId(target.headSha())
                .event(GHPullRequestReviewEvent.COMMENT)
                .body("repofix: " + Markdown.text(Headline.of(result)) + (r.leftOut() == 0 ? "" : " (" + r.leftOut()
                        + " more hunk(s) outside this pull request's diff are in the sticky comment)"));
        for (ReviewSuggestions.Suggestion s : r.suggestions()) {
            if (s.startLine() == s.line()) {
                review.singleLineComment(s.body(), s.path(), s.line());
            } else {
                review.multiLineComment(s.body(), s.path(), s.startLine(), s.line());
            }
        }
        try {
            GHPullRequestReview created = review.create();
            posted.add("review " + (created.getHtmlUrl() != null ? created.getHtmlUrl() : created.getId()) + " with "
                    + r.suggestions().size() + " suggestion(s)");
        } catch (HttpException e) {
            if (e.getResponseCode() != 422) {
                throw e;
            }
            // GitHub's own view of the diff disagreed (a line outside it): the patch is in the comment.
            warnings.add("GitHub refused the review's suggestions (HTTP 422: " + firstLine(e.getMessage())
                    + "); the patch is in the comment");
        }
    }

    private String checkRun(GHRepository repo, RunResult result) throws IOException {
        GHCheckRunBuilder.Output output = new GHCheckRunBuilder.Output(Headline.of(result), checkSummary(result));
        for (GHCheckRunBuilder.Annotation a : annotations(result)) {
            output.add(a);
        }
        GHCheckRun run = repo.createCheckRun(CHECK_NAME, target.headSha())
                .withStatus(GHCheckRun.Status.COMPLETED)
                .withConclusion(conclusion(result.status()))
                .withCompletedAt(java.util.Date.from(clock.instant()))
                .add(output)
                .create();
        return String.valueOf(run.getHtmlUrl() != null ? run.getHtmlUrl() : run.getId());
    }

    /**
     * success: the tests pass, or a fix was proven; failure: tests fail and no fix was
     * proven (or the build is broken), or repofix could not finish (the summary says why);
     * neutral: only flaky tests failed, or a stage could not answer; cancelled: interrupted.
     */
    static GHCheckRun.Conclusion conclusion(RunStatus status) {
        return switch (status) {
            case TESTS_PASS, FIXED -> GHCheckRun.Conclusion.SUCCESS;
            case NOT_FIXED, BUILD_BROKEN, ERROR -> GHCheckRun.Conclusion.FAILURE;
            case FLAKY_ONLY, STAGE_FAILED -> GHCheckRun.Conclusion.NEUTRAL;
            case CANCELLED -> GHCheckRun.Conclusion.CANCELLED;
        };
    }

    /** The check run's text (Markdown), within GitHub's 65,535 characters: the run's text is capped before escaping. */
    static String checkSummary(RunResult result) {
        StringBuilder sb = new StringBuilder();
        result.issue().ifPresent(i -> sb.append("**").append(Markdown.text(i.title(), 200)).append("**\n\n")
                .append(Markdown.prose(i.description(), PullRequestComment.DESCRIPTION)).append("\n\n"));
        result.fix().ifPresent(f -> {
            String diff = f.diff().length() <= DIFF ? f.diff()
                    : f.diff().substring(0, DIFF) + "\n... (cut; see the report artifact)\n";
            sb.append("A fix the tests prove: ").append(Markdown.textWithCode(f.description(), 200)).append(" at ")
                    .append(Markdown.code(Texts.where(f), 300)).append("\n\n").append(Markdown.fence("diff", diff));
        });
        return sb.length() == 0 ? Markdown.text(Headline.of(result)) : sb.toString();
    }

    /** Suspected lines as warnings, then failing tests' own frames as failures, each place once. */
    static List<GHCheckRunBuilder.Annotation> annotations(RunResult result) {
        List<GHCheckRunBuilder.Annotation> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        result.localization().ifPresent(l -> {
            for (Location loc : l.locations()) {
                if (seen.add(loc.file() + ":" + loc.line())) {
                    out.add(new GHCheckRunBuilder.Annotation(loc.file(), loc.line(), GHCheckRun.AnnotationLevel.WARNING,
                            "Suspected fault: " + plain(loc.reason().isBlank() ? loc.content().strip() : loc.reason())));
                }
            }
        });
        for (TestResult t : result.failing()) {
            // Frames are in-repository ones, deepest first: the first is where it was thrown.
            if (!t.frames().isEmpty()) {
                StackFrame f = t.frames().get(0);
                if (seen.add(f.file() + ":" + f.line())) {
                    out.add(new GHCheckRunBuilder.Annotation(f.file(), f.line(), GHCheckRun.AnnotationLevel.FAILURE,
                            plain(t.id()) + " fails here: " + plain(t.message())));
                }
            }
        }
        return out;
    }

    /** An annotation's message is plain text: the run's words one line, visible, at most 300 characters. */
    private static String plain(String s) {
        return Markdown.visibleLine(s, 300);
    }

    private interface GitHubCall {
        void run() throws IOException;
    }

    private void attempt(GitHubCall call, String what, List<String> warnings) {
        try {
            call.run();
        } catch (IOException e) {
            warnings.add("could not post " + what + ": " + reason(e));
        } catch (GHException e) {
            // github-api's paged lists wrap the IOException of a page in this unchecked one.
            warnings.add("could not post " + what + ": " + (e.getCause() instanceof IOException io ? reason(io)
                    : firstLine(e.getMessage())));
        }
    }

    /** A warning's reason, with the next step for the answers a workflow can fix. */
    static String reason(IOException e) {
        if (e instanceof java.io.FileNotFoundException) {
            // github-api's GHFileNotFoundException: what it raises for HTTP 404.
            return "not found (HTTP 404): the pull request or repository is gone, or the token cannot see it";
        }
        if (e instanceof HttpException h) {
            int code = h.getResponseCode();
            String msg = firstLine(h.getMessage());
            if (code == 403 && msg.contains("not accessible by integration")) {
                return "the token is read-only (a pull request from a fork?): use the two-workflow pattern in"
                        + " workflows-examples/, or grant pull-requests: write and checks: write";
            }
            if (code == 404) {
                return "not found (HTTP 404): the pull request or repository is gone, or the token cannot see it";
            }
            if (code == 403 || code == 429) {
                return "GitHub still limits the rate after waiting (HTTP " + code + "): " + msg;
            }
            return "HTTP " + code + ": " + msg;
        }
        return firstLine(String.valueOf(e.getMessage()));
    }

    private static String abbreviated(String sha) {
        return sha.substring(0, Math.min(12, sha.length()));
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return Texts.oneLine(nl < 0 ? s : s.substring(0, nl), 300);
    }
}
