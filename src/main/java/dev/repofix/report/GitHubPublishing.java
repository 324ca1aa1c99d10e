package dev.repofix.report;

import dev.repofix.config.ConfigException;
import dev.repofix.config.GitHubContext;
import dev.repofix.config.WorkflowRun;
import dev.repofix.model.Sleeper;
import dev.repofix.pipeline.RunResult;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Which publishers a GitHub job runs, decided from the mode and the event: for the
 * action's own run, the report files, the step outputs, the job summary and then the
 * pull request (unless the mode is summary-only, the pull request comes from a fork or
 * there is no token); for a saved report, the pull request once the report passed the
 * fork trust check. Each is a composite: one failing publisher is a warning.
 */
public final class GitHubPublishing {
    private final Clock clock;
    private final Sleeper sleeper;

    public GitHubPublishing(Clock clock, Sleeper sleeper) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    }

    /** The action's run in {@code gh}'s job, its reports written to {@code outDir}. */
    public Publisher forAction(GitHubContext gh, Path outDir, GitHubMode mode) {
        GitHubTarget target = new GitHubTarget(URI.create(gh.apiUrl()), URI.create(gh.serverUrl()), gh.repository(),
                gh.pullRequest(), gh.sha());
        List<Publisher> publishers = new ArrayList<>();
        publishers.add(new ReportFiles(outDir));
        gh.outputFile().ifPresent(f -> publishers.add(new StepOutputs(f, outDir)));
        gh.summaryFile().ifPresent(f -> publishers.add(new JobSummary(f, target)));
        pullRequest(gh, target, mode).ifPresent(publishers::add);
        return new CompositePublisher("the action's reports", publishers);
    }

    private Optional<Publisher> pullRequest(GitHubContext gh, GitHubTarget target, GitHubMode mode) {
        if (mode == GitHubMode.SUMMARY_ONLY) {
            return Optional.empty();
        }
        if (gh.fork()) {
            return Optional.of(new Skipped("the pull request", Publication.notice("pull request from a fork: its token"
                    + " is read-only, so the result is in the job summary and the report folder only; see"
                    + " workflows-examples/ for the two-workflow pattern that posts it")));
        }
        if (gh.token().isEmpty()) {
            return Optional.of(new Skipped("the pull request", Publication.warning("no token: set the github-token"
                    + " input (default: the job's token) to post on the pull request; the result is in the job"
                    + " summary")));
        }
        return Optional.of(new GitHubReporter(target, gh.token().get(), clock, sleeper).in(mode));
    }

    /**
     * A saved report ({@code report} names it in refusals), in a job with write permission:
     * the pull request per {@code mode}, after the fork trust check. {@code workflowRun} (the
     * job's {@code workflow_run} event) is read only once the report's own fields passed.
     *
     * @throws ConfigException when there is no token or the report is refused: it is not about this
     *                         repository, a pull request of it and the commit the event says was tested
     */
    public Publisher forSavedReport(RunResult run, String report, GitHubContext gh,
            Supplier<Optional<WorkflowRun>> workflowRun, GitHubMode mode) {
        if (gh.token().isEmpty()) {
            throw new ConfigException("no token: set the github-token input or GITHUB_TOKEN (with pull-requests: write"
                    + " and checks: write) to publish");
        }
        SavedReportCheck check = new SavedReportCheck(report);
        GitHubTarget target = check.gitHubTarget(run, gh);
        GitHubReporter reporter = new GitHubReporter(target, gh.token().get(), clock, sleeper);
        check.checkEvent(target, gh, workflowRun, reporter::pullRequestHead);
        return reporter.in(mode);
    }
}
