package dev.repofix.report;

import dev.repofix.config.ConfigException;
import dev.repofix.config.GitLabContext;
import dev.repofix.model.Sleeper;
import dev.repofix.pipeline.RunResult;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * Which publishers a GitLab CI job runs: for the image's own run, the report files (with
 * the Code Quality file) and the merge-request note, left out with a notice when there is
 * no token; for a saved report, the note once the report passed the trust check.
 */
public final class GitLabPublishing {
    private final Clock clock;
    private final Sleeper sleeper;

    public GitLabPublishing(Clock clock, Sleeper sleeper) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    }

    /** The run in {@code gl}'s job, its reports written to {@code outDir}. */
    public Publisher forAction(GitLabContext gl, Path outDir) {
        Publisher note = gl.token().<Publisher>map(token -> new GitLabReporter(new GitLabTarget(URI.create(gl.apiUrl()),
                        gl.projectId(), gl.mergeRequestIid(), gl.sha(), URI.create(gl.projectUrl())), token, clock,
                        sleeper))
                .orElseGet(() -> new Skipped("the merge-request note", Publication.notice("no GITLAB_TOKEN (a token"
                        + " with the api scope): the merge-request note is skipped; the reports are in " + outDir)));
        return new CompositePublisher("the job's reports", List.of(new ReportFiles(outDir), note));
    }

    /**
     * A saved report ({@code report} names it in refusals): the merge-request note.
     *
     * @throws ConfigException when the report names another project or merge request, or there is no token
     */
    public Publisher forSavedReport(RunResult run, String report, GitLabContext gl) {
        int mr = new SavedReportCheck(report).gitLabMergeRequest(run, gl);
        String token = gl.token().orElseThrow(() -> new ConfigException("no GITLAB_TOKEN (a token with the api "
                + "scope): set it to publish the merge-request note"));
        GitLabTarget target = new GitLabTarget(URI.create(gl.apiUrl()), gl.projectId(), OptionalInt.of(mr),
                run.origin().headSha().orElse(gl.sha()), URI.create(gl.projectUrl()));
        return new GitLabReporter(target, token, clock, sleeper);
    }
}
