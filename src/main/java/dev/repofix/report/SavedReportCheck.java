package dev.repofix.report;

import dev.repofix.config.ConfigException;
import dev.repofix.config.GitHubContext;
import dev.repofix.config.GitLabContext;
import dev.repofix.config.RepofixException;
import dev.repofix.config.WorkflowRun;
import dev.repofix.pipeline.RunResult;
import java.util.Objects;
import java.net.URI;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * The trust check of the fork pull-request pattern: a saved report is untrusted input
 * (a fork's job wrote it), so it is published only when it names this repository, a
 * pull request and the commit the event says was tested. Every refusal is a
 * {@link ConfigException} that names the report and why.
 */
final class SavedReportCheck {
    private final String report;

    /** @param report the report's name in refusals (its path) */
    SavedReportCheck(String report) {
        this.report = Objects.requireNonNull(report, "report");
    }

    /** Where the report would be posted: this repository, its pull request, its commit. */
    GitHubTarget gitHubTarget(RunResult run, GitHubContext gh) {
        String repository = sameRepository(run, gh.repository());
        int pr = run.origin().pullRequest().orElseThrow(() -> refused("it names no pull request (origin.pullRequest);"
                + " publish reports written by 'repofix action' in a pull_request workflow"));
        String headSha = run.origin().headSha().orElseThrow(() -> refused("it names no commit (origin.headSha)"));
        return new GitHubTarget(URI.create(gh.apiUrl()), URI.create(gh.serverUrl()), repository, OptionalInt.of(pr),
                headSha);
    }

    /**
     * The event must be about the run the report says it is: in a {@code workflow_run}
     * job the tested commit is the event's head, and the pull request is one GitHub ties to
     * it, or (for a fork, where GitHub ties none) one whose head the API says is that commit.
     *
     * @param event           the job's {@code workflow_run} event, when it was started by one
     * @param pullRequestHead the head commit of a pull request, asked of GitHub
     */
    void checkEvent(GitHubTarget target, GitHubContext gh, Supplier<Optional<WorkflowRun>> event,
            IntFunction<String> pullRequestHead) {
        int pr = target.pullRequest().getAsInt();
        String headSha = target.headSha();
        Optional<WorkflowRun> workflowRun = event.get();
        if (workflowRun.isPresent()) {
            WorkflowRun w = workflowRun.get();
            if (!w.headSha().equalsIgnoreCase(headSha)) {
                throw refused("it is about commit " + headSha + ", but the workflow run that uploaded it tested "
                        + w.headSha());
            }
            if (!w.pullRequests().isEmpty() && !w.pullRequests().contains(pr)) {
                throw refused("it names pull request #" + pr + ", but the workflow run was for " + w.pullRequests());
            }
            if (w.pullRequests().isEmpty()) {
                String head = askedHead(pr, pullRequestHead);
                if (!head.equalsIgnoreCase(headSha)) {
                    throw refused("it names pull request #" + pr + ", whose head is " + head + ", not the tested "
                            + "commit " + headSha);
                }
            }
            return;
        }
        if (gh.pullRequest().isPresent() && gh.pullRequest().getAsInt() != pr) {
            throw refused("it names pull request #" + pr + ", but this job's event is for #" + gh.pullRequest()
                    .getAsInt());
        }
        if (gh.pullRequest().isPresent() && !gh.sha().equalsIgnoreCase(headSha)) {
            throw refused("it is about commit " + headSha + ", but this job's pull request head is " + gh.sha());
        }
        if (gh.pullRequest().isEmpty()) {
            throw refused("this job's event (" + gh.eventName() + ") is about no pull request and no workflow run; "
                    + "publish from a job started by 'on: workflow_run'");
        }
    }

    private String askedHead(int pr, IntFunction<String> pullRequestHead) {
        try {
            return pullRequestHead.apply(pr);
        } catch (RepofixException e) {
            if (e.kind() == RepofixException.ErrorKind.INPUT) {
                throw refused(e.getMessage());
            }
            throw e;
        }
    }

    private String sameRepository(RunResult run, String expected) {
        String named = run.origin().repository().orElseThrow(() -> refused("it names no repository"));
        if (!named.equalsIgnoreCase(expected)) {
            throw refused("it names repository " + named + ", but this job runs in " + expected);
        }
        return expected;
    }

    /** The merge request the report is for: in this project, and this pipeline's when it has one. */
    int gitLabMergeRequest(RunResult run, GitLabContext gl) {
        String named = run.origin().repository().orElseThrow(() -> refused("it names no project"));
        String project = gl.projectId();
        if (!named.equals(project)) {
            throw refused("it names project " + named + ", but this job runs in " + project);
        }
        int mr = run.origin().pullRequest().orElseThrow(() -> refused("it names no merge request"));
        if (gl.mergeRequestIid().isPresent() && gl.mergeRequestIid().getAsInt() != mr) {
            throw refused("it names merge request !" + mr + ", but this pipeline is for !"
                    + gl.mergeRequestIid().getAsInt());
        }
        return mr;
    }

    private ConfigException refused(String why) {
        return new ConfigException("refusing to publish " + report + ": " + why);
    }
}
