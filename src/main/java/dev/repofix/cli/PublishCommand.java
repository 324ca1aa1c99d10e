package dev.repofix.cli;

import dev.repofix.app.Environment;
import dev.repofix.config.ConfigException;
import dev.repofix.config.ConfigKey;
import dev.repofix.config.ConfigResolver;
import dev.repofix.config.GitHubContext;
import dev.repofix.config.GitLabContext;
import dev.repofix.config.RepofixException;
import dev.repofix.config.PublishSettings;
import dev.repofix.config.WorkflowRun;
import dev.repofix.model.Sleeper;
import dev.repofix.pipeline.RunResult;
import dev.repofix.report.GitHubMode;
import dev.repofix.report.GitHubReporter;
import dev.repofix.report.GitHubTarget;
import dev.repofix.report.GitLabReporter;
import dev.repofix.report.GitLabTarget;
import dev.repofix.report.Publication;
import dev.repofix.report.RunRecordReader;
import dev.repofix.report.WorkflowCommands;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code repofix publish}: posts a saved run record without running anything. The
 * privileged half of the fork pull-request pattern: a {@code pull_request} workflow runs
 * the untrusted tests with a read-only token and uploads {@code report.json}; a
 * {@code workflow_run} workflow, which has write permission and runs none of the fork's
 * code, publishes it. The report is untrusted input: it must match the schema and name
 * this repository, and a pull request whose head is the commit the event says was tested.
 */
@Command(name = "publish", mixinStandardHelpOptions = true,
        description = {"Posts a saved report.json (comment, review, check run; or a GitLab merge-request note) without",
                "running anything. Refuses a report that does not match docs/report.schema.json, or that names",
                "another repository, pull request or commit than the event. Exit codes: 0 posted (GitHub's refusals",
                "are warnings), 2 a refused report or bad input, 3 GitHub or GitLab could not be asked."})
final class PublishCommand implements Callable<Integer> {
    /** A run record is a few hundred kilobytes; far larger is no report of ours. */
    static final long MAX_REPORT_BYTES = 32L * 1024 * 1024;

    @Spec
    CommandSpec spec;

    @Option(names = "--report", paramLabel = "FILE", required = true, description = "The saved report.json.")
    Path report;

    @Option(names = "--mode", paramLabel = "MODE", description = "comment, review, check or summary-only. "
            + "Default: the action's mode input, else comment.")
    String mode;

    private final Environment env;
    private final Sleeper sleeper;

    PublishCommand(Environment env, Sleeper sleeper) {
        this.env = env;
        this.sleeper = sleeper;
    }

    @Override
    public Integer call() {
        return publish(report, spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /** Publishes {@code file}; also the action's entrypoint when its publish-report input is set. */
    int publish(Path file, PrintWriter out, PrintWriter err) {
        report = file;
        RunResult run = new RunRecordReader().read(read(report), report.toString());
        if (!GitHubContext.present(env.host()) && GitLabContext.present(env.host())) {
            return gitLab(run, GitLabContext.from(env.host()), out, err);
        }
        GitHubContext gh = GitHubContext.from(env.host());
        gh.token().ifPresent(t -> out.println(WorkflowCommands.mask(t)));
        GitHubMode chosen = GitHubMode.parse(settings().mode());
        if (gh.token().isEmpty()) {
            throw new ConfigException("no token: set the github-token input or GITHUB_TOKEN (with pull-requests: write"
                    + " and checks: write) to publish");
        }
        String repository = sameRepository(run, gh.repository());
        int pr = run.origin().pullRequest().orElseThrow(() -> refused("it names no pull request (origin.pullRequest);"
                + " publish reports written by 'repofix action' in a pull_request workflow"));
        String headSha = run.origin().headSha().orElseThrow(() -> refused("it names no commit (origin.headSha)"));
        GitHubTarget target = new GitHubTarget(URI.create(gh.apiUrl()), URI.create(gh.serverUrl()), repository,
                OptionalInt.of(pr), headSha);
        GitHubReporter reporter = new GitHubReporter(target, gh.token().get(), env.clock(), sleeper);
        checkEvent(run, pr, headSha, gh, reporter);
        Publication p = reporter.publish(run, chosen);
        p.posted().forEach(line -> err.println("repofix: posted " + line));
        p.warnings().forEach(w -> out.println(WorkflowCommands.warning(w)));
        err.flush();
        out.println("repofix: published run " + run.runId() + " (" + run.status() + ") on " + repository + "#" + pr);
        out.flush();
        return ExitCodes.OK;
    }

    /**
     * The event must be about the run the report says it is: in a {@code workflow_run}
     * job the tested commit is the event's head, and the pull request is one GitHub ties to
     * it, or (for a fork, where GitHub ties none) one whose head the API says is that commit.
     */
    private void checkEvent(RunResult run, int pr, String headSha, GitHubContext gh, GitHubReporter reporter) {
        Optional<WorkflowRun> workflowRun = WorkflowRun.of(env.host());
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
                String head;
                try {
                    head = reporter.pullRequestHead(pr);
                } catch (RepofixException e) {
                    if (e.kind() == RepofixException.ErrorKind.INPUT) {
                        throw refused(e.getMessage());
                    }
                    throw e;
                }
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

    private String sameRepository(RunResult run, String expected) {
        String named = run.origin().repository().orElseThrow(() -> refused("it names no repository"));
        if (!named.equalsIgnoreCase(expected)) {
            throw refused("it names repository " + named + ", but this job runs in " + expected);
        }
        return expected;
    }

    private int gitLab(RunResult run, GitLabContext gl, PrintWriter out, PrintWriter err) {
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
        String token = gl.token().orElseThrow(() -> new ConfigException("no GITLAB_TOKEN (a token with the api "
                + "scope): set it to publish the merge-request note"));
        GitLabTarget target = new GitLabTarget(URI.create(gl.apiUrl()), gl.projectId(), OptionalInt.of(mr),
                run.origin().headSha().orElse(gl.sha()), URI.create(gl.projectUrl()));
        Publication p = new GitLabReporter(target, token, env.clock(), sleeper).publish(run);
        p.posted().forEach(line -> err.println("repofix: posted " + line));
        p.warnings().forEach(w -> out.println("repofix: warning: " + w));
        err.flush();
        out.flush();
        return ExitCodes.OK;
    }

    /** The mode from --mode, the action's input or REPOFIX_MODE; never from a repository's file. */
    private PublishSettings settings() {
        Map<ConfigKey, String> flags = new EnumMap<>(ConfigKey.class);
        if (mode != null) {
            flags.put(ConfigKey.MODE, mode);
        }
        return PublishSettings.of(ConfigResolver.resolve(flags, env.host(), Optional.empty()));
    }

    private ConfigException refused(String why) {
        return new ConfigException("refusing to publish " + report + ": " + why);
    }

    private static String read(Path file) {
        try {
            if (!Files.isRegularFile(file)) {
                throw new ConfigException("no such report: " + file + "; pass --report with the report.json that "
                        + "'repofix action' wrote (e.g. from the uploaded artifact)");
            }
            if (Files.size(file) > MAX_REPORT_BYTES) {
                throw new ConfigException(file + " is larger than " + MAX_REPORT_BYTES / 1024 / 1024
                        + " MiB: it is no report repofix wrote");
            }
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigException("cannot read the report " + file + ": " + e.getMessage());
        }
    }
}
