package dev.repofix.app;

import dev.repofix.config.GitHubContext;
import dev.repofix.config.GitLabContext;
import dev.repofix.config.RunConfig;
import dev.repofix.config.Settings;
import dev.repofix.exec.Executor;
import dev.repofix.model.Sleeper;
import dev.repofix.pipeline.ProgressListener;
import dev.repofix.pipeline.RepairPipeline;
import dev.repofix.pipeline.RunOrigin;
import dev.repofix.pipeline.RunResult;
import dev.repofix.report.GitHubMode;
import dev.repofix.report.GitHubPublishing;
import dev.repofix.report.GitLabPublishing;
import dev.repofix.report.Publication;
import dev.repofix.stage.Location;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The CI flows of {@code repofix action}: which flow an environment asks for, one run like
 * {@code repofix fix} on the checkout with the origin the event gives it, and the hand-over of
 * the result to the GitHub or GitLab publishers. The command reads the inputs and prints.
 */
public final class ActionRun {
    /** Annotations on the suspected lines, at most. */
    public static final int MAX_ANNOTATIONS = 10;
    /** Variables whose values are masked in the log when set, besides the one api-key-env names. */
    private static final List<String> KEY_VARIABLES = List.of("OPENAI_API_KEY", "ANTHROPIC_API_KEY",
            "AZURE_OPENAI_API_KEY");

    private final Environment env;
    private final Sleeper sleeper;

    public ActionRun(Environment env, Sleeper sleeper) {
        this.env = env;
        this.sleeper = sleeper;
    }

    /** Whether this is a GitLab CI job (and not a GitHub one): the GitLab flow runs. */
    public boolean onGitLab() {
        return !GitHubContext.present(env.host()) && GitLabContext.present(env.host());
    }

    /** The reports folder: {@code given} when absolute, else under the checkout ({@code repofix-out} by default). */
    public static Path reportDir(Path checkout, Path given) {
        if (given != null && given.isAbsolute()) {
            return given;
        }
        return checkout.resolve(given == null ? Path.of("repofix-out") : given);
    }

    /** Every secret this step reads, to be masked before anything else reaches the log. */
    public Set<String> secrets(GitHubContext gh, Settings settings) {
        Set<String> secrets = new LinkedHashSet<>();
        gh.token().ifPresent(secrets::add);
        String keyEnv = settings.model().apiKeyEnv();
        if (!keyEnv.isBlank()) {
            env.host().get(keyEnv).ifPresent(secrets::add);
        }
        KEY_VARIABLES.forEach(v -> env.host().get(v).ifPresent(secrets::add));
        secrets.removeIf(String::isBlank);
        return secrets;
    }

    /** One run like {@code repofix fix} on a GitHub checkout, with the event's origin. */
    public RunResult run(Settings settings, RunConfig config, GitHubContext gh, PrintWriter err,
            ProgressListener progress) {
        return run(settings, config, err, progress).withOrigin(new RunOrigin(trigger(gh.eventName()),
                Optional.of(gh.repository()),
                gh.pullRequest().isPresent() ? Optional.of(gh.pullRequest().getAsInt()) : Optional.empty(),
                Optional.of(gh.sha())));
    }

    /** One run like {@code repofix fix} on a GitLab checkout, with the merge request's origin. */
    public RunResult run(Settings settings, RunConfig config, GitLabContext gl, PrintWriter err,
            ProgressListener progress) {
        return run(settings, config, err, progress).withOrigin(new RunOrigin(
                gl.mergeRequestIid().isPresent() ? "pr" : "other", Optional.of(gl.projectId()),
                gl.mergeRequestIid().isPresent() ? Optional.of(gl.mergeRequestIid().getAsInt()) : Optional.empty(),
                Optional.of(gl.sha())));
    }

    private RunResult run(Settings settings, RunConfig config, PrintWriter err, ProgressListener progress) {
        CompositionRoot root = new CompositionRoot(settings, env);
        try (Executor executor = root.executor(err)) {
            RepairPipeline pipeline = root.pipeline(executor, root.engine(executor), progress);
            return pipeline.run(config);
        }
    }

    /** The reports, step outputs, job summary and what {@code mode} posts to the pull request. */
    public Publication publish(GitHubContext gh, Path reportDir, GitHubMode mode, RunResult result) {
        return new GitHubPublishing(env.clock(), sleeper).forAction(gh, reportDir, mode).publish(result);
    }

    /** The reports (with the Code Quality file) and one merge-request note. */
    public Publication publish(GitLabContext gl, Path reportDir, RunResult result) {
        return new GitLabPublishing(env.clock(), sleeper).forAction(gl, reportDir).publish(result);
    }

    /** The suspected lines to annotate: the localization's first {@link #MAX_ANNOTATIONS}. */
    public static List<Location> annotations(RunResult result) {
        List<Location> locations = result.localization().map(l -> l.locations()).orElse(List.of());
        return locations.subList(0, Math.min(MAX_ANNOTATIONS, locations.size()));
    }

    /** The run record's trigger for a GitHub event name. */
    public static String trigger(String eventName) {
        return switch (eventName) {
            case "pull_request", "pull_request_target" -> "pr";
            case "push" -> "push";
            case "schedule" -> "schedule";
            case "workflow_dispatch" -> "manual";
            default -> "other";
        };
    }
}
