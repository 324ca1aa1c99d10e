package dev.repofix.cli;

import dev.repofix.app.ActionRun;
import dev.repofix.app.Environment;
import dev.repofix.history.StoreLocation;
import dev.repofix.history.FixRuns;
import dev.repofix.config.ConfigException;
import dev.repofix.config.GitHubContext;
import dev.repofix.config.GitLabContext;
import dev.repofix.config.Settings;
import dev.repofix.model.Sleeper;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.report.GitHubMode;
import dev.repofix.report.Publication;
import dev.repofix.report.ReportWriter;
import dev.repofix.report.SummaryReport;
import dev.repofix.report.WorkflowCommands;
import dev.repofix.stage.Location;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code repofix action}: the entrypoint of the GitHub container action. Reads the
 * inputs ({@code INPUT_*}), the event and {@code GITHUB_*}; runs like {@code fix} on
 * the workspace; writes the reports, the step outputs and the job summary; posts to
 * the pull request per {@code mode}.
 */
@Command(name = "action", mixinStandardHelpOptions = true,
        description = {"Entrypoint of the GitHub container action and the GitLab CI job.",
                "Runs 'fix' on GITHUB_WORKSPACE, writes GITHUB_OUTPUT and GITHUB_STEP_SUMMARY, and posts "
                        + "a sticky pull-request comment (mode comment), plus a review (mode review) or a check run "
                        + "(mode check). Settings come from the action's inputs (INPUT_*).",
                "In GitLab CI (GITLAB_CI=true) it writes gl-code-quality-report.json and posts one "
                        + "merge-request note with GITLAB_TOKEN (a token with the api scope)."})
final class ActionCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RunOptions options = new RunOptions();

    private final Environment env;
    private final Sleeper sleeper;

    ActionCommand(Environment env, Sleeper sleeper) {
        this.env = env;
        this.sleeper = sleeper;
    }

    @Override
    public Integer call() {
        Optional<String> saved = env.host().get("INPUT_PUBLISH-REPORT").or(() -> env.host().get("INPUT_PUBLISH_REPORT"))
                .filter(v -> !v.isBlank());
        if (saved.isPresent()) {
            // The privileged half of the fork pattern: post a saved record, run nothing.
            return new PublishCommand(env, sleeper).publish(Path.of(saved.get()), spec.commandLine().getOut(),
                    spec.commandLine().getErr());
        }
        ActionRun action = new ActionRun(env, sleeper);
        if (action.onGitLab()) {
            return gitLab(action, GitLabContext.from(env.host()));
        }
        PrintWriter out = spec.commandLine().getOut();
        GitHubContext gh = GitHubContext.from(env.host());
        Settings settings = options.settings(env.host(), Optional.empty());
        action.secrets(gh, settings).forEach(s -> out.println(WorkflowCommands.mask(s)));
        out.flush();
        GitHubMode mode = GitHubMode.parse(settings.publish().mode());
        FailOn failOn = FailOn.parse(settings.publish().failOn());
        options.repo = gh.workspace().toString();
        options.out = ActionRun.reportDir(gh.workspace(), options.out);
        out.println(WorkflowCommands.group("repofix: run the tests, localize, search for a fix"));
        out.flush();
        RunResult result;
        try {
            result = action.run(settings, options.config(settings, env.host()), gh, spec.commandLine().getErr(),
                    progress());
        } finally {
            out.println(WorkflowCommands.endGroup());
            out.flush();
        }
        annotate(result, out);
        Publication published = action.publish(gh, options.out, mode, result);
        PublishCommand.printGitHub(published, out, spec.commandLine().getErr());
        recordHistory(gh.workspace(), result, options.out, out);
        out.println(new SummaryReport().render(result, List.of()).lines().findFirst().orElse(""));
        out.flush();
        return failOn.exitCode(result.status());
    }

    private ConsoleProgress progress() {
        return new ConsoleProgress(spec.commandLine().getErr(), false);
    }

    /**
     * The same image as a GitLab CI step: the reports (with the Code Quality file for
     * {@code artifacts:reports:codequality}) and one merge-request note.
     */
    private int gitLab(ActionRun action, GitLabContext gl) {
        PrintWriter out = spec.commandLine().getOut();
        Settings settings = options.settings(env.host(), Optional.empty());
        FailOn failOn = FailOn.parse(settings.publish().failOn());
        options.repo = gl.projectDir().toString();
        options.out = ActionRun.reportDir(gl.projectDir(), options.out);
        RunResult result = action.run(settings, options.config(settings, env.host()), gl, spec.commandLine().getErr(),
                progress());
        Publication published = action.publish(gl, options.out, result);
        PublishCommand.printGitLab(published, out, spec.commandLine().getErr());
        out.println(new SummaryReport().render(result, List.of()).lines().findFirst().orElse(""));
        out.flush();
        return failOn.exitCode(result.status());
    }

    /**
     * The {@code history} input: record the run in a SQLite file (relative to the workspace) or a
     * PostgreSQL URL, whose password is masked in the log first. A failure is a warning.
     */
    private void recordHistory(Path workspace, RunResult result, Path outDir, PrintWriter out) {
        Optional<String> history = env.host().get("INPUT_HISTORY").filter(v -> !v.isBlank());
        if (history.isEmpty()) {
            return;
        }
        try {
            StoreLocation.of(history.get(), workspace).secrets()
                    .forEach(s -> out.println(WorkflowCommands.mask(s)));
        } catch (RuntimeException e) {
            // an unusable value is reported by record, below, as a warning
        }
        out.flush();
        Optional<String> report = Optional.of(outDir.resolve(ReportWriter.JSON)).filter(Files::isRegularFile)
                .map(Path::toString);
        HistoryCommand.record(history.get(), workspace, () -> FixRuns.of(result, report),
                spec.commandLine().getOut());
    }

    private static void annotate(RunResult result, PrintWriter out) {
        for (Location l : ActionRun.annotations(result)) {
            out.println(WorkflowCommands.error(l.file(), l.line(), "repofix: suspected fault",
                    l.reason().isBlank() ? l.content().strip() : l.reason()));
        }
    }

    /** When the step fails. */
    enum FailOn {
        NEVER, NO_FIX, FAILURES;

        static FailOn parse(String text) {
            return switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
                case "never" -> NEVER;
                case "no-fix" -> NO_FIX;
                case "failures" -> FAILURES;
                default -> throw new ConfigException("fail-on must be never, no-fix or failures, got '" + text + "'");
            };
        }

        /**
         * Never: 0 whatever happened (the comment and summary still say it). Otherwise a run
         * that could not finish (ERROR, CANCELLED) fails the step with 3, as the CLI does.
         */
        int exitCode(RunStatus status) {
            if (this != NEVER && (status == RunStatus.ERROR || status == RunStatus.CANCELLED)) {
                return ExitCodes.ERROR;
            }
            boolean fail = switch (this) {
                case NEVER -> false;
                case NO_FIX -> switch (status) {
                    case NOT_FIXED, BUILD_BROKEN, ENVIRONMENT, STAGE_FAILED, ERROR, CANCELLED -> true;
                    case TESTS_PASS, FIXED, FLAKY_ONLY -> false;
                };
                case FAILURES -> status != RunStatus.TESTS_PASS;
            };
            return fail ? ExitCodes.NOT_FIXED : ExitCodes.OK;
        }
    }
}
