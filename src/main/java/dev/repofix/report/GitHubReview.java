package dev.repofix.report;

import dev.repofix.pipeline.RunResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.kohsuke.github.GHPullRequest;
import org.kohsuke.github.GHPullRequestFileDetail;
import org.kohsuke.github.GHPullRequestReview;
import org.kohsuke.github.GHPullRequestReviewBuilder;
import org.kohsuke.github.GHPullRequestReviewEvent;
import org.kohsuke.github.GHRepository;
import org.kohsuke.github.HttpException;

/**
 * One review (event COMMENT) whose comments carry suggestions for the fix's hunks on
 * lines of the pull request's diff; the rest stay in the sticky comment.
 */
final class GitHubReview implements Publisher {
    private final GHRepository repo;
    private final GitHubTarget target;

    GitHubReview(GHRepository repo, GitHubTarget target) {
        this.repo = Objects.requireNonNull(repo, "repo");
        this.target = Objects.requireNonNull(target, "target");
    }

    @Override
    public String what() {
        return "the review";
    }

    @Override
    public Publication publish(RunResult result) {
        if (target.pullRequest().isEmpty() || result.fix().isEmpty()) {
            return Publication.warning("no review: " + (result.fix().isEmpty() ? "no fix was proven" : "no pull request"));
        }
        if (result.commit().isPresent() && !result.commit().get().equalsIgnoreCase(target.headSha())) {
            // actions/checkout takes the merge commit of a pull request by default; the
            // fix's line numbers are then not the head's, and suggestions would land wrong.
            return Publication.warning("no review: the tests ran on " + GitHubCalls.abbreviated(result.commit().get())
                    + ", not on the pull request's head " + GitHubCalls.abbreviated(target.headSha())
                    + "; check out the head (actions/checkout with ref: ${{ github.event.pull_request.head.sha }})"
                    + " for suggestions");
        }
        List<String> posted = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        GitHubCalls.attempt(() -> review(result, posted, warnings), what(), warnings);
        return Publication.of(posted, warnings);
    }

    private void review(RunResult result, List<String> posted, List<String> warnings) throws IOException {
        GHPullRequest pr = repo.getPullRequest(target.pullRequest().getAsInt());
        Map<String, String> patches = new HashMap<>();
        for (GHPullRequestFileDetail f : pr.listFiles().withPageSize(100)) {
            if (f.getPatch() != null) {
                patches.put(f.getFilename(), f.getPatch());
            }
        }
        ReviewSuggestions.Result r = ReviewSuggestions.of(result.fix().get().patch(), patches);
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
            warnings.add("GitHub refused the review's suggestions (HTTP 422: " + GitHubCalls.firstLine(e.getMessage())
                    + "); the patch is in the comment");
        }
    }
}
