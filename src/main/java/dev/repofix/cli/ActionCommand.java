package dev.repofix.cli;

import dev.repofix.app.CompositionRoot;
import dev.repofix.app.Environment;
import dev.repofix.history.StoreLocation;
import dev.repofix.history.FixRuns;
import dev.repofix.config.ConfigException;
import dev.repofix.config.GitHubContext;
import dev.repofix.config.GitLabContext;
import dev.repofix.config.RunConfig;
import dev.repofix.config.Settings;
import dev.repofix.exec.Executor;
import dev.repofix.model.Sleeper;
import dev.repofix.pipeline.RepairPipeline;
import dev.repofix.pipeline.RunOrigin;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.report.GitHubMode;
import dev.repofix.report.GitHubPublishing;
import dev.repofix.report.GitLabPublishing;
import dev.repofix.report.Publication;
import dev.repofix.report.ReportWriter;
import dev.repofix.report.SummaryReport;
import dev.repofix.report.WorkflowCommands;
import dev.repofix.stage.Location;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
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
        description = {"Entrypoint of the GitHub container action: runs 'fix' on GITHUB_WORKSPACE, writes",
                "GITHUB_OUTPUT and GITHUB_STEP_SUMMARY, and posts a sticky pull-request comment (mode comment),",
                "plus a review (mode review) or a check run (mode check). Settings come from the action's inputs",
                "(INPUT_*). In GitLab CI (GITLAB_CI=true) it writes gl-code-quality-report.json and posts one",
                "merge-request note with GITLAB_TOKEN (a token with the api scope)."})
final class ActionCommand implements Callable<Integer> {
    private static final int MAX_ANNOTATIONS = 10;
    /** Variables whose values are masked in the log when set, besides the one api-key-env names. */
    private static final List<String> KEY_VARIABLES = List.of("OPENAI_API_KEY", "ANTHROPIC_API_KEY",
            "AZURE_OPENAI_API_KEY");

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
        if (!GitHubContext.present(env.host()) && GitLabContext.present(env.host())) {
            return gitLab(GitLabContext.from(env.host()));
        }
        PrintWriter out = spec.commandLine().getOut();
        GitHubContext gh = GitHubContext.from(env.host());
        Settings settings = options.settings(env.host(), Optional.empty());
        maskSecrets(gh, settings, out);
        GitHubMode mode = mode(settings);
        FailOn failOn = FailOn.parse(settings.publish().failOn());
        options.repo = gh.workspace().toString();
        if (options.out == null || !options.out.isAbsolute()) {
            options.out = gh.workspace().resolve(options.out == null ? Path.of("repofix-out") : options.out);
        }
        out.println(WorkflowCommands.group("repofix: run the tests, localize, search for a fix"));
        out.flush();
        RunResult result;
        try {
            result = run(settings).withOrigin(new RunOrigin(trigger(gh.eventName()), Optional.of(gh.repository()),
                    gh.pullRequest().isPresent() ? Optional.of(gh.pullRequest().getAsInt()) : Optional.empty(),
                    Optional.of(gh.sha())));
        } finally {
            out.println(WorkflowCommands.endGroup());
            out.flush();
        }
        annotate(result, out);
        Publication published = new GitHubPublishing(env.clock(), sleeper).forAction(gh, options.out, mode)
                .publish(result);
        PublishCommand.printGitHub(published, out, spec.commandLine().getErr());
        recordHistory(gh.workspace(), result, options.out, out);
        out.println(new SummaryReport().render(result, List.of()).lines().findFirst().orElse(""));
        out.flush();
        return failOn.exitCode(result.status());
    }

    private static GitHubMode mode(Settings settings) {
        return GitHubMode.parse(settings.publish().mode());
    }

    /** One run like {@code repofix fix}, with the options already pointed at the checkout. */
    private RunResult run(Settings settings) {
        RunConfig config = options.config(settings, env.host());
        CompositionRoot root = new CompositionRoot(settings, env);
        try (Executor executor = root.executor(spec.commandLine().getErr())) {
            RepairPipeline pipeline = root.pipeline(executor, root.engine(executor),
                    new ConsoleProgress(spec.commandLine().getErr(), false));
            return pipeline.run(config);
        }
    }

    /**
     * The same image as a GitLab CI step: the reports (with the Code Quality file for
     * {@code artifacts:reports:codequality}) and one merge-request note.
     */
    private int gitLab(GitLabContext gl) {
        PrintWriter out = spec.commandLine().getOut();
        Settings settings = options.settings(env.host(), Optional.empty());
        FailOn failOn = FailOn.parse(settings.publish().failOn());
        options.repo = gl.projectDir().toString();
        if (options.out == null || !options.out.isAbsolute()) {
            options.out = gl.projectDir().resolve(options.out == null ? Path.of("repofix-out") : options.out);
        }
        RunResult result = run(settings).withOrigin(new RunOrigin(gl.mergeRequestIid().isPresent() ? "pr" : "other",
                Optional.of(gl.projectId()), gl.mergeRequestIid().isPresent()
                        ? Optional.of(gl.mergeRequestIid().getAsInt()) : Optional.empty(), Optional.of(gl.sha())));
        Publication published = new GitLabPublishing(env.clock(), sleeper).forAction(gl, options.out).publish(result);
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

    /** The run record's trigger for a GitHub event name. */
    static String trigger(String eventName) {
        return switch (eventName) {
            case "pull_request", "pull_request_target" -> "pr";
            case "push" -> "push";
            case "schedule" -> "schedule";
            case "workflow_dispatch" -> "manual";
            default -> "other";
        };
    }

    /** Masks every secret this step reads before anything else reaches the log. */
    private void maskSecrets(GitHubContext gh, Settings settings, PrintWriter out) {
        Set<String> secrets = new LinkedHashSet<>();
        gh.token().ifPresent(secrets::add);
        String keyEnv = settings.model().apiKeyEnv();
        if (!keyEnv.isBlank()) {
            env.host().get(keyEnv).ifPresent(secrets::add);
        }
        KEY_VARIABLES.forEach(v -> env.host().get(v).ifPresent(secrets::add));
        secrets.stream().filter(s -> !s.isBlank()).forEach(s -> out.println(WorkflowCommands.mask(s)));
        out.flush();
    }

    private static void annotate(RunResult result, PrintWriter out) {
        List<Location> locations = result.localization().map(l -> l.locations()).orElse(List.of());
        for (Location l : locations.subList(0, Math.min(MAX_ANNOTATIONS, locations.size()))) {
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
                    case NOT_FIXED, BUILD_BROKEN, STAGE_FAILED, ERROR, CANCELLED -> true;
                    case TESTS_PASS, FIXED, FLAKY_ONLY -> false;
                };
                case FAILURES -> status != RunStatus.TESTS_PASS;
            };
            return fail ? ExitCodes.NOT_FIXED : ExitCodes.OK;
        }
    }
}
