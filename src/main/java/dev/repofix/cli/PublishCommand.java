package dev.repofix.cli;

import dev.repofix.app.Environment;
import dev.repofix.config.ConfigException;
import dev.repofix.config.ConfigKey;
import dev.repofix.config.ConfigResolver;
import dev.repofix.config.GitHubContext;
import dev.repofix.config.GitLabContext;
import dev.repofix.config.PublishSettings;
import dev.repofix.config.WorkflowRun;
import dev.repofix.model.Sleeper;
import dev.repofix.pipeline.RunResult;
import dev.repofix.report.GitHubMode;
import dev.repofix.report.GitHubPublishing;
import dev.repofix.report.GitLabPublishing;
import dev.repofix.report.Publication;
import dev.repofix.report.RunRecordReader;
import dev.repofix.report.WorkflowCommands;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
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
        description = {"Posts a saved report.json without running anything.",
                "Posts it as a comment, a review or a check run, or as a GitLab merge-request note. "
                        + "Refuses a report that does not match docs/report.schema.json, or that names another "
                        + "repository, pull request or commit than the event.",
                "Exit codes: 0 posted (GitHub's refusals are warnings), 2 a refused report or bad input, "
                        + "3 GitHub or GitLab could not be asked."})
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
            Publication p = new GitLabPublishing(env.clock(), sleeper)
                    .forSavedReport(run, report.toString(), GitLabContext.from(env.host())).publish(run);
            printGitLab(p, out, err);
            return ExitCodes.OK;
        }
        GitHubContext gh = GitHubContext.from(env.host());
        gh.token().ifPresent(t -> out.println(WorkflowCommands.mask(t)));
        GitHubMode chosen = GitHubMode.parse(settings().mode());
        Publication p = new GitHubPublishing(env.clock(), sleeper).forSavedReport(run, report.toString(), gh,
                () -> WorkflowRun.of(env.host()), chosen).publish(run);
        printGitHub(p, out, err);
        // The trust check above refused a report without a pull request.
        out.println("repofix: published run " + run.runId() + " (" + run.status() + ") on " + gh.repository() + "#"
                + run.origin().pullRequest().orElseThrow());
        out.flush();
        return ExitCodes.OK;
    }

    /** A publication in a GitHub job: what was posted to stderr, notices and warnings as workflow commands. */
    static void printGitHub(Publication p, PrintWriter out, PrintWriter err) {
        p.posted().forEach(line -> err.println("repofix: posted " + line));
        for (Publication.Note note : p.notes()) {
            out.println(switch (note) {
                case Publication.Note.Notice n -> WorkflowCommands.notice(n.text());
                case Publication.Note.Warning w -> WorkflowCommands.warning(w.text());
            });
        }
        err.flush();
    }

    /** A publication in a GitLab job: what was posted to stderr, notices and warnings as plain lines. */
    static void printGitLab(Publication p, PrintWriter out, PrintWriter err) {
        p.posted().forEach(line -> err.println("repofix: posted " + line));
        for (Publication.Note note : p.notes()) {
            out.println(switch (note) {
                case Publication.Note.Notice n -> "repofix: " + n.text();
                case Publication.Note.Warning w -> "repofix: warning: " + w.text();
            });
        }
        err.flush();
        out.flush();
    }

    /** The mode from --mode, the action's input or REPOFIX_MODE; never from a repository's file. */
    private PublishSettings settings() {
        Map<ConfigKey, String> flags = new EnumMap<>(ConfigKey.class);
        if (mode != null) {
            flags.put(ConfigKey.MODE, mode);
        }
        return PublishSettings.of(ConfigResolver.resolve(flags, env.host(), Optional.empty()));
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
