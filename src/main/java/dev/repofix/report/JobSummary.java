package dev.repofix.report;

import dev.repofix.pipeline.RunResult;
import java.nio.file.Path;
import java.util.Objects;

/** The job summary ({@code GITHUB_STEP_SUMMARY}): the sticky comment's text, appended. */
public final class JobSummary implements Publisher {
    private final Path summaryFile;
    private final GitHubTarget target;

    public JobSummary(Path summaryFile, GitHubTarget target) {
        this.summaryFile = Objects.requireNonNull(summaryFile, "summaryFile");
        this.target = Objects.requireNonNull(target, "target");
    }

    @Override
    public String what() {
        return "the job summary";
    }

    @Override
    public Publication publish(RunResult result) {
        return RunnerFiles.append(summaryFile, PullRequestComment.render(result, target) + "\n");
    }
}
