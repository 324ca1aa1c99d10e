package dev.repofix.cli;

import dev.repofix.app.Environment;
import dev.repofix.app.Sandboxes;
import dev.repofix.build.BuildDetector;
import dev.repofix.build.BuildException;
import dev.repofix.build.BuildSystem;
import dev.repofix.config.ConfigKey;
import dev.repofix.config.ResolvedConfig;
import dev.repofix.config.Settings;
import dev.repofix.config.UrlCredentials;
import dev.repofix.workspace.Workspaces;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code repofix config}: the settings a run would use, where each came from, secrets masked. */
@Command(name = "config", mixinStandardHelpOptions = true,
        description = {"Prints the settings a run would use and where each comes from.",
                "Sources: a flag, INPUT_*, REPOFIX_*, .repofix.yml, detected from the repository, or the "
                        + "default. Also names the keys the repository's .repofix.yml set but may not (those are "
                        + "ignored). API keys are never printed: only the variable's name and whether it is set."})
final class ConfigCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RunOptions options = new RunOptions();

    private final Environment env;

    ConfigCommand(Environment env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        ResolvedConfig c = options.resolve(env.host(), Optional.empty());
        Settings settings = Settings.of(c); // checks every value, so a bad one is reported here too
        options.config(settings, env.host());
        Sandboxes.settings(settings.sandbox(), env.host(), "check");
        PrintWriter out = spec.commandLine().getOut();
        for (Map.Entry<ConfigKey, ResolvedConfig.Value> e : c.all().entrySet()) {
            ResolvedConfig.Value value = e.getKey() == ConfigKey.TEST_COMMAND && e.getValue().value().isBlank()
                    ? detectedTestCommand(e.getValue()) : e.getValue();
            out.printf("%-18s %-40s (%s)%n", e.getKey().key(), shown(value.value()), source(c, e.getKey(), value));
        }
        String keyVar = settings.model().apiKeyVariable();
        if (!keyVar.isEmpty()) {
            out.printf("%-18s %-40s%n", "api key", keyVar + (env.host().get(keyVar).isPresent()
                    ? " is set (value hidden)" : " is NOT set"));
        }
        out.flush();
        return ExitCodes.OK;
    }

    /**
     * The test command a run would use when none is set: the detected build's, and from what it was
     * detected, for a local --repo; what was set (nothing) otherwise, with why none is shown.
     */
    private ResolvedConfig.Value detectedTestCommand(ResolvedConfig.Value unset) {
        if (Workspaces.isUrl(options.repo) || !Files.isDirectory(Path.of(options.repo))) {
            return new ResolvedConfig.Value(unset.value(), unset.source() + "; detected from the clone when a run "
                    + "starts");
        }
        Path root = Path.of(options.repo).toAbsolutePath().normalize();
        BuildDetector detector = new BuildDetector();
        try {
            BuildSystem build = detector.detect(root, Optional.empty());
            return new ResolvedConfig.Value(build.testCommand(root, null).shell(), "detected: "
                    + detector.evidence(root) + (options.ref == null ? "" : "; in the working tree, not --ref"));
        } catch (BuildException e) {
            return new ResolvedConfig.Value(unset.value(), unset.source() + "; none detected: " + e.getMessage());
        }
    }

    /** Where the value came from; for a key the repository's file set but may not, that it was refused. */
    private static String source(ResolvedConfig c, ConfigKey key, ResolvedConfig.Value value) {
        return c.refused().stream().filter(r -> r.key() == key).findFirst()
                .map(r -> value.source() + "; refused from " + r.file() + ": only the operator may set it")
                .orElse(value.source());
    }

    /** Credentials in a URL (user:secret@host) are masked; nothing else here is secret. */
    static String shown(String value) {
        String v = UrlCredentials.masked(value);
        return v.isEmpty() ? "-" : v;
    }
}
