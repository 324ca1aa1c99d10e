package dev.repofix.report;

import dev.repofix.pipeline.RunResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.kohsuke.github.GHIssue;
import org.kohsuke.github.GHIssueComment;
import org.kohsuke.github.GHRepository;

/** The sticky pull-request comment: found again by its marker and updated in place on every re-run. */
final class GitHubComment implements Publisher {
    private final GHRepository repo;
    private final GitHubTarget target;

    GitHubComment(GHRepository repo, GitHubTarget target) {
        this.repo = Objects.requireNonNull(repo, "repo");
        this.target = Objects.requireNonNull(target, "target");
    }

    @Override
    public String what() {
        return "the pull-request comment";
    }

    @Override
    public Publication publish(RunResult result) {
        if (target.pullRequest().isEmpty()) {
            return Publication.warning("no pull request for this event: the result is in the job summary only");
        }
        List<String> posted = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        GitHubCalls.attempt(() -> posted.add("comment " + stickyComment(result)), what(), warnings);
        return Publication.of(posted, warnings);
    }

    /** Finds our comment by its marker among the pull request's comments; updates it, or creates one. */
    private String stickyComment(RunResult result) throws IOException {
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
}
